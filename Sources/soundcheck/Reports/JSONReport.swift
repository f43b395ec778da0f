import AppValidation
import SoundContainers
import SoundPolicy

/// The JSON report of `validate` and `info` (design.md "JSON report", a stable contract).
struct JSONReport: ReportWriter {
    /// Adds the container facts and the loudness `info` prints.
    let detailed: Bool
    /// The configuration file the run read, named in the report's `configuration` field.
    var configurationFile: String? = nil

    func fragment(for report: FileReport) -> String {
        var json = JSONWriter()
        Self.file(report, detailed: detailed, into: &json)
        return json.text
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try output.write(#"{"files":["#)
        try writeFragments(files, between: ",", to: &output)
        let summary = ReportSummary(files)
        var json = JSONWriter()
        json.beginObject()
        json.key("files")
        json.integer(summary.files)
        json.key("passed")
        json.integer(summary.passed)
        json.key("failed")
        json.integer(summary.failed)
        json.key("warnings")
        json.integer(summary.warnings)
        json.key("notes")
        json.integer(summary.notes)
        json.endObject()
        var configuration = JSONWriter()
        configuration.string(configurationFile)
        try output.write(#"],"summary":"# + json.text + #","configuration":"# + configuration.text + "}")
    }

    private static func file(_ report: FileReport, detailed: Bool, into json: inout JSONWriter) {
        let description = report.verdict.description
        json.beginObject()
        json.key("path")
        json.string(report.path)
        if let target = report.target {
            json.key("target")
            json.string(target)
        }
        if !report.moreTargets.isEmpty {
            json.key("targets")
            json.strings(report.targets)
        }
        if let line = report.line {
            json.key("line")
            json.integer(line)
        }
        json.key("platform")
        json.string(report.platform.rawValue)
        json.key("purpose")
        json.string(report.purpose.rawValue)
        json.key("verdict")
        json.string(report.verdict.passed ? "pass" : "fail")
        json.key("container")
        json.string(description?.container.rawValue)
        json.key("encoding")
        json.string(description?.encoding.name)
        json.key("sampleRate")
        sampleRate(description?.sampleRate, into: &json)
        json.key("channels")
        json.integer(description?.channels)
        json.key("bitsPerChannel")
        json.integer(description?.bitsPerChannel)
        json.key("frames")
        json.integer(description?.frameCount)
        json.key("duration")
        json.number(description?.duration)
        json.key("findings")
        json.findings(report.verdict.findings)
        if detailed {
            containerFacts(description, into: &json)
            SoundLoudnessFacts(path: report.path).writeJSON(into: &json)
        }
        json.endObject()
    }

    /// The extra facts `info --format json` adds.
    private static func containerFacts(_ description: AudioDescription?, into json: inout JSONWriter) {
        json.key("audioOffset")
        json.integer(description?.dataRange.lowerBound)
        json.key("audioBytes")
        json.integer(description?.audioByteCount)
        json.key("bytesPerPacket")
        json.integer(description?.packets?.bytesPerPacket)
        json.key("framesPerPacket")
        json.integer(description?.packets?.framesPerPacket)
        json.key("packets")
        json.integer(description?.packets?.packetCount)
        json.key("validFrames")
        json.integer(description?.packetTable?.validFrames)
        json.key("primingFrames")
        json.integer(description?.packetTable?.primingFrames)
        json.key("remainderFrames")
        json.integer(description?.packetTable?.remainderFrames)
        json.key("notes")
        json.strings(description?.notes ?? [])
    }

    /// Whole rates print as integers (44100), fractional ones as numbers.
    private static func sampleRate(_ rate: Double?, into json: inout JSONWriter) {
        if let rate, rate == rate.rounded(), let whole = Int64(exactly: rate) {
            json.integer(whole)
        } else {
            json.number(rate)
        }
    }
}
