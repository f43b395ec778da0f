import SoundContainers
import SoundPolicy

/// The settings of a `.soundcheck.yml`, with every path made relative to where soundcheck runs.
/// A setting the file does not make is `nil` (or empty): the command's flag or default applies.
/// Precedence is the commands': a flag given on the command line, then this file, then the default.
public struct Configuration: Equatable, Sendable {
    /// The file's name: every configuration is called this.
    public static let fileName = ".soundcheck.yml"

    /// The file the settings come from, as found (`.soundcheck.yml`, `../.soundcheck.yml`, …).
    public var file: String
    /// `max-duration`: sounds must last strictly under this many seconds.
    public var maxDuration: Double?
    /// `warn-over`: warn about sounds longer than this many seconds.
    public var bannerDuration: Double?
    /// `strict`: warnings fail files too.
    public var isStrict: Bool?
    /// `paths`: what `validate` checks when no path is given (files, folders, Xcode projects,
    /// Expo configs, apps).
    public var paths: [String] = []
    /// `include`: only files in folders matching these globs.
    public var include: [String] = []
    /// `exclude`: no files in folders matching these globs.
    public var exclude: [String] = []
    /// `container`: the app's data container.
    public var container: String?
    /// `groups`: app group containers, in search order.
    public var groups: [String] = []
    /// `bundle`: the app bundle (`.app` or `.ipa`).
    public var bundle: String?
    /// `platforms`: `ios`, `android` or `all`, as `validate --platform` takes it.
    public var platforms: String?
    /// `notification-sounds`: globs of sounds held to the notification rules even when no code
    /// names them (their failures stay errors) or the code shows the app plays them itself.
    public var notificationSounds: [PathGlob] = []
    /// `rules`: a severity, or `off`, per finding code.
    public var rules = FindingRules()
    /// `ignore`: findings accepted for the files their globs match.
    public var exemptions: [Exemption] = []
    /// `listen`: `validate` decodes every sound and measures its loudness, silence and peaks.
    public var listens: Bool?
    /// `loudness-target`: the integrated loudness sounds should have, in LUFS.
    public var loudnessTarget: Double?
    /// `quiet-margin`: how many LU below the target a sound is `quiet`.
    public var quietMargin: Double?
    /// `late-start`: how many seconds of leading silence make a `late-start`.
    public var lateStart: Double?
    /// `max-true-peak`: the true peak, in dBTP, above which a sound is `clipped`.
    public var maxTruePeak: Double?
    /// `baseline`: the file of findings `validate` accepts (`validate --baseline`), written by
    /// `validate --write-baseline`.
    public var baseline: String?

    /// An empty configuration read from `file`.
    public init(file: String) {
        self.file = file
    }

    /// The folder holding the file: the configuration's relative paths start there.
    public var folder: String { parentFolder(of: file) }

    /// `path` from the file, as seen from where soundcheck runs: relative paths are relative to
    /// the file's folder.
    func resolving(_ path: String) -> String {
        path.hasPrefix("/") || folder == "." ? path : joiningPath(folder, path)
    }

    /// `policy` with the settings this file makes and the flags did not (`flags` holds the
    /// settings given on the command line, which win).
    public func policy(overriding policy: Policy, flags: PolicyFlags) -> Policy {
        var policy = policy
        if !flags.maxDuration, let maxDuration { policy.maxDuration = maxDuration }
        if !flags.bannerDuration, let bannerDuration { policy.bannerDuration = bannerDuration }
        if !flags.strict, let isStrict { policy.isStrict = isStrict }
        if !flags.listen, let listens { policy.listening.isOn = listens }
        if !flags.loudnessTarget, let loudnessTarget { policy.listening.target = loudnessTarget }
        if !flags.quietMargin, let quietMargin { policy.listening.quietMargin = quietMargin }
        if !flags.lateStart, let lateStart { policy.listening.lateStart = lateStart }
        if !flags.maxTruePeak, let maxTruePeak { policy.listening.maxTruePeak = maxTruePeak }
        policy.rules = policy.rules.filling(from: rules)
        policy.exemptions += exemptions
        policy.notificationSounds += notificationSounds
        return policy
    }
}

/// Which policy settings were given on the command line (they win over a configuration file).
public struct PolicyFlags: Equatable, Sendable {
    /// `--max-duration` was given.
    public var maxDuration: Bool
    /// `--warn-over` was given.
    public var bannerDuration: Bool
    /// `--strict` or `--no-strict` was given.
    public var strict: Bool
    /// `--listen` or `--no-listen` was given.
    public var listen = false
    /// `--loudness-target` was given.
    public var loudnessTarget = false
    /// `--quiet-margin` was given.
    public var quietMargin = false
    /// `--late-start` was given.
    public var lateStart = false
    /// `--max-true-peak` was given.
    public var maxTruePeak = false

    /// Creates the set of given flags.
    public init(maxDuration: Bool = false, bannerDuration: Bool = false, strict: Bool = false) {
        self.maxDuration = maxDuration
        self.bannerDuration = bannerDuration
        self.strict = strict
    }

    /// Every setting given: the file changes none of them (`fix`, which repairs what fails whatever
    /// the file says of strictness, banners and listening).
    public static let all: PolicyFlags = {
        var flags = PolicyFlags(maxDuration: true, bannerDuration: true, strict: true)
        (flags.listen, flags.loudnessTarget, flags.quietMargin, flags.lateStart, flags.maxTruePeak) = (true, true, true, true, true)
        return flags
    }()
}
