import SoundContainers
import SoundPolicy

/// Decides what Android plays for a push body's Android half, given the app's raw resources
/// (its `res/raw` folders, main first, or the files of a built `.apk`): the channel's sound on
/// Android 8 and later, and the raw resource the body names on earlier versions, found by its
/// resource name as `Resources.getIdentifier(name, "raw", …)` finds it. A name given with its
/// extension (`chime.mp3`) finds nothing, and the default sound plays.
public struct AndroidSoundResolver: Sendable {
    /// The raw folders searched, in order.
    public let rawFolders: [String]
    /// What a file must obey to play.
    public let policy: Policy
    /// Each resource name with its file, the first folder's winning.
    private let resources: [String: String]
    /// Judges a file by Android's rules (from its header on disk or in an archive, or as an
    /// inventory recorded it).
    private let judge: @Sendable (String) -> Verdict

    /// A resolver over `resources` (resource name → the path shown for its file), reading each
    /// file's header with `describe`: for a built app, whose files are archive entries.
    public init(
        resources: [String: String], policy: Policy = Policy(), describe: @escaping @Sendable (String) -> Result<AudioDescription, ParseError>
    ) {
        self.init(resources: resources, policy: policy) { path in policy.verdict(for: describe(path), path: path, platform: .android) }
    }

    /// A resolver over `resources` whose files `judge` judges: for an inventory, which holds the
    /// verdicts, not the files.
    public init(resources: [String: String], policy: Policy = Policy(), judge: @escaping @Sendable (String) -> Verdict) {
        rawFolders = []
        self.resources = resources
        self.policy = policy
        self.judge = judge
    }

    /// A resolver over the files in `rawFolders` (listed now).
    public init(rawFolders: [String], policy: Policy = Policy()) {
        self.rawFolders = rawFolders
        self.policy = policy
        judge = { path in policy.verdict(for: Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path) }, path: path, platform: .android) }
        var resources: [String: String] = [:]
        for folder in rawFolders {
            _ = forEachEntry(inFolder: folder) { rawName, _ in
                let name = String(cString: rawName)
                guard name.utf8.first != UInt8(ascii: ".") else { return }
                let resource = String(Policy.androidResourceName(ofFile: name))
                if resources[resource] == nil { resources[resource] = joiningPath(folder, name) }
            }
        }
        self.resources = resources
    }

    /// What plays for `request`.
    public func resolve(_ request: AndroidSoundRequest) -> AndroidResolvedSound {
        var answer = AndroidResolvedSound(request: request, outcome: .none, reason: nil, findings: [], hints: [])
        switch request.sound {
        case .unset:
            answer.outcome = .none
        case .systemDefault:
            answer.outcome = .defaultSound
            answer.reason = .requested
        case .named(let name):
            resolveNamed(name, into: &answer)
        }
        return answer
    }

    private func resolveNamed(_ name: String, into answer: inout AndroidResolvedSound) {
        let resource = String(Policy.androidResourceName(ofFile: name))
        if resource != name {
            // getIdentifier looks up the whole string: "chime.mp3" is no resource name.
            answer.outcome = .defaultSound
            answer.reason = .invalidName
            if resources[resource] != nil {
                answer.hints.append("write '\(resource)': Android names a raw resource without its extension")
            } else {
                answer.hints.append("a raw resource is named without its extension, and no '\(resource)' is shipped either")
            }
            return
        }
        guard let path = resources[name] else {
            answer.outcome = .defaultSound
            answer.reason = .notFound
            if let other = resources.keys.sorted().first(where: { $0.lowercased() == name.lowercased() }) {
                answer.hints.append("'\(other)' differs only by case; resource names are lower-case")
            }
            return
        }
        let verdict = judge(path)
        guard verdict.passed else {
            answer.outcome = .defaultSound
            answer.reason = .invalidFile
            answer.findings = verdict.findings
            return
        }
        answer.outcome = .file(path)
    }
}

/// What Android plays for a request.
public struct AndroidResolvedSound: Sendable, Equatable {
    /// The request this answers.
    public var request: AndroidSoundRequest
    /// What the body's named sound comes to (on Android before 8, and in the FCM SDK's lookup).
    public var outcome: Outcome
    /// Why the default sound plays instead of a named file; nil otherwise.
    public var reason: FallbackReason?
    /// What is wrong with the file found, when it cannot play.
    public var findings: [Finding]
    /// Near misses and advice.
    public var hints: [String]

    /// What the named sound comes to.
    public enum Outcome: Sendable, Equatable {
        /// This raw file.
        case file(String)
        /// The default sound.
        case defaultSound
        /// The body names no Android sound.
        case none
    }

    /// The stable name of the outcome (`file`, `default`, `none`).
    public var resultName: String {
        switch outcome {
        case .file: return "file"
        case .defaultSound: return "default"
        case .none: return "none"
        }
    }

    /// What decides on Android 8 and later, in words.
    public var channelNote: String {
        if let channel = request.channelID {
            return "on Android 8 and later, channel '\(channel)' decides: the sound the app created it with plays"
        }
        return "on Android 8 and later, the app's default notification channel decides (FCM's own falls back to the default sound)"
    }

    /// True when a named sound was asked for and the default plays instead.
    public var fellBack: Bool { reason != nil && reason != .requested }
}
