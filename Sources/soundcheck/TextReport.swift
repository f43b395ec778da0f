import SoundPolicy

/// The human report: one compiler-style diagnostic per finding, then a summary line.
struct TextReport {
    let style: TerminalStyle
    /// Whether passing files get an "ok" line.
    let showsPassing: Bool

    func render(_ reports: [FileReport]) -> String {
        var lines: [String] = []
        for report in reports {
            let path = style.bold(report.path + ":")
            if report.verdict.findings.isEmpty {
                if showsPassing, let description = report.verdict.description {
                    lines.append("\(path) \(style.green("ok:")) \(description.summaryText)")
                }
                continue
            }
            for finding in report.verdict.findings {
                let label = finding.severity == .error ? style.red("error:") : style.yellow("warning:")
                lines.append("\(path) \(label) \(finding.message) [\(finding.code.rawValue)]")
                if let fix = finding.fix { lines.append("  fix: \(fix)") }
            }
        }
        lines.append(ReportSummary(reports).text)
        return lines.joined(separator: "\n")
    }
}
