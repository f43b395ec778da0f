/// The container formats this library parses.
public enum AudioContainer: String, Sendable, CaseIterable {
    /// Audio Interchange File Format (`FORM`…`AIFF`).
    case aiff
    /// AIFF-C, the compressed variant (`FORM`…`AIFC`).
    case aifc
    /// RIFF WAVE, little-endian (`RIFF`) or big-endian (`RIFX`).
    case wav
    /// RF64 or BW64: WAVE with 64-bit sizes in a `ds64` chunk.
    case rf64
    /// Core Audio Format (`caff`).
    case caf

    /// The file name extensions that name this container.
    public var fileExtensions: [String] {
        switch self {
        case .aiff: return ["aiff", "aif", "aifc"]
        case .aifc: return ["aifc", "aiff", "aif"]
        case .wav, .rf64: return ["wav", "wave"]
        case .caf: return ["caf", "caff"]
        }
    }

    /// The name a person would use.
    public var displayName: String {
        switch self {
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAV"
        case .rf64: return "RF64 WAV"
        case .caf: return "CAF"
        }
    }
}
