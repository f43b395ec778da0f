/// Reads the header of a Core Audio Format file (formats.md §3). Everything is big-endian and
/// chunks are never padded.
enum CAFParser {
    private static let layout = ChunkLayout(headerSize: 12, padsOddSizes: false) { fields in
        let size = Int64(bitPattern: fields.u64be(4))
        return size == -1 ? nil : UInt64(bitPattern: size)
    }

    static func parse(_ reader: HeaderReader) throws(ParseError) -> AudioDescription {
        let header = try reader.bytes(at: 0, length: 8, context: "the CAF file header")
        let version = header.u16be(4)
        guard version == 1 else {
            throw .malformedChunk("caff", offset: 0, reason: "file version \(version) is not 1")
        }
        var description: CAFDescriptionChunk?
        var data: Chunk?
        var packetTable: PacketTableSummary?
        var packetTableChunk: Chunk?
        var needsPacketTable = true
        try walkChunks(reader, from: 8, declaredEnd: reader.count, layout: layout) { chunk throws(ParseError) in
            guard let desc = description else {
                description = try CAFDescriptionChunk(chunk, reader: reader)
                needsPacketTable = description.map { $0.bytesPerPacket == 0 || $0.framesPerPacket != 1 } ?? true
                return true
            }
            if let size = chunk.declaredSize, size > UInt64(Int64.max) {
                throw .malformedChunk("\(chunk.id)", offset: chunk.headerOffset, reason: "negative size \(Int64(bitPattern: size))")
            }
            switch chunk.id {
            case "data" where data == nil:
                guard chunk.declaredSize.map({ $0 >= 4 }) ?? (chunk.bytesToEndOfFile >= 4) else {
                    throw .malformedChunk("data", offset: chunk.headerOffset, reason: "it is too short for its edit count")
                }
                data = chunk
                if chunk.declaredSize == nil { return false }  // size -1: the audio runs to the end of the file
            case "pakt" where packetTable == nil:
                packetTable = try parsePacketTable(chunk, reader: reader, description: desc)
                packetTableChunk = chunk
            case "data", "desc":
                throw .malformedChunk("\(chunk.id)", offset: chunk.headerOffset, reason: "a second '\(chunk.id)' chunk")
            default:
                guard chunk.declaredSize != nil else {
                    throw .malformedChunk("\(chunk.id)", offset: chunk.headerOffset, reason: "size -1 is allowed only for the data chunk")
                }
            }
            return data == nil || (needsPacketTable && packetTable == nil)
        }
        guard let description else { throw .missingChunk("desc") }
        guard let data else { throw .missingChunk("data") }
        return try describe(description, data: data, packetTable: packetTable, packetTableChunk: packetTableChunk, reader: reader)
    }

    private static func parsePacketTable(
        _ chunk: Chunk, reader: HeaderReader, description: CAFDescriptionChunk
    ) throws(ParseError) -> PacketTableSummary {
        guard let declared = chunk.declaredSize, declared >= 24 else {
            throw .malformedChunk("pakt", offset: chunk.headerOffset, reason: "its size must be at least 24 bytes")
        }
        let fields = try reader.contents(of: chunk, length: 24, context: "the pakt chunk")
        let table = PacketTableSummary(
            packetCount: Int64(bitPattern: fields.u64be(0)), validFrames: Int64(bitPattern: fields.u64be(8)),
            primingFrames: Int32(bitPattern: fields.u32be(16)), remainderFrames: Int32(bitPattern: fields.u32be(20)))
        guard table.packetCount >= 0, table.validFrames >= 0, table.primingFrames >= 0, table.remainderFrames >= 0 else {
            throw .malformedChunk("pakt", offset: chunk.headerOffset, reason: "negative packet or frame counts")
        }
        return table
    }

    private static func describe(
        _ desc: CAFDescriptionChunk, data: Chunk, packetTable: PacketTableSummary?, packetTableChunk: Chunk?, reader: HeaderReader
    ) throws(ParseError) -> AudioDescription {
        let encoding = try desc.encoding()
        var notes: [String] = []
        var problem: DataSizeProblem?
        guard data.bytesToEndOfFile >= 4 else {
            throw .truncated(at: reader.count, context: "the data chunk's edit count")
        }
        let audioStart = data.dataOffset + 4
        let audioEnd = max(audioStart, data.availableEnd)
        if data.declaredSize == nil {
            notes.append("the data size is -1: the audio runs to the end of the file")
        } else if data.isCutShort, let declared = data.declaredSize {
            problem = .runsPastEnd(declared: declared - 4, present: audioEnd - audioStart)
        }
        let bytes = Int64(audioEnd - audioStart)
        var frames: Int64?
        var packetCount: Int64?
        if desc.bytesPerPacket > 0 {
            packetCount = bytes / Int64(desc.bytesPerPacket)
        } else if let table = packetTable, table.packetCount > 0 {
            packetCount = table.packetCount
        }
        let framesInPackets = packetCount.flatMap { count -> Int64? in
            guard desc.framesPerPacket > 0 else { return nil }
            let (frames, overflow) = count.multipliedReportingOverflow(by: Int64(desc.framesPerPacket))
            return overflow ? nil : frames  // a packet count no real file has: the frame count is unknown
        }
        if let table = packetTable, table.validFrames > 0 {
            frames = table.validFrames
            if let present = framesInPackets, desc.bytesPerPacket > 0, present < table.validFrames {
                frames = present
                notes.append("pakt declares \(table.validFrames) valid frames but the data holds \(present)")
            } else if desc.formatID == "alac", let tableChunk = packetTableChunk,
                let decoded = ALACPacketLength.frames(
                    table: table, tableOffset: tableChunk.dataOffset + 24, tableBytes: Int(min(tableChunk.availableSize, 1 << 30)) - 24,
                    framesPerPacket: desc.framesPerPacket, audioStart: audioStart, audioEnd: audioEnd, reader: reader),
                decoded < table.validFrames
            {
                frames = decoded
                notes.append("pakt declares \(table.validFrames) valid frames but the packets hold \(decoded)")
            }
        } else {
            frames = framesInPackets
        }
        var packets: PacketLayout?
        if desc.framesPerPacket != 1 || desc.bytesPerPacket == 0 {
            packets = PacketLayout(
                bytesPerPacket: desc.bytesPerPacket, framesPerPacket: desc.framesPerPacket, packetCount: packetCount)
        }
        return AudioDescription(
            container: .caf, encoding: encoding, sampleRate: desc.sampleRate, channels: desc.channels,
            bitsPerChannel: desc.bitsPerChannel, frameCount: frames, dataRange: audioStart..<audioEnd, packets: packets,
            packetTable: packetTable, dataSizeProblem: problem, notes: notes)
    }
}
