import AppValidation
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Diagnostics Xcode attaches to files in a Run Script phase: `ABSOLUTE_PATH:1: error: message
/// [code]` (Xcode needs the line number), then the summary as plain text.
struct XcodeReport: ReportWriter {
    /// The folder relative paths are resolved against.
    let workingFolder: String

    init() {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        workingFolder = getcwd(&buffer, buffer.count) != nil ? String(cString: buffer) : "."
    }

    func fragment(for report: FileReport) -> String {
        let path = report.path.hasPrefix("/") ? report.path : workingFolder + "/" + (report.path.hasPrefix("./") ? String(report.path.dropFirst(2)) : report.path)
        return report.verdict.findings.map { finding in
            "\(path):\(report.line ?? 1): \(finding.severity.rawValue): \(finding.message)\(report.targetNote) [\(finding.code.rawValue)]"
        }.joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try writeFragments(files, separator: "\n", to: &output)
        try output.write(ReportSummary(files).text)
    }
}
