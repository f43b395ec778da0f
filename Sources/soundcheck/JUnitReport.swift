import SoundPolicy

/// The JUnit XML report: one test case per file, a failure per failing file.
enum JUnitReport {
    static func render(_ reports: [FileReport]) -> String {
        let summary = ReportSummary(reports)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="soundcheck" tests="\#(summary.files)" failures="\#(summary.failed)" errors="0">"#,
            #"  <testsuite name="soundcheck validate" tests="\#(summary.files)" failures="\#(summary.failed)" errors="0" skipped="0">"#,
        ]
        for report in reports {
            let name = escaped(report.path)
            let findings = report.verdict.findings
            guard !findings.isEmpty else {
                lines.append(#"    <testcase classname="soundcheck.validate" name="\#(name)"/>"#)
                continue
            }
            lines.append(#"    <testcase classname="soundcheck.validate" name="\#(name)">"#)
            let details = findings.map { finding in
                "\(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]"
                    + (finding.fix.map { "\nfix: \($0)" } ?? "")
            }.joined(separator: "\n")
            if !report.verdict.passed, let first = findings.first {
                lines.append(
                    #"      <failure type="\#(first.code.rawValue)" message="\#(escaped(first.message))">\#(escaped(details))</failure>"#)
            } else {
                lines.append("      <system-out>\(escaped(details))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    /// Escapes text for XML attributes and content, dropping characters XML 1.0 cannot hold.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
