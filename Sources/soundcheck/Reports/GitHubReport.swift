import AppValidation
import SoundPolicy

/// GitHub Actions workflow commands: an annotation per finding, then the summary as plain text.
struct GitHubReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        report.verdict.findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let title = "soundcheck \(finding.code.rawValue)"
            let message =
                finding.message + report.targetNote
                + (finding.fix.map { "\nfix: \($0.commandLine)" } ?? "")
            let line = report.line.map { ",line=\($0)" } ?? ""
            return "::\(command) file=\(Self.property(report.path))\(line),title=\(Self.property(title))::\(Self.data(message))"
        }.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try writeFragments(files, separator: "\n", to: &output)
        try output.write(ReportSummary(files).text)
    }

    /// Escapes a workflow command's message: `%`, CR and LF.
    static func data(_ text: String) -> String {
        replacingASCII(in: text, dataEscape)
    }

    /// Escapes a workflow command's property value: as a message, and `:` and `,`.
    static func property(_ text: String) -> String {
        replacingASCII(in: text) { byte in
            switch byte {
            case UInt8(ascii: ":"): "%3A"
            case UInt8(ascii: ","): "%2C"
            default: dataEscape(byte)
            }
        }
    }

    private static func dataEscape(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "%"): "%25"
        case UInt8(ascii: "\r"): "%0D"
        case UInt8(ascii: "\n"): "%0A"
        default: nil
        }
    }
}
