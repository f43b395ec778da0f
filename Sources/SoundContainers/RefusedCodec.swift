/// The encodings the parsers recognise that notifications cannot play: one named constant each,
/// so parsers, the policy and the converter spell them the same way.
public enum RefusedCodec: String, CaseIterable, Sendable {
    /// AAC (MPEG-4 AAC-LC), as in `.m4a` and CAF.
    case aac
    /// High-Efficiency AAC (AAC with spectral band replication).
    case heAAC = "he-aac"
    /// Low-Delay AAC.
    case aacLD = "aac-ld"
    /// Enhanced Low-Delay AAC.
    case aacELD = "aac-eld"
    /// Apple Lossless.
    case alac
    /// Microsoft ADPCM in WAV (format 0x02).
    case msADPCM = "ms-adpcm"
    /// DVI/Intel IMA ADPCM in WAV (format 0x11): not Apple's IMA4.
    case dviADPCM = "ima-adpcm-wav"
    /// GSM 6.10.
    case gsm
    /// MPEG audio in WAV (format 0x0050: layer I or II, the header does not say which).
    case mpeg
    /// MPEG-1 Audio Layer I.
    case mp1
    /// MPEG-1 Audio Layer II.
    case mp2
    /// MPEG-1 Audio Layer III.
    case mp3
    /// Dolby Digital (AC-3).
    case ac3 = "ac-3"
    /// Dolby Digital Plus (E-AC-3).
    case eac3 = "ec-3"
    /// Adaptive Multi-Rate narrowband speech.
    case amr
    /// Internet Low Bitrate Codec speech.
    case ilbc
    /// Apple MACE 3:1.
    case mace3
    /// Apple MACE 6:1.
    case mace6
    /// QDesign Music.
    case qdesign
    /// Qualcomm PureVoice (QCELP).
    case qcelp
    /// Opus.
    case opus
    /// FLAC.
    case flac

    /// The encoding value the parsers report.
    public var encoding: AudioEncoding { .other(rawValue) }

    /// The name a person would use: "AAC", "MS ADPCM", …
    public var displayName: String {
        switch self {
        case .aac: return "AAC"
        case .heAAC: return "HE-AAC"
        case .aacLD: return "AAC-LD"
        case .aacELD: return "AAC-ELD"
        case .alac: return "Apple Lossless (ALAC)"
        case .msADPCM: return "MS ADPCM"
        case .dviADPCM: return "IMA ADPCM (WAV format 0x11)"
        case .gsm: return "GSM 6.10"
        case .mpeg: return "MPEG audio"
        case .mp1: return "MP1"
        case .mp2: return "MP2"
        case .mp3: return "MP3"
        case .ac3: return "AC-3"
        case .eac3: return "E-AC-3"
        case .amr: return "AMR"
        case .ilbc: return "iLBC"
        case .mace3: return "MACE 3:1"
        case .mace6: return "MACE 6:1"
        case .qdesign: return "QDesign"
        case .qcelp: return "QCELP"
        case .opus: return "Opus"
        case .flac: return "FLAC"
        }
    }
}

extension AudioEncoding {
    /// The refused codec this encoding is, if it is one.
    public var refusedCodec: RefusedCodec? {
        guard case .other(let name) = self else { return nil }
        return RefusedCodec(rawValue: name)
    }
}
