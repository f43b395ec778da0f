/// Why a conversion could not be done. The input is never changed and nothing is left at the
/// destination when one is thrown.
public enum ConversionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A data format or container name that is not known.
    case unknownFormat(String)
    /// A container that cannot hold the encoding; says which encodings it can.
    case unsupportedPair(container: String, encoding: String, alternatives: String)
    /// The input cannot be decoded; says what would convert it.
    case cannotDecode(String)
    /// Reading the input failed part way.
    case readFailed(String)
    /// Writing the output failed (disk full, permission, …).
    case writeFailed(String)
    /// The output would overwrite the input.
    case outputIsInput(String)
    /// The converted file does not pass validation (should not happen; nothing is written).
    case outputFailsValidation(String)
    /// An option's value is out of range.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .unknownFormat(let name): return "unknown format '\(name)'"
        case .unsupportedPair(let container, let encoding, let alternatives):
            return "\(container) cannot hold \(encoding) audio; it can hold \(alternatives)"
        case .cannotDecode(let reason): return "cannot decode it: \(reason)"
        case .readFailed(let reason): return "reading failed: \(reason)"
        case .writeFailed(let reason): return "writing failed: \(reason)"
        case .outputIsInput(let path): return "the output \(path) is the input file; choose another name or use fix --in-place"
        case .outputFailsValidation(let reason): return "the converted file would not pass: \(reason)"
        case .invalidOption(let reason): return reason
        }
    }

    /// The detail alone, without the sentence around it, for combining several messages.
    var reason: String {
        switch self {
        case .cannotDecode(let reason), .readFailed(let reason), .writeFailed(let reason), .invalidOption(let reason): return reason
        default: return description
        }
    }
}

/// A C library's message (a NUL-terminated string it owns), or a stand-in when it gives none.
func libraryMessage(_ message: UnsafePointer<CChar>?) -> String {
    message.map { String(cString: $0) } ?? "unknown error"
}
