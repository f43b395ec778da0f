import AppValidation
import SoundPolicy

/// The human report: one compiler-style diagnostic per finding, then a summary line.
struct TextReport: ReportWriter {
    let style: TerminalStyle
    /// Whether passing files get an "ok" line.
    let showsPassing: Bool

    func fragment(for report: FileReport) -> String {
        let path = style.bold(report.label + ":")
        guard !report.verdict.findings.isEmpty else {
            guard showsPassing else { return "" }
            if let description = report.verdict.description { return "\(path) \(style.green("ok:")) \(description.summaryText)" }
            return report.otherFormat.map { "\(path) \(style.green("ok:")) \($0.description)" } ?? ""
        }
        var lines: [String] = []
        for finding in report.verdict.findings {
            let label: String
            switch finding.severity {
            case .error: label = style.red("error:")
            case .warning: label = style.yellow("warning:")
            case .note: label = "note:"
            }
            lines.append("\(path) \(label) \(finding.message) [\(finding.code.rawValue)]")
            if let fix = finding.fix { lines.append("  fix: \(fix.commandLine)") }
        }
        return lines.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try writeFragments(files, separator: "\n", to: &output)
        try output.write(ReportSummary(files).text)
    }
}
