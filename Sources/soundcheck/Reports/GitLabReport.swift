import AppValidation
import SoundPolicy

/// GitLab's Code Quality report: a JSON array with one issue per finding, each with a stable
/// fingerprint (so GitLab can tell a new finding from an old one between pipelines).
struct GitLabReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        report.verdict.findings.map { finding in
            var json = JSONWriter()
            json.beginObject()
            json.key("description")
            json.string(finding.message + report.targetNote)
            json.key("check_name")
            json.string(finding.code.rawValue)
            json.key("fingerprint")
            json.string(Self.fingerprint(report.path, report.target ?? "", finding.code.rawValue))
            json.key("severity")
            switch finding.severity {
            case .error: json.string("major")
            case .warning: json.string("minor")
            case .note: json.string("info")
            }
            json.key("location")
            json.beginObject()
            json.key("path")
            json.string(report.path)
            json.key("lines")
            json.beginObject()
            json.key("begin")
            json.integer(report.line ?? 1)
            json.endObject()
            json.endObject()
            json.endObject()
            return json.text
        }.joined(separator: ",")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try output.write("[")
        try writeFragments(files, between: ",", to: &output)
        try output.write("]")
    }

    /// 128 bits of FNV-1a over the parts, as 32 hex digits: the same finding gets the same
    /// fingerprint in every pipeline.
    static func fingerprint(_ parts: String...) -> String {
        var low: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt64 = 0x6c62_272e_07bb_0142
        for byte in parts.joined(separator: "\u{0}").utf8 {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            high = (high ^ UInt64(byte) ^ (low >> 32)) &* 0x0000_0100_0000_01B3
        }
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
