import AppValidation
import ArgumentParser
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck info`: describes files the way afinfo does, with the verdict.
struct InfoCommand: TakesPaths {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe sound files: container, data format, frames, duration and verdict."
    )

    @Argument(help: "Files to describe.")
    var paths: [String] = []

    @OptionGroup var pathList: PathListOptions

    @Option(help: "Output format: text or json.")
    var format: InfoFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    @OptionGroup var configurationOptions: ConfigurationOptions

    func run() throws {
        let files = try pathList.allPaths(paths)
        guard !files.isEmpty else { throw UsageFailure(message: "name the files to describe") }
        let configuration = try configurationOptions.load()
        let formatter: any ReportWriter =
            format == .json
            ? JSONReport(detailed: true, configurationFile: configuration?.file) : InfoTextReport(drawsWaveform: isatty(1) == 1)
        let pipeline = ValidationPipeline(
            policy: policyOptions.policy(configuration), formatter: formatter, jobs: ValidationRun.defaultJobs, sortsByPath: false)
        let reports = try pipeline.run { found in
            for (index, file) in files.enumerated() { found(SoundCandidate(path: file, root: index, requiresAudio: false)) }
        }
        try writeReport(reports, with: formatter)
        if reports.contains(where: { !$0.report.verdict.passed }) { throw ExitCode.failed }
    }
}

/// The formats `info` can print in.
enum InfoFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
