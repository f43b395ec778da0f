/// The container formats this library parses, and Ogg, which the converter writes (Vorbis, for
/// Android) and the sniffer recognises, but no parser here describes.
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
    /// Ogg (`OggS` pages): written, never parsed.
    case ogg

    /// The file name extensions that name this container, the usual one first.
    public var fileExtensions: [String] {
        // Stored once: an array literal here was built anew for every file judged.
        switch self {
        case .aiff: return Self.aiffExtensions
        case .aifc: return Self.aifcExtensions
        case .wav, .rf64: return Self.wavExtensions
        case .caf: return Self.cafExtensions
        case .ogg: return Self.oggExtensions
        }
    }

    private static let aiffExtensions = ["aiff", "aif", "aifc"]
    private static let aifcExtensions = ["aifc", "aiff", "aif"]
    private static let wavExtensions = ["wav", "wave"]
    private static let cafExtensions = ["caf", "caff"]
    private static let oggExtensions = ["ogg", "oga"]

    /// The name a person would use.
    public var displayName: String {
        switch self {
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAV"
        case .rf64: return "RF64 WAV"
        case .caf: return "CAF"
        case .ogg: return "Ogg"
        }
    }
}
