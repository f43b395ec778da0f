import SoundContainers
import SoundPolicy
import SoundResolver
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to judge and how: the inputs and options of one `soundcheck validate` run, as plain values.
///
/// Each path is what `validate` takes: a sound file, a folder of sounds, a repository (a folder
/// in which apps are found: each sound is judged by the platform that ships it, and the names the
/// code asks for are checked against what ships), an Xcode project, an Expo config, a built
/// `.app`, or an `.ipa`, `.apk` or `.aab` read in place.
public struct ValidationRequest: Sendable, Equatable {
    /// The number of cores: the default of ``jobs``.
    public static let defaultJobs = Int(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// The inputs. With none (and no search folder), the current folder is judged.
    public var paths: [String]
    /// The rules: the duration limit, strictness, each finding code's severity, exemptions.
    public var policy: Policy
    /// Which platforms' sounds are judged; nil judges every sound by the platform that ships it.
    public var platform: PlatformChoice? = nil
    /// Glob patterns of the found paths to judge; none judges every path.
    public var include: [String] = []
    /// Glob patterns of the found paths to leave out.
    public var exclude: [String] = []
    /// False to leave a repository's code unread: every sound is then judged as a notification
    /// sound, and no name the code asks for is checked.
    public var readsCode = true
    /// How many threads judge files at once.
    public var jobs = ValidationRequest.defaultJobs
    /// An app's data container: its `Library/Sounds` is checked as the first folder the system searches.
    public var container: String? = nil
    /// App group containers, in search order: each one's `Library/Sounds` is checked.
    public var groups: [String] = []
    /// The app bundle, searched last: a `.app` folder (a macOS app's `Contents/Resources`), or an
    /// `.ipa` read in place.
    public var bundle: String? = nil
    /// A baseline file (as `soundcheck validate --write-baseline` writes it): the findings it
    /// records are accepted, and left out of the report.
    public var baseline: String? = nil

    /// A request to judge `paths` under `policy`, with every other option at its default.
    public init(paths: [String], policy: Policy = Policy()) {
        self.paths = paths
        self.policy = policy
    }

    /// This request with the settings of `configuration` (a `.soundcheck.yml`) where the request
    /// gave none; the policy settings `flags` marks as given win over the file's. With no path,
    /// the configuration's `paths` are judged.
    /// - Throws: `UsageFailure` when a path the configuration lists does not exist.
    public func configured(by configuration: Configuration, flags: PolicyFlags) throws -> ValidationRequest {
        try configured(by: configuration, flags: flags, takesPaths: paths.isEmpty)
    }

    /// `configured(by:flags:)`, taking the configuration's paths only when `takesPaths` is true
    /// (a command line that lists its paths in a file names none itself).
    package func configured(by configuration: Configuration, flags: PolicyFlags, takesPaths: Bool) throws -> ValidationRequest {
        var request = self
        request.policy = configuration.policy(overriding: policy, flags: flags)
        if include.isEmpty { request.include = configuration.include }
        if exclude.isEmpty { request.exclude = configuration.exclude }
        request.container = container ?? configuration.container
        if groups.isEmpty { request.groups = configuration.groups }
        request.bundle = bundle ?? configuration.bundle
        request.platform = platform ?? configuration.platforms.flatMap(PlatformChoice.init(rawValue:))
        request.baseline = baseline ?? configuration.baseline
        if takesPaths {
            // A path the file lists is the file's mistake: say so, rather than only "no such file".
            if let missing = configuration.paths.first(where: { FileIdentity.of($0) == nil }) {
                throw UsageFailure(message: "\(configuration.file): paths: \(missing): no such file or folder")
            }
            request.paths = configuration.paths
        }
        return request
    }

    /// Judges every input, reads the code beside the sounds, and returns the report every format
    /// renders: the files in path order, without the findings that `soundcheck:ignore` comments
    /// and the ``baseline`` accept.
    /// - Throws: `UsageFailure` for inputs that cannot be judged (a missing path, a folder with no
    ///   sound and no app, an unreadable baseline); `ToolFailure` when a reader it needs is missing.
    public func run() throws -> ValidationReport {
        try run(formatter: UnrenderedReport())
    }
}

/// The formatter of a run whose caller renders nothing: no file gets a part.
struct UnrenderedReport: ReportFormatter {
    func fragment(for report: FileReport) -> String { "" }
}
