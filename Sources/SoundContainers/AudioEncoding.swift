/// How uncompressed samples are laid out.
public struct LinearPCMFormat: Hashable, Sendable {
    /// Significant bits per sample (e.g. 24 for 24-bit audio stored in 32-bit slots).
    public var bits: Int
    /// Bytes each sample occupies in the file.
    public var bytesPerSample: Int
    /// IEEE float rather than integer samples.
    public var isFloat: Bool
    /// Big-endian byte order.
    public var isBigEndian: Bool
    /// Signed integer samples (8-bit WAV is the one unsigned case).
    public var isSigned: Bool

    /// Creates a Linear PCM layout.
    public init(bits: Int, bytesPerSample: Int? = nil, isFloat: Bool = false, isBigEndian: Bool, isSigned: Bool = true) {
        self.bits = bits
        self.bytesPerSample = bytesPerSample ?? (bits + 7) / 8
        self.isFloat = isFloat
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
    }

    /// afconvert's name for the layout: `LEI16`, `BEF32`, `UI8`, `I8`, …
    public var name: String {
        let width = bytesPerSample * 8
        if width == 8 { return isSigned ? "I8" : "UI8" }
        let prefix = isBigEndian ? (isFloat ? "BEF" : "BEI") : (isFloat ? "LEF" : "LEI")
        let slot = bits != width ? Self.digits(bits) + "in" + Self.digits(width) : Self.digits(width)
        return prefix + slot
    }

    /// `value` in decimal; the usual widths without formatting (this names every PCM file judged).
    private static func digits(_ value: Int) -> String {
        switch value {
        case 16: return "16"
        case 24: return "24"
        case 32: return "32"
        case 64: return "64"
        default: return String(value)
        }
    }
}

/// What the audio data is encoded as.
public enum AudioEncoding: Hashable, Sendable {
    /// Uncompressed samples.
    case linearPCM(LinearPCMFormat)
    /// Apple IMA4: 34-byte packets of 64 frames per channel.
    case ima4
    /// G.711 µ-law.
    case muLaw
    /// G.711 A-law.
    case aLaw
    /// Anything else, named: `aac`, `alac`, `ima-adpcm-wav`, `ms-adpcm`, `gsm`, `mp3`, …
    case other(String)

    /// A short stable name, used in reports and JSON: afconvert's data format names for PCM
    /// (`LEI16`), `ima4`, `ulaw`, `alaw`, or the name of another encoding.
    public var name: String {
        switch self {
        case .linearPCM(let format): return format.name
        case .ima4: return "ima4"
        case .muLaw: return "ulaw"
        case .aLaw: return "alaw"
        case .other(let name): return name
        }
    }

    /// The name a person would use: "Linear PCM (LEI16)", "IMA4", "AAC", "MS ADPCM", …
    public var displayName: String {
        switch self {
        case .linearPCM(let format): return "Linear PCM (\(format.name))"
        case .ima4: return "IMA4"
        case .muLaw: return "µLaw"
        case .aLaw: return "aLaw"
        case .other(let name): return RefusedCodec(rawValue: name)?.displayName ?? name
        }
    }

    /// True for the encodings Apple plays as a notification sound.
    public var isAllowedForNotifications: Bool {
        if case .other = self { return false }
        return true
    }
}
