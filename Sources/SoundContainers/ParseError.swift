/// Why a file could not be described. Each case carries the evidence a person needs to see
/// what is wrong: the offset, the chunk, the declared and the found values.
public enum ParseError: Error, Equatable, Sendable {
    /// The file could not be opened or read (missing, permission, not a regular file, I/O error).
    case unreadable(reason: String)
    /// The file has no bytes at all.
    case empty
    /// The file ends at byte `at` while `context` still needed more bytes.
    case truncated(at: UInt64, context: String)
    /// The first bytes match no audio format this library knows.
    case badMagic(found: [UInt8])
    /// The file is a known format that is not AIFF, AIFF-C, WAV or CAF.
    case unsupportedContainer(SniffedFormat)
    /// A chunk the container requires was not found.
    case missingChunk(String)
    /// A chunk's contents are impossible.
    case malformedChunk(String, offset: UInt64, reason: String)
}

extension ParseError: CustomStringConvertible {
    /// One sentence for a person.
    public var description: String {
        switch self {
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .empty:
            return "the file is empty (0 bytes)"
        case .truncated(let at, let context):
            return "the file ends at byte \(at) inside \(context)"
        case .badMagic(let found):
            let hex = found.prefix(8).map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + digits : digits
            }.joined(separator: " ")
            return "not an audio file this tool recognises (it starts with \(hex))"
        case .unsupportedContainer(.lfsPointer):
            return "this is a Git LFS pointer, not the sound: the checkout did not fetch the LFS objects, so the sound cannot be checked"
        case .unsupportedContainer(.text):
            return "this is a text file, not a sound (a placeholder named like one?)"
        case .unsupportedContainer(let format):
            return "this is \(format.description), not AIFF, AIFF-C, WAV or CAF"
        case .missingChunk(let id):
            return "the required '\(id)' chunk is missing"
        case .malformedChunk(let id, let offset, let reason):
            return "the '\(id)' chunk at byte \(offset) is malformed: \(reason)"
        }
    }
}

extension ParseError {
    /// True when the file's first bytes are audio, whether or not it could describe the audio:
    /// false for unreadable, empty and unrecognised files, and for recognised formats that are not
    /// audio (a RIFF `WEBP` image, an AVI, a MIDI score; see `SniffedFormat.isAudio`).
    public var isAudioFormat: Bool {
        switch self {
        case .unreadable, .empty, .badMagic: return false
        case .unsupportedContainer(let format): return format.isAudio
        case .truncated, .missingChunk, .malformedChunk: return true
        }
    }
}
