import ArgumentParser
import SoundPolicy

/// `soundcheck validate`: judges every sound under the given paths and fails when any fails.
struct ValidateCommand: TakesPaths {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        _superCommandName: "soundcheck",
        abstract: "Check that sound files will play as notification sounds.",
        discussion: """
            Folders are searched recursively for .aiff .aif .aifc .wav .caf files and for files of any \
            name that are audio by content; a folder with no sound is an error. Only headers are read.

            An app is checked as it ships: an .xcodeproj (or a folder holding one, such as ios/) has \
            each sound its app targets copy judged, with the target named, and sounds no target \
            copies reported; an Expo app.json or app.config.json (or a folder holding one) has the \
            sounds of its expo-notifications plugin judged; a built .app folder or .ipa archive (read \
            in place, nothing extracted) has its sounds judged, and those in subfolders reported.

            Settings come from the nearest .soundcheck.yml from the current folder upward \
            (soundcheck init writes one); a flag given here wins over the file.
            """
    )

    @Argument(help: "Files or folders to check (default: the current folder, unless search folders are given).")
    var paths: [String] = []

    @OptionGroup var pathList: PathListOptions

    @Flag(help: "Also check the Run Script phase's input files (SCRIPT_INPUT_FILE_COUNT, SCRIPT_INPUT_FILE_0…), as SwiftLint does.")
    var useScriptInputFiles = false

    @Option(help: "Report format: text, json, junit, github, xcode, sarif, markdown, checkstyle, gitlab or html.")
    var format: ReportFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(help: "Only check files in folders whose path or name matches this glob (repeatable).")
    var include: [String] = []

    @Option(help: "Skip files in folders whose path or name matches this glob (repeatable).")
    var exclude: [String] = []

    @Option(help: "Files to check at once (default: the number of cores).")
    var jobs: Int = ValidationRun.defaultJobs

    @Flag(name: .shortAndLong, help: "In text output, list only files with findings.")
    var quiet = false

    @Option(name: .shortAndLong, help: "Write the report to FILE (replaced atomically) instead of standard output.")
    var output: String?

    @OptionGroup(title: "Also check an app's sound folders as the system searches them")
    var locationOptions: SoundLocationOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        try ValidationRun(self).run()
    }
}

/// The formats `validate` can report in.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, github, xcode, sarif, markdown, checkstyle, gitlab, html

    /// The formatter; `colored` allows terminal colours (text only, and only on a terminal);
    /// `configurationFile` is named where the format has a place for it (JSON); `maxDuration` is
    /// the limit pictures mark (HTML).
    func formatter(
        quiet: Bool, colored: Bool = true, configurationFile: String? = nil, maxDuration: Double = Policy.appleMaxDuration
    ) -> any ReportFormatter {
        switch self {
        case .text: return TextReport(style: colored ? .forStandardOutput() : TerminalStyle(isEnabled: false), showsPassing: !quiet)
        case .json: return JSONReport(detailed: false, configurationFile: configurationFile)
        case .junit: return JUnitReport()
        case .github: return GitHubReport()
        case .xcode: return XcodeReport()
        case .sarif: return SARIFReport()
        case .markdown: return MarkdownReport()
        case .checkstyle: return CheckstyleReport()
        case .gitlab: return GitLabReport()
        case .html: return HTMLReport(maxDuration: maxDuration)
        }
    }
}
