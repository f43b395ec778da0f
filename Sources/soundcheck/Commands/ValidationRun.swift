import AppValidation
import ArgumentParser
import SoundPolicy
import SoundResolver
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `validate` run with every option resolved to a plain value: made from the parsed command,
/// or, for a well-formed command line of the options CI uses (`init(commandLine:)`), without the
/// argument parser, whose reflection of the command's options was a quarter of a small run. The
/// two are held to each other by tests.
struct ValidationRun: Equatable {
    /// The number of cores: `--jobs`' default.
    static let defaultJobs = ValidationRequest.defaultJobs

    var paths: [String]
    var filesFrom: String? = nil
    var nullSeparated = false
    var format: ReportFormat = .text
    var quiet = false
    /// The policy the flags ask for; a configuration file's settings fill in what no flag gave.
    var policy = Policy()
    /// Which of the policy's settings were flags.
    var policyFlags = PolicyFlags()
    /// `--config`: the configuration file to read instead of the nearest one.
    var configurationFile: String? = nil
    /// False with `--no-config`.
    var readsConfiguration = true
    var include: [String] = []
    var exclude: [String] = []
    var jobs = ValidationRun.defaultJobs
    var container: String? = nil
    var groups: [String] = []
    var bundle: String? = nil
    var output: String? = nil
    /// `--platform`; nil when not given (the configuration's `platforms:`, else all).
    var platform: PlatformChoice? = nil
    /// False with `--no-names`: a repository's code is not read for what its sounds are for.
    var readsCode = true
    /// `--baseline`: the file of findings to accept.
    var baseline: String? = nil
    /// `--write-baseline`: the file to record this run's findings in.
    var writesBaseline: String? = nil

    /// A run with every default, over `paths`.
    init(paths: [String]) {
        self.paths = paths
    }

    /// The run the parsed command asks for.
    init(_ command: ValidateCommand) throws {
        paths = command.paths + (command.useScriptInputFiles ? try Self.scriptInputFiles() : [])
        filesFrom = command.pathList.filesFrom
        nullSeparated = command.pathList.nullSeparated
        format = command.format
        quiet = command.quiet
        policy = command.listeningOptions.applied(to: command.policyOptions.policy(nil))
        policyFlags = command.listeningOptions.marking(command.policyOptions.flags)
        configurationFile = command.configurationOptions.file
        readsConfiguration = !command.configurationOptions.isDisabled
        include = command.include
        exclude = command.exclude
        jobs = command.jobs
        container = command.locationOptions.container
        groups = command.locationOptions.group
        bundle = command.locationOptions.bundle
        output = command.output
        platform = command.platform
        readsCode = !command.noNames
        baseline = command.baseline
        writesBaseline = command.writeBaseline
    }

    /// The input files of an Xcode Run Script phase, from its environment.
    /// - Throws: `UsageFailure` when the count is missing or not a number, or an input is unset.
    static func scriptInputFiles(_ environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws -> [String] {
        guard let countText = environment("SCRIPT_INPUT_FILE_COUNT"), let count = Int(countText), count >= 0 else {
            throw UsageFailure(
                message: "--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set to a number (run it from an Xcode Run Script phase)")
        }
        return try (0..<count).map { index in
            guard let path = environment("SCRIPT_INPUT_FILE_\(index)") else {
                throw UsageFailure(message: "--use-script-input-files: SCRIPT_INPUT_FILE_\(index) is not set")
            }
            return path
        }
    }

    /// What this run asks the library to judge, before a configuration file fills in what no flag gave.
    var request: ValidationRequest {
        var request = ValidationRequest(paths: paths, policy: policy)
        request.platform = platform
        request.include = include
        request.exclude = exclude
        request.readsCode = readsCode
        request.jobs = jobs
        request.container = container
        request.groups = groups
        request.bundle = bundle
        request.baseline = baseline
        return request
    }

    /// The request with the settings of the configuration file this run reads, and the file's name.
    func configuredRequest() throws -> (request: ValidationRequest, file: String?) {
        guard let configuration = try ConfigurationOptions.load(file: configurationFile, isDisabled: !readsConfiguration) else {
            return (request, nil)
        }
        let configured = try request.configured(by: configuration, flags: policyFlags, takesPaths: paths.isEmpty && filesFrom == nil)
        return (configured, configuration.file)
    }

    /// Runs it: judges every file the run names, writes the report, and ends the process with its
    /// exit code once the report is written.
    func run() throws -> Never {
        let (request, configurationFile) = try configuredRequest()
        let formatter = format.formatter(
            quiet: quiet, colored: output == nil, configurationFile: configurationFile, maxDuration: request.policy.maxDuration,
            loudnessTarget: request.policy.listening.target)
        let listed = filesFrom.map { list in { try self.paths(listedIn: list, besides: request) } }
        let report = try request.run(formatter: formatter, morePaths: listed, baselineToRecord: writesBaseline)
        var messages: [String] = []
        if let recorded = report.recorded, let path = writesBaseline {
            try BaselineFile.write(recorded, to: path)
            messages.append("soundcheck: recorded \(count(recorded.total, "finding")) in the baseline \(path)")
        }
        if let path = request.baseline {
            var message = "soundcheck: \(count(report.acceptedByBaseline, "finding")) accepted by the baseline \(path)"
            let unmatched = report.staleInBaseline
            if unmatched > 0 {
                let one = unmatched == 1
                message +=
                    "; \(unmatched) of its findings no longer \(one ? "occurs" : "occur")"
                    + " (--write-baseline \(path) drops \(one ? "it" : "them"))"
            }
            messages.append(message)
        }
        // GitHub shows a workflow command's notice on the run; every other format keeps its report as it is.
        let notices = format == .github ? report.nothingToCheck.map { "::notice title=soundcheck::" + GitHubReport.data($0) } : []
        try writeReport(report.judged, with: formatter, to: output, leading: notices)
        if format != .github { for message in report.nothingToCheck { printError("soundcheck: " + message) } }
        // What was recorded and accepted goes to standard error, where every report format leaves it alone.
        for message in messages { printError(message) }
        let code = report.passed ? ExitCode.passed : ExitCode.failed
        // The report is out and the process ends here: freeing every report first was a tenth of
        // the instructions of a run over 2,000 files.
        withExtendedLifetime(report) { exit(code.rawValue) }
    }

    /// The paths `--files-from` lists in `list`.
    /// - Throws: `UsageFailure` when it lists none and `request` names nothing else to judge.
    private func paths(listedIn list: String, besides request: ValidationRequest) throws -> [String] {
        let listed = try PathListOptions.paths(listedIn: list, nullSeparated: nullSeparated)
        let searchesNoFolder = SoundLocations.given(container: request.container, groups: request.groups, bundle: request.bundle).allRoots
            .isEmpty
        if listed.isEmpty, request.paths.isEmpty, searchesNoFolder {
            throw UsageFailure(message: "\(list == "-" ? "standard input" : list) lists no paths")
        }
        return listed
    }

    /// "1 finding", "3 findings".
    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
