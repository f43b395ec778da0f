/// Writes AIFF (big-endian integer PCM) and AIFF-C headers (`sowt`, `fl32`/`fl64`, `ulaw`, `alaw`,
/// `ima4`). For IMA4, COMM's numSampleFrames counts packets and sampleSize is 16, Apple's convention.
public struct AIFFWriter: ContainerHeaderWriter {
    /// True for AIFF-C (`AIFC` form with `FVER`).
    public let isCompressed: Bool

    /// A writer for AIFF-C (`compressed`) or plain AIFF.
    public init(compressed: Bool) {
        isCompressed = compressed
    }

    public func header(for layout: StreamLayout, audioBytes: UInt64, frames: Int64) -> [UInt8] {
        let (compression, name, sampleSize) = Self.compression(for: layout.encoding)
        var common = HeaderBytes()
        common.u16be(UInt16(layout.channels))
        let sampleFrames = layout.encoding == .ima4 ? (frames + 63) / 64 : frames
        common.u32be(clamped32(UInt64(max(0, sampleFrames))))
        common.u16be(UInt16(sampleSize))
        common.bytes += encodeExtendedFloat(layout.sampleRate)
        if isCompressed {
            common.ascii(compression)
            common.bytes.append(UInt8(name.utf8.count))
            common.ascii(name)
            if (name.utf8.count + 1) % 2 == 1 { common.zeros(1) }
        }
        var out = HeaderBytes()
        out.ascii("FORM")
        let chunks = (isCompressed ? 12 : 0) + 8 + common.bytes.count + 16
        out.u32be(clamped32(UInt64(4 + chunks) + audioBytes + audioBytes % 2))
        out.ascii(isCompressed ? "AIFC" : "AIFF")
        if isCompressed {
            out.ascii("FVER")
            out.u32be(4)
            out.u32be(0xA280_5140)
        }
        out.ascii("COMM")
        out.u32be(UInt32(common.bytes.count))
        out.bytes += common.bytes
        out.ascii("SSND")
        out.u32be(clamped32(audioBytes + 8))
        out.u32be(0)
        out.u32be(0)
        return out.bytes
    }

    public func trailer(audioBytes: UInt64) -> [UInt8] { audioBytes % 2 == 1 ? [0] : [] }

    /// The AIFF-C compression type, its name, and the sample size COMM states.
    private static func compression(for encoding: AudioEncoding) -> (String, String, Int) {
        switch encoding {
        case .linearPCM(let format) where format.isFloat:
            return format.bits == 64 ? ("fl64", "64-bit floating point", 64) : ("fl32", "32-bit floating point", 32)
        case .linearPCM(let format) where !format.isBigEndian: return ("sowt", "", format.bits)
        case .linearPCM(let format): return ("NONE", "not compressed", format.bits)
        case .ima4: return ("ima4", "IMA 4:1", 16)
        case .muLaw: return ("ulaw", "\u{B5}Law 2:1", 8)
        case .aLaw: return ("alaw", "ALaw 2:1", 8)
        case .other: return ("????", "", 16)
        }
    }
}
