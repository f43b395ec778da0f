import AppValidation
import SoundPolicy

/// Checkstyle XML, which Jenkins, Danger and reviewdog read: a `<file>` per file with findings,
/// an `<error>` per finding.
struct CheckstyleReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        guard !report.verdict.findings.isEmpty else { return "" }
        let errors = report.verdict.findings.map { finding in
            #"    <error line="\#(report.line ?? 1)" severity="\#(finding.severity == .note ? "info" : finding.severity.rawValue)" message="\#(xmlEscaped(finding.message + report.targetNote))" source="soundcheck.\#(finding.code.rawValue)"/>"#
        }
        return ([#"  <file name="\#(xmlEscaped(report.path))">"#] + errors + ["  </file>"]).joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try output.write(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<checkstyle version="4.3">"# + "\n")
        try writeFragments(files, separator: "\n", to: &output)
        try output.write("</checkstyle>")
    }
}
