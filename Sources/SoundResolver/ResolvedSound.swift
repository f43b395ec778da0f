import SoundContainers
import SoundPolicy

/// What will play for a request: a file, the default sound, or nothing, and why.
public struct ResolvedSound: Sendable, Equatable {
    /// The request this answers.
    public var request: SoundRequest
    /// What plays.
    public var outcome: Outcome
    /// Why the default sound plays instead of a file (or, with sounds turned off, why none plays);
    /// nil when a file plays or none was asked for.
    public var reason: FallbackReason?
    /// What is wrong with the file that was found, when it cannot play.
    public var findings: [Finding]
    /// Near misses and other advice, in words.
    public var hints: [String]
    /// The folders searched, in order.
    public var searched: [String]

    /// What plays.
    public enum Outcome: Sendable, Equatable {
        /// This file plays.
        case file(ResolvedFile)
        /// The system's default sound plays.
        case defaultSound
        /// The default critical-alert sound plays.
        case defaultCriticalSound
        /// No sound plays (none was asked for).
        case none
    }

    /// The stable name of the outcome (`file`, `default`, `default-critical`, `none`).
    public var resultName: String {
        switch outcome {
        case .file: return "file"
        case .defaultSound: return "default"
        case .defaultCriticalSound: return "default-critical"
        case .none: return "none"
        }
    }

    /// The file that plays, if one does.
    public var file: ResolvedFile? {
        if case .file(let file) = outcome { return file }
        return nil
    }
}

/// A sound file that will play.
public struct ResolvedFile: Sendable, Equatable {
    /// The file's path (the search folder joined with the name).
    public var path: String
    /// Which location it was found in.
    public var location: SoundLocationKind
    /// What its header says.
    public var description: AudioDescription

    /// A file that plays (for a caller that searched a location the resolver does not, such as
    /// an archived bundle).
    public init(path: String, location: SoundLocationKind, description: AudioDescription) {
        self.path = path
        self.location = location
        self.description = description
    }
}

/// Why the default sound plays instead of a file (a stable contract in JSON: `reason`).
public enum FallbackReason: String, Sendable, Equatable {
    /// The request asked for the default sound.
    case requested
    /// No search folder holds a file of that name.
    case notFound = "not-found"
    /// The name is not a bare file name with an extension.
    case invalidName = "invalid-name"
    /// The first file of that name cannot play (see the findings).
    case invalidFile = "invalid-file"
    /// The first file of that name cannot be read.
    case unreadable
    /// The app's notification settings turn sounds off: nothing plays (outcome `none`).
    case soundsDisabled = "sounds-disabled"
}
