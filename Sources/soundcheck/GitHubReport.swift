import SoundPolicy

/// GitHub Actions workflow commands: an annotation per finding, then the summary as plain text.
struct GitHubReport: ReportFormatter {
    func fragment(for report: FileReport) -> String {
        report.verdict.findings.map { finding in
            let command = finding.severity == .error ? "error" : "warning"
            let title = "soundcheck \(finding.code.rawValue)"
            let message =
                (report.target.map { "target \($0): " } ?? "") + finding.message
                + (finding.fix.map { "\nfix: \($0.commandLine)" } ?? "")
            return "::\(command) file=\(Self.property(report.path)),title=\(Self.property(title))::\(Self.data(message))"
        }.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try writeFragments(files, separator: "\n", to: &output)
        try output.write(ReportSummary(files).text)
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
