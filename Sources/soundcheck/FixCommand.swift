import ArgumentParser
import SoundContainers
import SoundConverter
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck fix`: turns every failing sound into one that passes, with the smallest change.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Convert every failing sound into one that passes, changing as little as possible.",
        discussion: """
            Keeps an allowed container and encoding and replaces only what is wrong: an encoding \
            notifications cannot play becomes 16-bit PCM in the same container, a container they cannot \
            play becomes CAF, a sound too long is cut with a fade-out. Files that pass are left alone. \
            Writes are atomic; --in-place keeps the original as NAME.orig unless --no-backup.
            """
    )

    @Argument(help: "Files or folders to fix.")
    var paths: [String]

    @Option(name: .customLong("output-dir"), help: "Write the fixed files here, mirroring the input folders.")
    var outputDirectory: String?

    @Flag(name: .customLong("in-place"), help: "Replace each failing file (atomically).")
    var inPlace = false

    @Flag(name: .customLong("no-backup"), help: "With --in-place, do not keep the original as NAME.orig.")
    var noBackup = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be done, change nothing.")
    var dryRun = false

    @OptionGroup var flags: ConversionFlags

    func validate() throws {
        guard (outputDirectory != nil) != inPlace || dryRun else {
            throw ValidationError("choose where fixed files go: --output-dir DIR or --in-place")
        }
        if noBackup, !inPlace { throw ValidationError("--no-backup goes with --in-place") }
    }

    private struct Outcome {
        let path: String
        let result: String
        let detail: String
        let passes: Bool
    }

    func run() throws {
        var candidates: [SoundCandidate] = []
        _ = try SoundFileCollector().collect(paths) { candidates.append($0) }
        candidates.sort { $0.path < $1.path }
        let policy = Policy(maxDuration: flags.maxDuration)
        let progress = Progress(total: candidates.count)
        var outcomes: [Outcome] = []
        for (index, candidate) in candidates.enumerated() {
            progress.show(done: index, current: candidate.path)
            let parsed = Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: candidate.path) }
            if candidate.requiresAudio, case .failure(let error) = parsed, !error.isRecognisedFormat { continue }
            outcomes.append(fix(candidate, verdict: policy.verdict(for: parsed, path: candidate.path)))
        }
        progress.finish()
        try writeReport(Self.table(outcomes, dryRun: dryRun))
        if outcomes.contains(where: { !$0.passes }) { throw ExitCode(ExitStatus.failed) }
    }

    private func fix(_ candidate: SoundCandidate, verdict: Verdict) -> Outcome {
        let path = candidate.path
        guard
            let plan = FixPlan.make(
                for: verdict, maxDuration: flags.maxDuration, container: flags.container, encoding: flags.encodingAndRate?.0)
        else { return Outcome(path: path, result: "ok", detail: "already passes", passes: true) }
        let destination = self.destination(for: candidate, container: plan.format.container)
        let summary = plan.changes.joined(separator: "; ")
        if dryRun {
            do {
                try Converter.checkDecodable(path)
            } catch {
                return Outcome(path: path, result: "FAILED", detail: "\(error)", passes: false)
            }
            return Outcome(path: path, result: "would fix", detail: "\(summary) → \(destination)", passes: true)
        }
        let replacesInput = destination == path
        if !replacesInput, inPlace, access(destination, F_OK) == 0 {
            return Outcome(path: path, result: "FAILED", detail: "\(destination) already exists; move it away first", passes: false)
        }
        let folder = parentFolder(of: destination)
        if !makeFolders(folder) {
            return Outcome(path: path, result: "FAILED", detail: "cannot create \(folder)", passes: false)
        }
        do {
            let backup = inPlace && !noBackup && replacesInput ? path + ".orig" : nil
            _ = try Converter.convert(
                input: path, output: destination, options: flags.options(for: plan.format), replacing: replacesInput,
                backup: backup)
            if inPlace, !replacesInput {
                // The fixed file has a new name: the original goes to NAME.orig, or away.
                let moved = noBackup ? unlink(path) : rename(path, path + ".orig")
                if moved != 0 {
                    return Outcome(
                        path: path, result: "fixed", detail: "\(summary) → \(destination) (the original could not be moved)", passes: true)
                }
            }
            return Outcome(path: path, result: "fixed", detail: "\(summary) → \(destination)", passes: true)
        } catch {
            return Outcome(path: path, result: "FAILED", detail: "\(error)", passes: false)
        }
    }

    /// Where the fixed file goes: beside the input (in place) or mirrored under --output-dir,
    /// with the container's extension when the name's does not fit it.
    private func destination(for candidate: SoundCandidate, container: AudioContainer) -> String {
        var path = candidate.path
        if !inPlace, let outputDirectory {
            let root = paths[candidate.root]
            var relative = fileName(of: path)
            if path.hasPrefix(root + "/") || (root.hasSuffix("/") && path.hasPrefix(root)) {
                relative = String(path.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1))
            } else if root == "." {
                relative = path
            }
            path = joiningPath(outputDirectory, relative)
        }
        let ext = path.lastIndex(of: ".").map { path[path.index(after: $0)...].lowercased() } ?? ""
        guard !container.fileExtensions.contains(ext) else { return path }
        return removingExtension(from: path) + "." + container.fileExtensions[0]
    }

    private func makeFolders(_ folder: String) -> Bool {
        var partial = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0, errno != EEXIST { return false }
        }
        return true
    }

    private static func table(_ outcomes: [Outcome], dryRun: Bool) -> String {
        let width = min(60, outcomes.map(\.path.count).max() ?? 4)
        var lines = outcomes.map { outcome in
            let padded =
                outcome.path.count >= width
                ? outcome.path + " " : outcome.path + String(repeating: " ", count: width - outcome.path.count + 1)
            let result = outcome.result + String(repeating: " ", count: max(1, 11 - outcome.result.count))
            return padded + result + outcome.detail
        }
        let fixed = outcomes.filter { $0.result == "fixed" || $0.result == "would fix" }.count
        let failed = outcomes.filter { !$0.passes }.count
        let alreadyFine = outcomes.count - fixed - failed
        lines.append(
            "\(outcomes.count) files: \(fixed) \(dryRun ? "would be fixed" : "fixed"), \(alreadyFine) already pass, \(failed) could not be fixed"
        )
        return lines.joined(separator: "\n")
    }
}

/// A one-line progress bar on standard error, only when it is a terminal.
final class Progress {
    private let total: Int
    private let isShown = isatty(2) == 1
    private var started = timespec()

    init(total: Int) {
        self.total = total
        clock_gettime(CLOCK_MONOTONIC, &started)
    }

    func show(done: Int, current: String) {
        guard isShown, total > 1 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let elapsed = Double(now.tv_sec - started.tv_sec) + Double(now.tv_nsec - started.tv_nsec) / 1e9
        let eta = done > 0 ? " ETA \(Int((elapsed / Double(done) * Double(total - done)).rounded())) s" : ""
        let bar = String(repeating: "█", count: done * 20 / total) + String(repeating: "·", count: 20 - done * 20 / total)
        printErrorInline("\r\u{1B}[K\(bar) \(done)/\(total)\(eta)  \(current.suffix(50))")
    }

    func finish() {
        if isShown, total > 1 { printErrorInline("\r\u{1B}[K") }
    }
}
