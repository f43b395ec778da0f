import ArgumentParser
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck validate`: judges every sound under the given paths and fails when any fails.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that sound files will play as notification sounds.",
        discussion: """
            Folders are searched recursively for .aiff .aif .aifc .wav .caf files and for files of any \
            name that are audio by content; a folder with no sound is an error. Only headers are read.
            """
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String] = ["."]

    @Option(help: "Report format: text, json, junit or github.")
    var format: ReportFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    @Option(help: "Only check files in folders whose path or name matches this glob (repeatable).")
    var include: [String] = []

    @Option(help: "Skip files in folders whose path or name matches this glob (repeatable).")
    var exclude: [String] = []

    @Option(help: "Files to check at once (default: the number of cores).")
    var jobs: Int = Int(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    @Flag(name: .shortAndLong, help: "In text output, list only files with findings.")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let collector = SoundFileCollector(includePatterns: include, excludePatterns: exclude)
        let formatter = format.formatter(quiet: quiet)
        let pipeline = ValidationPipeline(policy: policyOptions.policy, formatter: formatter, jobs: jobs)
        var folders: [Int] = []
        let files = try pipeline.run { found in folders = try collector.collect(paths, found: found) }
        for folder in folders where !files.contains(where: { $0.root == folder }) {
            throw SoundFileCollector.noSound(in: paths[folder])
        }
        try writeReport(files, with: formatter)
        if files.contains(where: { !$0.report.verdict.passed }) { throw ExitCode(ExitStatus.failed) }
    }
}

/// The formats `validate` can report in.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, github

    func formatter(quiet: Bool) -> any ReportFormatter {
        switch self {
        case .text: return TextReport(style: .forStandardOutput(), showsPassing: !quiet)
        case .json: return JSONReport(detailed: false)
        case .junit: return JUnitReport()
        case .github: return GitHubReport()
        }
    }
}
