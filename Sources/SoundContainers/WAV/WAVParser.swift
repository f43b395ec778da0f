/// Reads the header of a RIFF, RIFX, RF64 or BW64 WAVE file (formats.md §2).
enum WAVParser {
    /// Data sizes that streaming writers leave in place of the real one.
    private static let placeholderSizes: Set<UInt64> = [0, 0xFFFF_FFFF, 0x7FFF_F000]

    static func parse(_ reader: HeaderReader) throws(ParseError) -> AudioDescription {
        let header = try reader.bytes(at: 0, length: 12, context: "the RIFF header")
        let magic = header.fourCC(0)
        let bigEndian = magic == "RIFX"
        let is64 = magic == "RF64" || magic == "BW64"
        let riffSize = UInt64(header.u32(4, bigEndian: bigEndian))
        var notes: [String] = bigEndian ? ["RIFX: a big-endian WAV file"] : []

        let sizes64 = is64 ? try readDS64(reader) : nil
        let declaredSize = sizes64?.riff ?? riffSize
        let (end, overflow) = declaredSize.addingReportingOverflow(8)
        let isPlaceholderSize = placeholderSizes.contains(declaredSize)
        if isPlaceholderSize {
            notes.append("the RIFF size is 0x\(String(declaredSize, radix: 16, uppercase: true)), a streaming placeholder")
        }
        let declaredEnd = isPlaceholderSize || overflow ? reader.count : end
        var outerNotes = OuterSizeNotes(outer: is64 ? "\(magic)" : "RIFF", declaredEnd: declaredEnd, fileLength: reader.count)

        let layout = ChunkLayout(headerSize: 8, padsOddSizes: true) { fields in
            let size = UInt64(fields.u32(4, bigEndian: bigEndian))
            if let sizes64, size == 0xFFFF_FFFF, fields.fourCC(0) == "data" { return sizes64.data }
            return size
        }
        var format: WAVFormatChunk?
        var data: Chunk?
        var factFrames: UInt32?
        try walkChunks(reader, from: 12, declaredEnd: declaredEnd, layout: layout) { chunk throws(ParseError) in
            // Past the declared end, only what is still missing is looked for.
            if chunk.isPastDeclaredEnd, format != nil, data != nil { return false }
            switch chunk.id {
            case "fmt " where format == nil:
                format = try WAVFormatChunk(chunk, reader: reader, bigEndian: bigEndian)
                outerNotes.use(chunk)
            case "fact" where factFrames == nil && (chunk.declaredSize ?? 0) >= 4:
                factFrames = try reader.contents(of: chunk, length: 4, context: "the fact chunk").u32(0, bigEndian: bigEndian)
            case "data" where data == nil:
                data = chunk
                outerNotes.use(chunk)
                if !is64, placeholderSizes.contains(chunk.declaredSize ?? 0) { return false }
            default:
                break
            }
            guard let format, data != nil else { return true }
            // Only compressed encodings need the fact chunk's frame count; stop reading otherwise.
            return ![0x0001, 0x0003, 0x0006, 0x0007].contains(format.tag) && factFrames == nil
        }
        guard let format else { throw .missingChunk("fmt ") }
        guard let data else { throw .missingChunk("data") }
        notes += outerNotes.notes

        let encoding = try format.encoding(bigEndian: bigEndian)
        let declared = data.declaredSize ?? 0
        var problem: DataSizeProblem?
        var audioEnd = data.availableEnd
        let isPlaceholder = !is64 && placeholderSizes.contains(declared) && (declared != 0 || data.bytesToEndOfFile > 0)
        if isPlaceholder {
            problem = .placeholder(declared: Int64(declared))
            audioEnd = reader.count
        } else if data.isCutShort {
            problem = .runsPastEnd(declared: declared, present: data.availableSize)
        }
        let bytes = Int64(audioEnd - data.dataOffset)
        var frames = format.frames(inDataBytes: bytes, encoding: encoding)
        // A compressed encoding's `fact` chunk gives the length when it trims the padding of the
        // last block; one that disagrees with the data by a block or more is a writer's mistake
        // (a stereo file's count divided by the channels twice, say), and the data wins.
        if case .other = encoding, let fact = factFrames.map(Int64.init) {
            if let fromData = frames {
                let block = format.framesPerBlock(encoding: encoding) ?? fromData + 1
                if fact <= fromData, fromData - fact < block {
                    frames = fact
                } else {
                    notes.append("the fact chunk says \(fact) frames but the data holds \(fromData); the data's length is used")
                }
            } else {
                frames = fact
            }
        }
        if let count = sizes64?.sampleCount, count > 0, let known = frames, count != known {
            notes.append("ds64 declares \(count) frames; the data holds \(known)")
        }
        var packets: PacketLayout?
        if case .other = encoding {
            packets = PacketLayout(
                bytesPerPacket: format.blockAlign, framesPerPacket: format.samplesPerBlock ?? 0,
                packetCount: bytes / Int64(format.blockAlign))
        }
        return AudioDescription(
            container: is64 ? .rf64 : .wav, encoding: encoding, sampleRate: format.sampleRate, channels: format.channels,
            bitsPerChannel: format.bitsPerSample, frameCount: frames, dataRange: data.dataOffset..<audioEnd,
            packets: packets, dataSizeProblem: problem, notes: notes)
    }

    /// The 64-bit sizes of an RF64/BW64 file, from its `ds64` chunk, which must come first.
    private static func readDS64(_ reader: HeaderReader) throws(ParseError) -> (riff: UInt64, data: UInt64, sampleCount: UInt64) {
        let fields = try reader.bytes(at: 12, length: 32, context: "the ds64 chunk")
        guard fields.fourCC(0) == "ds64", fields.u32le(4) >= 24 else { throw .missingChunk("ds64") }
        return (fields.u64le(8), fields.u64le(16), fields.u64le(24))
    }
}
