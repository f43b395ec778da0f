/// Reads the header of an AIFF or AIFF-C file (formats.md §1). Header fields are big-endian.
enum AIFFParser {
    private static let layout = ChunkLayout(headerSize: 8, padsOddSizes: true) { UInt64($0.u32be(4)) }

    /// The fields of a `COMM` chunk that matter.
    private struct Common {
        var offset: UInt64
        var channels: Int
        var sampleFrames: UInt32
        var sampleSize: Int
        var sampleRate: Double
        var compression: FourCC
    }

    static func parse(_ reader: HeaderReader) throws(ParseError) -> AudioDescription {
        let header = try reader.bytes(at: 0, length: 12, context: "the FORM header")
        let isCompressed = header.fourCC(8) == "AIFC"
        let formSize = UInt64(header.u32be(4))
        var notes: [String] = []
        if formSize < 4 {
            notes.append("the FORM size is \(formSize), a streaming placeholder; chunks read to the end of the file")
        }
        let declaredEnd = formSize < 4 ? reader.count : formSize + 8
        var outerNotes = OuterSizeNotes(outer: "FORM", declaredEnd: declaredEnd, fileLength: reader.count)

        var common: Common?
        var sound: Chunk?
        try walkChunks(reader, from: 12, declaredEnd: declaredEnd, layout: layout) { chunk throws(ParseError) in
            switch chunk.id {
            case "COMM" where common == nil:
                common = try parseCommon(chunk, reader: reader, isCompressed: isCompressed, notes: &notes)
                outerNotes.use(chunk)
            case "SSND" where sound == nil:
                sound = chunk
                outerNotes.use(chunk)
                if chunk.declaredSize == 0 { return false }  // a placeholder: the audio runs to the end
            default:
                break
            }
            return common == nil || sound == nil
        }
        guard let common else { throw .missingChunk("COMM") }
        guard let sound else { throw .missingChunk("SSND") }
        notes += outerNotes.notes
        return try describe(common: common, sound: sound, reader: reader, container: isCompressed ? .aifc : .aiff, notes: notes)
    }

    private static func parseCommon(
        _ chunk: Chunk, reader: HeaderReader, isCompressed: Bool, notes: inout [String]
    ) throws(ParseError) -> Common {
        let declared = chunk.declaredSize ?? 0
        guard declared >= 18 else {
            throw .malformedChunk("COMM", offset: chunk.headerOffset, reason: "size \(declared) is under the 18 bytes it must hold")
        }
        let length = isCompressed && declared >= 22 ? 22 : 18
        let fields = try reader.contents(of: chunk, length: length, context: "the COMM chunk")
        let channels = Int(Int16(bitPattern: fields.u16be(0)))
        let rate = decodeExtendedFloat(fields, at: 8)
        let sampleRate = try checkStreamBasics(rate: rate, channels: channels, chunk: "COMM", offset: chunk.headerOffset)
        var compression: FourCC = "NONE"
        if length == 22 {
            compression = fields.fourCC(18)
        } else if isCompressed {
            notes.append("the AIFF-C COMM chunk has no compression type; read as uncompressed")
        }
        return Common(
            offset: chunk.headerOffset, channels: channels, sampleFrames: fields.u32be(2),
            sampleSize: Int(Int16(bitPattern: fields.u16be(6))), sampleRate: sampleRate, compression: compression)
    }

