import AppValidation
import SoundPolicy

/// A Markdown table of the files with findings, for a GitHub step summary or a pull-request
/// comment, after a line of totals.
struct MarkdownReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        report.verdict.findings.map { finding in
            let mark: String
            switch finding.severity {
            case .error: mark = "❌ error"
            case .warning: mark = "⚠️ warning"
            case .note: mark = "ℹ️ note"
            }
            let target = Self.cell(report.targetNote)
            let fix = finding.fix.map { "<br>fix: `\(Self.cell($0.commandLine))`" } ?? ""
            return "| \(mark) | `\(Self.cell(report.location))`\(target) | \(Self.cell(finding.message))\(fix) | `\(finding.code.rawValue)` |"
        }.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        let summary = ReportSummary(files)
        try output.write("### soundcheck: \(summary.text)\n\n")
        guard files.contains(where: { !$0.fragment.isEmpty }) else {
            try output.write("Every sound will play.")
            return
        }
        try output.write("| | File | Finding | Code |\n|---|---|---|---|\n")
        try writeFragments(files, separator: "\n", to: &output)
    }

    /// Text safe inside a table cell: pipes escaped, line breaks as `<br>`.
    static func cell(_ text: String) -> String {
        replacingASCII(in: text) { byte in
            switch byte {
            case UInt8(ascii: "|"): "\\|"
            case UInt8(ascii: "\n"): "<br>"
            default: nil
            }
        }
    }
}
