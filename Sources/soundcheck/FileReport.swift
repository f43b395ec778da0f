import SoundContainers
import SoundPolicy

/// One checked file: its path as shown and the policy's verdict.
struct FileReport {
    let path: String
    let verdict: Verdict
    /// The Xcode target that ships the file, when a project was checked.
    var target: String? = nil

    /// " (target App)" when a target ships the file, else "": what reports add after a message.
    var targetNote: String { target.map { " (target \($0))" } ?? "" }

    /// The path, followed by the target when there is one: `Sounds/a.caf (target App)`.
    var label: String { path + targetNote }
}

/// Totals over a run, as every report format ends with them.
struct ReportSummary {
    let files: Int
    let passed: Int
    let failed: Int
    let warnings: Int

    init(_ judged: [JudgedFile]) {
        var passed = 0
        var warnings = 0
        for file in judged {
            if file.report.verdict.passed { passed += 1 }
            warnings += file.report.verdict.warningCount
        }
        self.files = judged.count
        self.passed = passed
        self.failed = judged.count - passed
        self.warnings = warnings
    }

    /// "12 files: 10 passed, 2 failed, 3 warnings".
    var text: String {
        "\(files) \(files == 1 ? "file" : "files"): \(passed) passed, \(failed) failed, "
            + "\(warnings) \(warnings == 1 ? "warning" : "warnings")"
    }
}

extension AudioDescription {
    /// "CAF, ima4, 44100 Hz, mono, 2.000 s" — the line a passing file gets.
    var summaryText: String {
        var parts = [container.displayName, encoding.name, formatRate(sampleRate), channelText(channels)]
        if let duration { parts.append(formatSeconds(duration)) }
        return parts.joined(separator: ", ")
    }
}

/// "mono", "stereo" or "6 ch".
func channelText(_ channels: Int) -> String {
    switch channels {
    case 1: return "mono"
    case 2: return "stereo"
    default: return "\(channels) ch"
    }
}
