import SoundContainers

/// Why the audio of a parsed file could not be decoded.
public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The encoding is not one this module decodes (it names the encoding).
    case unsupportedEncoding(String)
    /// Reading the file failed part way.
    case readFailed(ParseError)
    /// A packet holds values the codec cannot decode (IMA4 step index above 88, …).
    case corruptPacket(number: Int64, reason: String)

    /// One sentence for a person.
    public var description: String {
        switch self {
        case .unsupportedEncoding(let name): return "\(name) audio is not decoded by soundcheck's own decoders"
        case .readFailed(let error): return error.description
        case .corruptPacket(let number, let reason): return "packet \(number) is damaged: \(reason)"
        }
    }
}
