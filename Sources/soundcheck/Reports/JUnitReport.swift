import AppValidation
import SoundPolicy

/// The JUnit XML report: one test case per report (a sound, or a config's or a line of code's
/// findings), a failure per failing one.
struct JUnitReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        let name = xmlEscaped(report.label)
        let findings = report.verdict.findings
        guard !findings.isEmpty else {
            return #"    <testcase classname="soundcheck.validate" name="\#(name)"/>"#
        }
        let details = findings.map { finding in
            "\(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]"
                + (finding.fix.map { "\nfix: \($0.commandLine)" } ?? "")
        }.joined(separator: "\n")
        var lines = [#"    <testcase classname="soundcheck.validate" name="\#(name)">"#]
        if !report.verdict.passed, let first = findings.first {
            lines.append(
                #"      <failure type="\#(first.code.rawValue)" message="\#(xmlEscaped(first.message))">\#(xmlEscaped(details))</failure>"#
            )
        } else {
            lines.append("      <system-out>\(xmlEscaped(details))</system-out>")
        }
        lines.append("    </testcase>")
        return lines.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        let summary = ReportSummary(files)
        let counts = #"tests="\#(files.count)" failures="\#(summary.failed)" errors="0""#
        try output.write(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
        try output.write(#"<testsuites name="soundcheck" \#(counts)>"# + "\n")
        try output.write(#"  <testsuite name="soundcheck validate" \#(counts) skipped="0">"# + "\n")
        try writeFragments(files, separator: "\n", to: &output)
        try output.write("  </testsuite>\n</testsuites>")
    }
}
