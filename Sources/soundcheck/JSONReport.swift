import SoundContainers
import SoundPolicy

/// The JSON report of `validate` and `info` (design.md "JSON report", a stable contract).
enum JSONReport {
    /// The whole report; `detailed` adds the container facts `info` prints.
    static func render(_ reports: [FileReport], detailed: Bool) -> String {
        let summary = ReportSummary(reports)
        return JSONValue.object([
            ("files", .array(reports.map { file($0, detailed: detailed) })),
            (
                "summary",
                .object([
                    ("files", .int(Int64(summary.files))), ("passed", .int(Int64(summary.passed))),
                    ("failed", .int(Int64(summary.failed))), ("warnings", .int(Int64(summary.warnings))),
                ])
            ),
        ]).text
    }

    private static func file(_ report: FileReport, detailed: Bool) -> JSONValue {
        let description = report.verdict.description
        var members: [(String, JSONValue)] = [
            ("path", .string(report.path)),
            ("verdict", .string(report.verdict.passed ? "pass" : "fail")),
            ("container", .optional(description?.container.rawValue)),
            ("encoding", .optional(description?.encoding.name)),
            ("sampleRate", sampleRate(description?.sampleRate)),
            ("channels", .optional(description?.channels)),
            ("bitsPerChannel", .optional(description?.bitsPerChannel)),
            ("frames", .optional(description?.frameCount)),
            ("duration", .optional(description?.duration)),
            ("findings", .array(report.verdict.findings.map(finding))),
        ]
        if detailed {
            members += [
                ("audioOffset", .optional(description?.dataRange.lowerBound)),
                ("audioBytes", .optional(description?.audioByteCount)),
                ("bytesPerPacket", .optional(description?.packets?.bytesPerPacket)),
                ("framesPerPacket", .optional(description?.packets?.framesPerPacket)),
                ("packets", .optional(description?.packets?.packetCount)),
                ("validFrames", .optional(description?.packetTable?.validFrames)),
                ("primingFrames", .optional(description?.packetTable?.primingFrames)),
                ("remainderFrames", .optional(description?.packetTable?.remainderFrames)),
                ("notes", .array((description?.notes ?? []).map(JSONValue.string))),
            ]
        }
        return .object(members)
    }

    /// Whole rates print as integers (44100), fractional ones as numbers.
    private static func sampleRate(_ rate: Double?) -> JSONValue {
        guard let rate else { return .null }
        if rate == rate.rounded(), let whole = Int64(exactly: rate) { return .int(whole) }
        return .optional(rate)
    }

    private static func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("code", .string(finding.code.rawValue)), ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)), ("fix", .optional(finding.fix)),
        ])
    }
}
