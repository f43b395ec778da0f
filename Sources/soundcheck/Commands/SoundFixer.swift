import AppValidation
import SoundContainers
import SoundConverter
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `fix` did with one file, as a row of its table.
struct FixOutcome: Sendable {
    let path: String
    let result: String
    let detail: String
    /// The file before and after, as a page shows them (`--dry-run --format html` only).
    var pictures: String? = nil
    /// True when the file passes now (fixed, or already fine).
    let passes: Bool
}

/// Fixes one file at a time, the same way whichever worker thread calls it: plans the smallest
/// change, converts to the destination (or only checks that the input decodes, in a dry run).
struct SoundFixer: Sendable {
    let flags: ConversionFlags
    /// The limit fixed files must stay under.
    let maxDuration: Double
    let policy: Policy
    /// The command-line paths, for mirroring folders under `outputDirectory`.
    let roots: [String]
    let outputDirectory: String?
    let inPlace: Bool
    let keepsBackup: Bool
    let dryRun: Bool
    /// The platform whose rules the fixed files must pass: Apple's (`.ios`), Android's, or both.
    var platform: SoundPlatform = .ios
    /// In a dry run, where each file's pictures before and after put their previews (the after
    /// made in a temporary folder); nil for no pictures.
    var spool: PreviewSpool? = nil
    /// `--loudness`: the integrated loudness every file is brought to, in LUFS.
    var loudnessTarget: Double? = nil
    /// `--trim-silence`: every file's leading and trailing silence is removed.
    var trimsSilence = false

    /// The outcome for `candidate`, or nil when it turned out not to be audio at all.
    func fix(_ candidate: SoundCandidate) -> FixOutcome? {
        guard let outcome = candidate.describe() else { return nil }
        let path = candidate.path
        let verdict = policy.verdict(for: outcome, path: path, platform: platform)
        // Android's own format is Ogg Vorbis, a tenth of the WAV's size; a sound both platforms
        // ship becomes 16-bit PCM WAV, the one format both play (Android none of Apple's other
        // containers, Apple no Ogg). -f WAVE keeps WAV for Android too.
        let forAndroid = platform.usesAndroidRules
        let container = flags.container ?? (platform == .android ? .ogg : forAndroid ? .wav : nil)
        let encoding =
            flags.encoding
            ?? (container == .ogg ? OutputFormat.vorbis : forAndroid ? .linearPCM(LinearPCMFormat(bits: 16, isBigEndian: false)) : nil)
        guard
            let plan = FixPlan.make(
                for: verdict, maxDuration: maxDuration, container: container, encoding: encoding, loudnessTarget: loudnessTarget,
                trimsSilence: trimsSilence)
        else {
            var outcome = FixOutcome(path: path, result: "ok", detail: "already passes", passes: true)
            if let spool { outcome.pictures = before(path, verdict, spool) }
            return outcome
        }
        if let problem = candidate.nameProblem { return FixOutcome(path: path, result: "FAILED", detail: problem, passes: false) }
        // A Git LFS pointer or a text placeholder holds no sound to convert: what it is, and what to do.
        if case .failure(.unsupportedContainer(let format)) = outcome, format == .lfsPointer || format == .text,
            let finding = verdict.findings.first
        {
            let advice = finding.fix.flatMap { if case .advice(let text) = $0 { "; \(text)" } else { nil } } ?? ""
            return FixOutcome(path: path, result: "FAILED", detail: finding.message + advice, passes: false)
        }
        let destination = self.destination(for: candidate, container: plan.format.container)
        var changes = plan.changes
        let (oldName, newName) = (
            Policy.androidResourceName(ofFile: fileName(of: path)), Policy.androidResourceName(ofFile: fileName(of: destination))
        )
        if forAndroid, oldName != newName {
            if changes == ["rewrite the header"] { changes = [] }
            changes.append("resource name \(oldName) → \(newName)")
        }
        let summary = changes.joined(separator: "; ")
        if dryRun {
            do {
                try Converter.checkDecodable(path)
            } catch {
                var outcome = FixOutcome(path: path, result: "FAILED", detail: "\(error)", passes: false)
                if let spool { outcome.pictures = before(path, verdict, spool) }
                return outcome
            }
            var outcome = FixOutcome(path: path, result: "would fix", detail: "\(summary) → \(destination)", passes: true)
            if let spool { outcome.pictures = before(path, verdict, spool) + after(path, plan: plan, spool) }
            return outcome
        }
        let replacesInput = destination == path
        if !replacesInput, inPlace, access(destination, F_OK) == 0 {
            return FixOutcome(path: path, result: "FAILED", detail: "\(destination) already exists; move it away first", passes: false)
        }
        let folder = parentFolder(of: destination)
        if !makeFolders(folder) {
            return FixOutcome(path: path, result: "FAILED", detail: "cannot create \(folder)", passes: false)
        }
        let sizeBefore = FileIdentity.of(path)?.size
        do {
            let backup = inPlace && keepsBackup && replacesInput ? path + ".orig" : nil
            let report = try Converter.convert(
                input: path, output: destination, options: options(for: plan.format), replacing: replacesInput, backup: backup)
            let levels = levelChanges(report)
            // For Android, what the fix makes is the size in every APK and AAB.
            let sizes = forAndroid ? Self.sizes(before: sizeBefore, after: FileIdentity.of(destination)?.size) : ""
            if inPlace, !replacesInput {
                // The fixed file has a new name: the original goes to NAME.orig, or away.
                let moved = keepsBackup ? rename(path, path + ".orig") : unlink(path)
                if moved != 0 {
                    return FixOutcome(
                        path: path, result: "fixed",
                        detail: "\(summary) → \(destination)\(sizes)\(levels) (the original could not be moved)",
                        passes: true)
                }
            }
            return FixOutcome(path: path, result: "fixed", detail: "\(summary) → \(destination)\(sizes)\(levels)", passes: true)
        } catch {
            return FixOutcome(path: path, result: "FAILED", detail: "\(error)", passes: false)
        }
    }

