import SoundPolicy

/// GitHub Actions workflow commands: an annotation per finding, then the summary as plain text.
enum GitHubReport {
    static func render(_ reports: [FileReport]) -> String {
        var lines: [String] = []
        for report in reports {
            for finding in report.verdict.findings {
                let command = finding.severity == .error ? "error" : "warning"
                let title = "soundcheck \(finding.code.rawValue)"
                let message = finding.message + (finding.fix.map { "\nfix: \($0)" } ?? "")
                lines.append("::\(command) file=\(property(report.path)),title=\(property(title))::\(data(message))")
            }
        }
        lines.append(ReportSummary(reports).text)
        return lines.joined(separator: "\n")
    }

    /// Escapes a workflow command's message.
    static func data(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            case "\r\n": output += "%0D%0A"
            default: output.append(character)
            }
        }
        return output
    }

    /// Escapes a workflow command's property value.
    static func property(_ text: String) -> String {
        data(text).split(separator: ":", omittingEmptySubsequences: false).joined(separator: "%3A")
            .split(separator: ",", omittingEmptySubsequences: false).joined(separator: "%2C")
    }
}
