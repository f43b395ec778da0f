import AppRepository
import AppValidation
import ArgumentParser
import Dispatch
import SharedState
import SoundContainers
import SoundConverter
import SoundPolicy
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck fix`: turns every failing sound into one that passes, with the smallest change.
struct FixCommand: TakesPaths {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Convert every failing sound into one that passes, changing as little as possible.",
        discussion: """
            Keeps an allowed container and encoding and replaces only what is wrong: an encoding \
            notifications cannot play becomes 16-bit PCM in the same container, a container they cannot \
            play becomes CAF, a sound too long is cut with a fade-out. Files that pass are left alone. \
            Writes are atomic; --in-place keeps the original as NAME.orig unless --no-backup. \
            --loudness LUFS and --trim-silence process every sound, passing or not, keeping its format, \
            and say the gain applied (and the limiter's reduction) and the frames removed from each end.
            """
    )

    @Argument(help: "Files or folders to fix.")
    var paths: [String] = []

    @OptionGroup var pathList: PathListOptions

    @Option(name: .customLong("output-dir"), help: "Write the fixed files here, mirroring the input folders.")
    var outputDirectory: String?

    @Flag(name: .customLong("in-place"), help: "Replace each failing file (atomically).")
    var inPlace = false

    @Flag(name: .customLong("no-backup"), help: "With --in-place, do not keep the original as NAME.orig.")
    var noBackup = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be done, change nothing.")
    var dryRun = false

    @OptionGroup var flags: ConversionFlags

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Bring every sound to this integrated loudness (ITU-R BS.1770), under a true peak of -1 dBTP: gain alone where it stays under, else gain and a true-peak limiter (5 ms look-ahead).",
            valueName: "lufs"))
    var loudness: Double?

    @Flag(
        help:
            "Remove every sound's leading silence down to 10 ms before its first sample above -60 dBFS, and its trailing silence down to 10 ms after its last."
    )
    var trimSilence = false

    @Option(
        help: """
            Which platform the fixed files must play on: ios (the default: Apple's rules; Android raw \
            resources and sounds that ship to both left alone), android (a repository's res/raw \
            sounds, or every file given, as Ogg Vorbis under a valid resource name, -f WAVE for 16-bit \
            WAV; each row gives the size before and after), or all (every sound, as 16-bit WAV under \
            30 s, which both play).
            """)
    var platform: PlatformChoice = .ios

    @Option(help: "Files to convert at once (default: the number of cores).")
    var jobs: Int = Int(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    @Option(help: "Report format: text, or html (with --dry-run: each file before and after, to see and hear).")
    var format: FixReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to FILE (replaced atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        if format == .html, !dryRun { throw ValidationError("--format html goes with --dry-run") }
        guard (outputDirectory != nil) != inPlace || dryRun else {
            throw ValidationError("choose where fixed files go: --output-dir DIR or --in-place")
        }
        if noBackup, !inPlace { throw ValidationError("--no-backup goes with --in-place") }
        if let loudness, !(-70...0).contains(loudness) { throw ValidationError("--loudness must be from -70 to 0 LUFS, not \(loudness)") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let paths = try pathList.allPaths(self.paths)
        guard !paths.isEmpty else { throw UsageFailure(message: "name the files or folders to fix") }
        var candidates: [SoundCandidate] = []
        var markers: [Int: RepositoryMarkers] = [:]
        let folders = try SoundFileCollector().collect(paths, markers: &markers) { candidates.append($0) }
        for folder in folders where !candidates.contains(where: { $0.root == folder }) {
            throw SoundFileCollector.noSound(in: paths[folder])
        }
        candidates = Self.choosing(candidates, for: platform, markers: markers)
        candidates.sort { $0.path < $1.path }
        let configuration = try flags.configurationOptions.load()
        let maxDuration = try flags.maxDuration(configuration)
        var policy = Policy(maxDuration: maxDuration)
        // The file's rules and exemptions decide what fails; its limit is already `maxDuration`,
        // and `fix` repairs failures, not warnings, whatever its `strict` and `warn-over` say.
        if let configuration {
            policy = configuration.policy(overriding: policy, flags: .all)
        }
        var fixer = SoundFixer(
            flags: flags, maxDuration: maxDuration, policy: policy, roots: paths, outputDirectory: outputDirectory,
            inPlace: inPlace, keepsBackup: !noBackup, dryRun: dryRun,
            platform: platform == .ios ? .ios : platform == .android ? .android : .both, spool: format == .html ? PreviewSpool() : nil)
        fixer.loudnessTarget = loudness
        fixer.trimsSilence = trimSilence
        let outcomes = Self.fixAll(candidates, with: fixer, jobs: jobs)
        let report = fixer.spool.map { FixHTMLReport(outcomes: outcomes, spool: $0).page } ?? Self.table(outcomes, dryRun: dryRun)
        try writeReport(report, to: output)
        if outcomes.contains(where: { !$0.passes }) { throw ExitCode.failed }
    }

    /// The candidates `fix --platform` repairs, in the repositories among the folders walked:
    /// for ios, all but the Android raw resources and the sounds that ship to both platforms
    /// (Flutter assets, an Expo config's sounds: a CAF would not play on Android at all); for
    /// android, only the raw resources; for all, every sound; never a sound of a project
    /// soundcheck does not read (`UnreadShape`), which no platform's rules judge. A folder with no
    /// app keeps all.
    /// Says on standard error how many it left alone.
    private static func choosing(
        _ candidates: [SoundCandidate], for platform: PlatformChoice, markers: [Int: RepositoryMarkers]
    ) -> [SoundCandidate] {
        let layouts = markers.mapValues(RepositoryLayout.init).filter { !$0.value.isEmpty }
        guard !layouts.isEmpty else { return candidates }
        // A sound of a project soundcheck does not read is judged by no platform: nothing to fix.
        let judged = candidates.filter { candidate in
            guard let layout = layouts[candidate.root], layout.unreadShape(holding: candidate.path) != nil else { return true }
            return layout.hasApp(around: candidate.path)
        }
        // Counted by name: a file found only because it might be audio (the project file itself) is no sound left.
        let leftAlone = candidates.count - judged.count - candidates.filter(\.requiresAudio).count + judged.filter(\.requiresAudio).count
        if leftAlone > 0 { printError("fix: left \(leftAlone) sounds of projects soundcheck does not read as they are") }
        guard platform != .all else { return judged }
        let kept = judged.filter { candidate in
            guard let layout = layouts[candidate.root] else { return true }
            let isRaw = layout.androidRawFolder(holding: candidate.path) != nil
            return platform == .android ? isRaw : !isRaw && !layout.isFlutterAsset(candidate.path) && !layout.isExpoSound(candidate.path)
        }
        if kept.count < judged.count {
            let left =
                platform == .android
                ? "sounds that are no Android raw resource" : "Android raw resources and sounds that ship to Android too"
            let other = platform == .android ? "ios or all" : "all"
            printError("fix: left \(judged.count - kept.count) \(left) as they are (fix --platform \(other) repairs them)")
        }
        return kept
    }

    /// Fixes every candidate on `jobs` workers, each taking the next file as it finishes one (on
    /// Dispatch's global queue, which may run fewer at once on a machine with fewer cores). The
    /// largest files go first, so that no long conversion is left running alone at the end; the
    /// outcomes keep the candidates' order, so the report is the same for any `jobs`.
    private static func fixAll(_ candidates: [SoundCandidate], with fixer: SoundFixer, jobs: Int) -> [FixOutcome] {
        let sizes = candidates.map { FileIdentity.of($0.path)?.size ?? 0 }
        let order = candidates.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
        // The progress bar is drawn under the same lock as the results it counts.
        let state = LockedState(
            (
                next: 0, done: 0, outcomes: [FixOutcome?](repeating: nil, count: candidates.count),
                progress: Progress(total: candidates.count)
            ))
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(candidates.count, 1)) {
            DispatchQueue.global().async(group: group) {
                while true {
                    let next = state.withLock { state in
                        defer { state.next += 1 }
                        return state.next
                    }
                    guard next < order.count else { return }
                    let index = order[next]
                    let outcome = fixer.fix(candidates[index])
                    state.withLock { state in
                        state.outcomes[index] = outcome
                        state.done += 1
                        state.progress.show(done: state.done, current: candidates[index].path)
                    }
                }
            }
        }
        group.wait()
        return state.withLock { state in
            state.progress.finish()
            return state.outcomes.compactMap { $0 }
        }
    }

    static func table(_ outcomes: [FixOutcome], dryRun: Bool) -> String {
        let width = min(60, outcomes.map(\.path.count).max() ?? 4)
        var lines = outcomes.map { outcome in
            outcome.path.padded(to: width + 1) + outcome.result.padded(to: 11) + outcome.detail
        }
        lines.append(summary(outcomes, dryRun: dryRun))
        return lines.joined(separator: "\n")
    }

    /// "5 files: 3 fixed, 1 already pass, 1 could not be fixed".
    static func summary(_ outcomes: [FixOutcome], dryRun: Bool) -> String {
        let fixed = outcomes.filter { $0.result == "fixed" || $0.result == "would fix" }.count
        let failed = outcomes.filter { !$0.passes }.count
        let alreadyFine = outcomes.count - fixed - failed
        return
            "\(outcomes.count) files: \(fixed) \(dryRun ? "would be fixed" : "fixed"), \(alreadyFine) already pass, \(failed) could not be fixed"
    }
}

/// The formats `fix` can report in.
enum FixReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, html
}