    /// The conversion options for `format`: the flags', with the loudness and the trim asked for.
    private func options(for format: OutputFormat) -> ConversionOptions {
        var options = flags.options(for: format, maxDuration: maxDuration)
        options.loudnessTarget = loudnessTarget
        options.trimsSilence = trimsSilence
        return options
    }

    /// "; -27.3 → -16.0 LUFS: gain +11.3 dB, limiter up to 2.1 dB; trimmed 4410 frames at the
    /// start, 220 at the end": what `--loudness` and `--trim-silence` did, measured.
    func levelChanges(_ report: ConversionReport) -> String {
        var text = ""
        if let loudness = report.loudness {
            if let before = loudness.before {
                text +=
                    "; \(formatTenths(before)) → \(formatLevel(loudness.target)) LUFS: gain \(formatTenths(loudness.gainDecibels, signed: true)) dB"
                if loudness.usesLimiter { text += ", limiter up to \(formatTenths(loudness.limiterReduction)) dB" }
            } else {
                text += "; \(loudness.unchangedBecause ?? "no loudness"): level left as it is"
            }
        }
        if let removed = report.silenceRemoved {
            text += "; trimmed \(removed.start) frames at the start, \(removed.end) at the end"
        } else if trimsSilence {
            text += "; silent: nothing to trim"
        }
        return text
    }

    /// " (2.6 MB → 241 KB)": the file's size before and after, when both are known.
    static func sizes(before: Int64?, after: Int64?) -> String {
        guard let before, let after else { return "" }
        return " (\(formatByteCount(before)) → \(formatByteCount(after)))"
    }

    /// The file as it is, with `fix`'s cut marked when it is too long.
    private func before(_ path: String, _ verdict: Verdict, _ spool: PreviewSpool) -> String {
        let figure = SoundFigure(
            path: path, expectedDuration: verdict.description?.duration, maxDuration: maxDuration,
            isCut: verdict.findings.contains { $0.code == .tooLong }, fadeSeconds: flags.fadeMilliseconds / 1000, name: "\(path), before",
            spool: spool)
        return #"<div><h3>Before</h3>\#(figure.html)</div>"#
    }

    /// The file as `fix` would write it: converted into a temporary folder, shown, and removed.
    private func after(_ path: String, plan: FixPlan, _ spool: PreviewSpool) -> String {
        let html = Result { () throws(ConversionError) -> String in
            try withTemporaryFolder { (folder: String) throws(ConversionError) -> String in
                let output = folder + "/after." + plan.format.container.fileExtensions[0]
                defer { unlink(output) }
                let report = try Converter.convert(input: path, output: output, options: options(for: plan.format))
                let figure = SoundFigure(
                    path: output, expectedDuration: Double(report.frames) / report.layout.sampleRate, maxDuration: maxDuration,
                    isCut: false, fadeSeconds: 0, name: "\(path), after fix", spool: spool)
                return figure.html
            }
        }
        switch html {
        case .success(let figure): return #"<div><h3>After</h3>\#(figure)</div>"#
        case .failure(let error): return #"<div><h3>After</h3><p class="placeholder">\#(xmlEscaped(error.description))</p></div>"#
        }
    }

    /// Where the fixed file goes: beside the input (in place) or mirrored under --output-dir,
    /// with the container's extension when the name's does not fit it.
    private func destination(for candidate: SoundCandidate, container: AudioContainer) -> String {
        var path = candidate.path
        if !inPlace, let outputDirectory {
            let root = roots[candidate.root]
            var relative = fileName(of: path)
            if path.hasPrefix(root + "/") || (root.hasSuffix("/") && path.hasPrefix(root)) {
                relative = String(path.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1))
            } else if root == "." {
                relative = path
            }
            path = joiningPath(outputDirectory, relative)
        }
        if platform.usesAndroidRules {
            // An Android raw resource is named by its file name up to the first dot: a valid one.
            let name = fileName(of: path)
            let valid = Policy.validAndroidResourceName(for: Policy.androidResourceName(ofFile: name))
            return String(path.dropLast(name.count)) + valid + "." + container.fileExtensions[0]
        }
        guard !container.fileExtensions.contains(fileExtension(of: path)) else { return path }
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
}
