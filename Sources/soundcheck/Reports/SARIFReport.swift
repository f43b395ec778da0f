import AppValidation
import SoundPolicy

/// SARIF 2.1.0, which GitHub code scanning and most security dashboards read: one rule per
/// finding code (with its summary and explanation), one result per finding.
struct SARIFReport: ReportWriter {
    func fragment(for report: FileReport) -> String {
        report.verdict.findings.map { finding in
            var json = JSONWriter()
            json.beginObject()
            json.key("ruleId")
            json.string(finding.code.rawValue)
            json.key("ruleIndex")
            json.integer(FindingCode.allCases.firstIndex(of: finding.code) ?? 0)
            json.key("level")
            json.string(finding.severity.rawValue)
            json.key("message")
            json.beginObject()
            json.key("text")
            json.string(
                finding.message + report.targetNote
                    + (finding.fix.map { ". Fix: \($0.commandLine)" } ?? ""))
            json.endObject()
            json.key("locations")
            json.beginArray()
            json.beginObject()
            json.key("physicalLocation")
            json.beginObject()
            json.key("artifactLocation")
            json.beginObject()
            json.key("uri")
            json.string(Self.uri(report.path))
            json.endObject()
            json.key("region")
            json.beginObject()
            json.key("startLine")
            json.integer(report.line ?? 1)
            json.endObject()
            json.endObject()
            json.endObject()
            json.endArray()
            json.endObject()
            return json.text
        }.joined(separator: ",")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        var json = JSONWriter()
        json.beginObject()
        json.key("$schema")
        json.string("https://json.schemastore.org/sarif-2.1.0.json")
        json.key("version")
        json.string("2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.key("name")
        json.string("soundcheck")
        json.key("version")
        json.string(SoundcheckVersion.current)
        json.key("informationUri")
        json.string(SoundcheckVersion.homepage)
        json.key("rules")
        json.beginArray()
        for code in FindingCode.allCases {
            json.beginObject()
            json.key("id")
            json.string(code.rawValue)
            json.key("shortDescription")
            json.beginObject()
            json.key("text")
            json.string(code.summary)
            json.endObject()
            json.key("fullDescription")
            json.beginObject()
            json.key("text")
            json.string(code.explanation)
            json.endObject()
            json.key("help")
            json.beginObject()
            json.key("text")
            json.string(code.explanation)
            json.endObject()
            json.key("defaultConfiguration")
            json.beginObject()
            json.key("level")
            json.string(code.defaultSeverity == .error ? "error" : "warning")
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endObject()
        let header = json.text
        try output.write(header + #","results":["#)
        try writeFragments(files, between: ",", to: &output)
        try output.write("]}]}")
    }

    /// A relative reference for a path: each byte outside the unreserved set and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var uri = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return uri
    }
}
