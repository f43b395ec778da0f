import SoundContainers
import SoundPolicy

/// One checked file: its path as shown and the policy's verdict.
public struct FileReport: Sendable {
    /// The path, as given and joined with the names below it (`Sounds/a.caf`), or an archive's
    /// path joined with its entry's (`App.ipa/Payload/App.app/a.caf`).
    public let path: String
    /// What the policy found: the findings, each with its code, severity and message.
    public var verdict: Verdict
    /// The Xcode target that ships the file, when a project was checked.
    public var target: String? = nil
    /// The platform whose rules judged the file.
    public var platform: SoundPlatform = .ios
    /// True when the run looked for the apps that ship each sound (a repository, or `--platform`):
    /// the human formats then name the platform too. (JSON always does.)
    public var showsPlatform = false
    /// What the sound is for, as far as the run could tell.
    public var purpose: SoundPurpose = .unknown
    /// What the file is, when it is audio this library does not describe (an MP3 that plays on
    /// Android, say): the line a passing file gets names it.
    public var otherFormat: SniffedFormat? = nil
    /// The line a finding is about, for a report on a source file (the code that asks for a sound).
    public var line: Int? = nil
    /// The other targets that copy the file with the same findings, when a repository run
    /// reports it once for all of them.
    public var moreTargets: [String] = []
    /// False for a report on what is not a sound (a line of code, a config, a project): it is
    /// never a passed file, and the HTML report gives it no sound's row.
    public var isSound = true
    /// Where an app target's copy of the file lands in the bundle (`assets/sounds/a.wav` for a
    /// folder reference), when a project showed it; nil when nothing did.
    public var bundlePath: String? = nil

    package init(
        path: String, verdict: Verdict, target: String? = nil, platform: SoundPlatform = .ios, showsPlatform: Bool = false,
        purpose: SoundPurpose = .unknown, otherFormat: SniffedFormat? = nil, line: Int? = nil, moreTargets: [String] = [],
        isSound: Bool = true
    ) {
        self.path = path
        self.verdict = verdict
        self.target = target
        self.platform = platform
        self.showsPlatform = showsPlatform
        self.purpose = purpose
        self.otherFormat = otherFormat
        self.line = line
        self.moreTargets = moreTargets
        self.isSound = isSound
    }

    /// Every target that ships the file.
    public var targets: [String] { (target.map { [$0] } ?? []) + moreTargets }

    /// " (target App)", " (android)" or " (target App, ios)": what ships the file, as reports add
    /// it after a path or a message; "" when there is nothing to say.
    package var targetNote: String {
        let shipping = targets.isEmpty ? nil : (targets.count == 1 ? "target " : "targets ") + targets.joined(separator: ", ")
        switch (shipping, showsPlatform) {
        case (let shipping?, true): return " (\(shipping), \(platform.rawValue))"
        case (let shipping?, false): return " (\(shipping))"
        case (nil, true): return " (\(platform.rawValue))"
        case (nil, false): return ""
        }
    }

    /// The path, followed by the target when there is one: `Sounds/a.caf (target App)`; a
    /// source file's line follows its path (`Sources/Notify.swift:12`).
    package var label: String { location + targetNote }

    /// The path, with `:LINE` for a report on a line of code.
    package var location: String { line.map { "\(path):\($0)" } ?? path }
}

extension FileReport {
    /// A failing report for a project, config or archive that cannot be read (`malformed`, the
    /// problem said without repeating the path it starts with): the run goes on, and fails.
    package static func unreadableInput(_ path: String, problem: String, policy: Policy) -> FileReport {
        let message = problem.hasPrefix(path + ": ") ? String(problem.dropFirst(path.count + 2)) : problem
        var report = FileReport(path: path, verdict: policy.verdict(of: [Finding(code: .malformed, message: message)], path: path))
        report.isSound = false
        return report
    }
}

/// Totals over a run, as every report format ends with them. A report on what is not a sound (a
/// line of code, a config) counts as a file only when it fails: a note on a config is no passed file.
public struct ReportSummary: Sendable, Equatable {
    /// The files judged, and the reports on what is not a sound that failed.
    public let files: Int
    /// The sounds that passed.
    public let passed: Int
    /// The files that failed.
    public let failed: Int
    /// The warnings over every file.
    public let warnings: Int
    /// The notes over every file.
    public let notes: Int

    package init(_ judged: [JudgedFile]) {
        var files = 0
        var passed = 0
        var warnings = 0
        var notes = 0
        for file in judged {
            if file.report.isSound || !file.passed { files += 1 }
            if file.report.isSound, file.passed { passed += 1 }
            warnings += file.warningCount
            notes += file.noteCount
        }
        self.files = files
        self.passed = passed
        self.failed = files - passed
        self.warnings = warnings
        self.notes = notes
    }

    /// "12 files: 10 passed, 2 failed, 3 warnings" (", 1 note" when there are notes).
    package var text: String {
        "\(files) \(files == 1 ? "file" : "files"): \(passed) passed, \(failed) failed, "
            + "\(warnings) \(warnings == 1 ? "warning" : "warnings")"
            + (notes == 0 ? "" : ", \(notes) \(notes == 1 ? "note" : "notes")")
    }
}

extension AudioDescription {
    /// "CAF, ima4, 44100 Hz, mono, 2.000 s" — the line a passing file gets.
    package var summaryText: String {
        // Concatenated, not `joined`: the first call of that generic method in a process looked up
        // its associated types and conformances by name, 0.1 ms of a one-file run's 3 ms.
        let text = container.displayName + ", " + encoding.name + ", " + formatRate(sampleRate) + ", " + channelText(channels)
        return duration.map { text + ", " + formatSeconds($0) } ?? text
    }
}

/// "mono", "stereo" or "6 ch".
package func channelText(_ channels: Int) -> String {
    switch channels {
    case 1: return "mono"
    case 2: return "stereo"
    default: return "\(channels) ch"
    }
}
