/// The contents of a WAV `fmt ` chunk, with WAVE_FORMAT_EXTENSIBLE resolved to its real tag.
struct WAVFormatChunk {
    /// The GUID tail every standard EXTENSIBLE sub-format shares after its 4-byte tag.
    private static let standardGUIDTail: [UInt8] = [0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    var offset: UInt64
    /// The format tag (1 PCM, 3 float, 6 A-law, 7 µ-law, …), the EXTENSIBLE sub-format's when present.
    var tag: UInt16
    var isExtensible: Bool
    var channels: Int
    var sampleRate: Double
    var blockAlign: Int
    var bitsPerSample: Int
    /// Valid bits from EXTENSIBLE (e.g. 24 in 32-bit slots), when given.
    var validBits: Int?
    /// Frames per ADPCM block, from the extension or computed.
    var samplesPerBlock: Int?

    init(_ chunk: Chunk, reader: HeaderReader, bigEndian: Bool) throws(ParseError) {
        let declared = chunk.declaredSize ?? 0
        guard declared >= 16 else {
            throw .malformedChunk("fmt ", offset: chunk.headerOffset, reason: "size \(declared) is under the 16 bytes it must hold")
        }
        let length = Int(min(declared, 40))
        let fields = try reader.contents(of: chunk, length: length, context: "the fmt chunk")
        offset = chunk.headerOffset
        tag = fields.u16(0, bigEndian: bigEndian)
        channels = Int(fields.u16(2, bigEndian: bigEndian))
        sampleRate = try checkStreamBasics(
            rate: Double(fields.u32(4, bigEndian: bigEndian)), channels: channels, chunk: "fmt ", offset: offset)
        blockAlign = Int(fields.u16(12, bigEndian: bigEndian))
        bitsPerSample = Int(fields.u16(14, bigEndian: bigEndian))
        isExtensible = tag == 0xFFFE
        guard blockAlign > 0 else {
            throw .malformedChunk("fmt ", offset: offset, reason: "block align 0 is impossible")
        }
        if isExtensible {
            guard length >= 40 else {
                throw .malformedChunk("fmt ", offset: offset, reason: "WAVE_FORMAT_EXTENSIBLE needs 40 bytes, the chunk has \(declared)")
            }
            guard fields.range(28, 40).elementsEqual(Self.standardGUIDTail) else {
                throw .malformedChunk("fmt ", offset: offset, reason: "unknown WAVE_FORMAT_EXTENSIBLE sub-format GUID")
            }
            tag = UInt16(truncatingIfNeeded: fields.u32(24, bigEndian: bigEndian))
            let valid = Int(fields.u16(18, bigEndian: bigEndian))
            validBits = valid > 0 && valid < bitsPerSample ? valid : nil
        } else if length >= 20, tag == 0x11 || tag == 0x02 {
            samplesPerBlock = Int(fields.u16(18, bigEndian: bigEndian))
        }
    }

    /// The encoding the tag names; Linear PCM gets its layout checked against the block size.
    func encoding(bigEndian: Bool) throws(ParseError) -> AudioEncoding {
        switch tag {
        case 0x0001:
            let slot = blockAlign / channels
            guard (1...32).contains(bitsPerSample), blockAlign % channels == 0, slot * 8 >= bitsPerSample, slot <= 4 else {
                throw .malformedChunk(
                    "fmt ", offset: offset,
                    reason: "\(bitsPerSample)-bit PCM cannot fill \(blockAlign)-byte blocks of \(channels) channels")
            }
            let bits = validBits ?? bitsPerSample
            return .linearPCM(LinearPCMFormat(bits: bits, bytesPerSample: slot, isBigEndian: bigEndian, isSigned: slot > 1))
        case 0x0003:
            guard bitsPerSample == 32 || bitsPerSample == 64, blockAlign == channels * bitsPerSample / 8 else {
                throw .malformedChunk("fmt ", offset: offset, reason: "\(bitsPerSample)-bit float is impossible")
            }
            return .linearPCM(LinearPCMFormat(bits: bitsPerSample, isFloat: true, isBigEndian: bigEndian))
        case 0x0006: return .aLaw
        case 0x0007: return .muLaw
        case 0x0002: return RefusedCodec.msADPCM.encoding
        case 0x0011: return RefusedCodec.dviADPCM.encoding
        case 0x0031: return RefusedCodec.gsm.encoding
        case 0x0050: return RefusedCodec.mpeg.encoding
        case 0x0055: return RefusedCodec.mp3.encoding
        case 0x00FF, 0x1610: return RefusedCodec.aac.encoding
        default:
            let digits = String(tag, radix: 16, uppercase: true)
            return .other("wav-format-0x" + String(repeating: "0", count: 4 - digits.count) + digits)
        }
    }

    /// Frames in `bytes` of audio data, from the block structure of the encoding.
    func frames(inDataBytes bytes: Int64, encoding: AudioEncoding) -> Int64? {
        let align = Int64(blockAlign)
        let channels = Int64(channels)
        switch encoding {
        case .linearPCM, .muLaw, .aLaw:
            return bytes / align
        case RefusedCodec.dviADPCM.encoding:
            // Each block starts with 4 bytes per channel holding one frame.
            return adpcmFrames(inDataBytes: bytes, headerBytes: 4 * channels, headerFrames: 1)
        case RefusedCodec.msADPCM.encoding:
            // Each block starts with 7 bytes per channel holding two frames.
            return adpcmFrames(inDataBytes: bytes, headerBytes: 7 * channels, headerFrames: 2)
        case RefusedCodec.gsm.encoding:
            return bytes / align * 320
        default:
            return nil
        }
    }

    /// Frames in one whole block of `encoding`, when the block structure says (ADPCM, GSM).
    func framesPerBlock(encoding: AudioEncoding) -> Int64? {
        let align = Int64(blockAlign)
        let channels = Int64(channels)
        switch encoding {
        case RefusedCodec.dviADPCM.encoding: return adpcmFramesPerBlock(headerBytes: 4 * channels, headerFrames: 1)
        case RefusedCodec.msADPCM.encoding: return adpcmFramesPerBlock(headerBytes: 7 * channels, headerFrames: 2)
        case RefusedCodec.gsm.encoding: return 320
        case .linearPCM, .muLaw, .aLaw: return align > 0 ? 1 : nil
        default: return nil
        }
    }

    private func adpcmFramesPerBlock(headerBytes: Int64, headerFrames: Int64) -> Int64? {
        let align = Int64(blockAlign)
        guard align > headerBytes else { return nil }
        let perBlock = Int64(samplesPerBlock ?? Int((align - headerBytes) * 2 / Int64(channels) + headerFrames))
        return perBlock > 0 ? perBlock : nil
    }

    /// Frames in ADPCM blocks that open with `headerBytes` of per-channel headers holding
    /// `headerFrames` frames, followed by 4-bit codes: whole blocks, plus a partial last block.
    /// Nil when a block is too small for its headers (the count is then unknown).
    private func adpcmFrames(inDataBytes bytes: Int64, headerBytes: Int64, headerFrames: Int64) -> Int64? {
        let align = Int64(blockAlign)
        let channels = Int64(channels)
        guard let perBlock = adpcmFramesPerBlock(headerBytes: headerBytes, headerFrames: headerFrames) else { return nil }
        let tail = bytes % align
        let tailFrames = tail >= headerBytes ? headerFrames + (tail - headerBytes) * 2 / channels : 0
        return bytes / align * perBlock + tailFrames
    }
}