    private static func encoding(of common: Common) throws(ParseError) -> AudioEncoding {
        let size = common.sampleSize
        func pcm(bigEndian: Bool, signed: Bool = true) throws(ParseError) -> AudioEncoding {
            guard (1...32).contains(size) else {
                throw .malformedChunk("COMM", offset: common.offset, reason: "sample size \(size) bits is impossible for Linear PCM")
            }
            return .linearPCM(LinearPCMFormat(bits: size, isBigEndian: bigEndian, isSigned: signed))
        }
        switch common.compression {
        case "NONE", "twos": return try pcm(bigEndian: true)
        case "sowt": return try pcm(bigEndian: false)
        case "in24": return .linearPCM(LinearPCMFormat(bits: 24, isBigEndian: true))
        case "in32": return .linearPCM(LinearPCMFormat(bits: 32, isBigEndian: true))
        case "raw ": return .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: true, isSigned: false))
        case "fl32", "FL32": return .linearPCM(LinearPCMFormat(bits: 32, isFloat: true, isBigEndian: true))
        case "fl64", "FL64": return .linearPCM(LinearPCMFormat(bits: 64, isFloat: true, isBigEndian: true))
        case "ulaw", "ULAW": return .muLaw
        case "alaw", "ALAW": return .aLaw
        case "ima4": return .ima4
        case "MAC3": return RefusedCodec.mace3.encoding
        case "MAC6": return RefusedCodec.mace6.encoding
        case "GSM ": return RefusedCodec.gsm.encoding
        case "Qclp": return RefusedCodec.qcelp.encoding
        case "QDMC", "QDM2": return RefusedCodec.qdesign.encoding
        default: return .other("aifc-'\(common.compression)'")
        }
    }

    private static func describe(
        common: Common, sound: Chunk, reader: HeaderReader, container: AudioContainer, notes: [String]
    ) throws(ParseError) -> AudioDescription {
        var notes = notes
        let encoding = try encoding(of: common)
        let declared = sound.declaredSize ?? 0
        guard declared == 0 || declared >= 8 else {
            throw .malformedChunk(
                "SSND", offset: sound.headerOffset, reason: "size \(declared) is under the 8 bytes of its offset and block size")
        }
        let fields = try reader.contents(of: sound, length: 8, context: "the SSND chunk")
        let skip = UInt64(fields.u32be(0))
        let audioStart = sound.dataOffset + 8 + min(skip, sound.bytesToEndOfFile - 8)
        var problem: DataSizeProblem?
        var audioEnd = max(audioStart, sound.availableEnd)
        if declared == 0 {
            problem = .placeholder(declared: 0)
            audioEnd = reader.count
        } else if sound.isCutShort {
            problem = .runsPastEnd(declared: declared - 8 - min(skip, declared - 8), present: audioEnd - audioStart)
        }
        let bytes = Int64(audioEnd - audioStart)
        let channels = Int64(common.channels)
        let declaredFrames = Int64(common.sampleFrames)
        var frames: Int64?
        var packets: PacketLayout?
        switch encoding {
        case .linearPCM(let format):
            let present = bytes / (channels * Int64(format.bytesPerSample))
            frames = declaredFrames == 0 || problem != nil ? present : min(declaredFrames, present)
            if declaredFrames > present, problem == nil {
                notes.append("COMM declares \(declaredFrames) frames but SSND holds \(present)")
            }
        case .muLaw, .aLaw:
            let present = bytes / channels
            frames = present
            if common.sampleSize != 8 { notes.append("COMM says \(common.sampleSize)-bit samples; G.711 stores 8 bits per sample") }
            if declaredFrames != present, problem == nil {
                notes.append("COMM declares \(declaredFrames) frames but SSND holds \(present)")
            }
        case .ima4:
            let count = bytes / (34 * channels)
            frames = count * 64
            packets = PacketLayout(bytesPerPacket: 34 * common.channels, framesPerPacket: 64, packetCount: count)
            if declaredFrames != count, problem == nil {
                let halved = common.channels == 2 && declaredFrames == count / 2
                notes.append(
                    "COMM declares \(declaredFrames) packets but SSND holds \(count)"
                        + (halved ? " (libsndfile halves the count in stereo files)" : ""))
            }
        case .other:
            frames = declaredFrames > 0 ? declaredFrames : nil
        }
        return AudioDescription(
            container: container, encoding: encoding, sampleRate: common.sampleRate, channels: common.channels,
            bitsPerChannel: common.sampleSize, frameCount: frames, dataRange: audioStart..<audioEnd,
            packets: packets, dataSizeProblem: problem, notes: notes)
    }
}
