/// The contents of CAF's `desc` chunk (formats.md §3): the stream's basic description.
struct CAFDescriptionChunk {
    var offset: UInt64
    var sampleRate: Double
    var formatID: FourCC
    var flags: UInt32
    var bytesPerPacket: Int
    var framesPerPacket: Int
    var channels: Int
    var bitsPerChannel: Int

    init(_ chunk: Chunk, reader: HeaderReader) throws(ParseError) {
        guard chunk.id == "desc" else {
            throw .malformedChunk(
                "\(chunk.id)", offset: chunk.headerOffset, reason: "the first chunk must be 'desc', not '\(chunk.id)'")
        }
        guard let declared = chunk.declaredSize, declared >= 32 else {
            throw .malformedChunk("desc", offset: chunk.headerOffset, reason: "its size must be 32 bytes")
        }
        let fields = try reader.contents(of: chunk, length: 32, context: "the desc chunk")
        offset = chunk.headerOffset
        formatID = fields.fourCC(8)
        flags = fields.u32be(12)
        bytesPerPacket = Int(fields.u32be(16))
        framesPerPacket = Int(fields.u32be(20))
        let channelCount = fields.u32be(24)
        channels = Int(min(channelCount, UInt32(Int32.max)))
        bitsPerChannel = Int(fields.u32be(28))
        sampleRate = try checkStreamBasics(
            rate: Double(bitPattern: fields.u64be(0)), channels: channels, chunk: "desc", offset: offset)
    }

    /// The encoding, with the packet sizes checked where the format fixes them.
    func encoding() throws(ParseError) -> AudioEncoding {
        switch formatID {
        case "lpcm":
            let isFloat = flags & 1 != 0
            let slot = bytesPerPacket / channels
            let validWidths: Set<Int> = isFloat ? [4, 8] : [1, 2, 3, 4]
            guard framesPerPacket == 1, bytesPerPacket % channels == 0, validWidths.contains(slot),
                (1...(slot * 8)).contains(bitsPerChannel)
            else {
                throw malformed(
                    "Linear PCM with \(bytesPerPacket) bytes and \(framesPerPacket) frames per packet, "
                        + "\(bitsPerChannel) bits and \(channels) channels is impossible")
            }
            let format = LinearPCMFormat(
                bits: bitsPerChannel, bytesPerSample: slot, isFloat: isFloat, isBigEndian: flags & 2 == 0)
            return .linearPCM(format)
        case "ima4":
            guard bytesPerPacket == 34 * channels, framesPerPacket == 64 else {
                throw malformed("IMA4 needs 34 bytes per channel and 64 frames per packet, not \(bytesPerPacket) and \(framesPerPacket)")
            }
            return .ima4
        case "ulaw", "alaw":
            guard bytesPerPacket == channels, framesPerPacket == 1 else {
                throw malformed("G.711 needs one byte per channel and one frame per packet, not \(bytesPerPacket) and \(framesPerPacket)")
            }
            return formatID == "ulaw" ? .muLaw : .aLaw
        case "aac ": return RefusedCodec.aac.encoding
        case "aach", "aacp": return RefusedCodec.heAAC.encoding
        case "aacl": return RefusedCodec.aacLD.encoding
        case "aace", "aacf", "aacg": return RefusedCodec.aacELD.encoding
        case "alac": return RefusedCodec.alac.encoding
        case ".mp1": return RefusedCodec.mp1.encoding
        case ".mp2": return RefusedCodec.mp2.encoding
        case ".mp3": return RefusedCodec.mp3.encoding
        case "ac-3": return RefusedCodec.ac3.encoding
        case "ec-3": return RefusedCodec.eac3.encoding
        case "samr", "sawb": return RefusedCodec.amr.encoding
        case "ilbc": return RefusedCodec.ilbc.encoding
        case "agsm": return RefusedCodec.gsm.encoding
        case "MAC3": return RefusedCodec.mace3.encoding
        case "MAC6": return RefusedCodec.mace6.encoding
        case "QDMC", "QDM2": return RefusedCodec.qdesign.encoding
        case "Qclp": return RefusedCodec.qcelp.encoding
        case "opus": return RefusedCodec.opus.encoding
        case "flac": return RefusedCodec.flac.encoding
        default:
            switch formatID.value {
            case 0x6D73_0011: return RefusedCodec.dviADPCM.encoding
            case 0x6D73_0002: return RefusedCodec.msADPCM.encoding
            default: return .other("caf-'\(formatID)'")
            }
        }
    }

    private func malformed(_ reason: String) -> ParseError {
        .malformedChunk("desc", offset: offset, reason: reason)
    }
}
