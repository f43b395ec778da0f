import AppValidation
import SoundContainers
import SoundConverter
import SoundPolicy

/// `info`'s text: an afinfo-like block of facts per file, its loudness, true peak and silence, with
/// the verdict, and on a terminal a one-line waveform.
struct InfoTextReport: ReportWriter {
    /// Draws the waveform line (only when standard output is a terminal).
    var drawsWaveform = false

    func fragment(for report: FileReport) -> String {
        var rows: [(String, String)] = []
        if let description = report.verdict.description {
            rows += facts(description)
        }
        rows += SoundLoudnessFacts(path: report.path).textRows
        if drawsWaveform, let line = try? sparkline(report.path) { rows.append(("waveform", line)) }
        rows.append(("verdict", report.verdict.passed ? "pass" : "fail"))
        for finding in report.verdict.findings {
            rows.append((finding.severity.rawValue, "\(finding.message) [\(finding.code.rawValue)]"))
            if let fix = finding.fix { rows.append(("fix", fix.commandLine)) }
        }
        return ([report.path] + rows.map { "  " + $0.0.padded(to: 14) + $0.1 }).joined(separator: "\n")
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        try writeFragments(files, between: "\n\n", to: &output)
    }

    /// The sound's loudest sample per column as block characters, ▁ (silence) to █ (full scale).
    private func sparkline(_ path: String) throws -> String {
        let overview = try AudioOverview.make(path: path, columns: 48)
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(
            zip(overview.minimums, overview.maximums).map { low, high in
                blocks[min(blocks.count - 1, Int(max(abs(low), abs(high)) * Float(blocks.count)))]
            })
    }

    private func facts(_ description: AudioDescription) -> [(String, String)] {
        var rows: [(String, String)] = [("container", description.container.displayName)]
        var format = "\(description.encoding.name), \(description.channels) ch, \(formatRate(description.sampleRate))"
        if let packets = description.packets {
            format += ", \(packets.bytesPerPacket) bytes/packet, \(packets.framesPerPacket) frames/packet"
        }
        format += ", \(description.bitsPerChannel) bits/channel"
        rows.append(("data format", format))
        rows.append(("sample rate", formatRate(description.sampleRate)))
        rows.append(("channels", "\(description.channels)"))
        rows.append(("frames", description.frameCount.map(String.init) ?? "unknown"))
        rows.append(("duration", description.duration.map(formatSeconds) ?? "unknown"))
        rows.append(("audio bytes", "\(description.audioByteCount) at byte \(description.dataRange.lowerBound)"))
        if let count = description.packets?.packetCount {
            rows.append(("packets", "\(count)"))
        }
        if let table = description.packetTable {
            rows.append(
                (
                    "packet table",
                    "\(table.validFrames) valid frames, \(table.primingFrames) priming, \(table.remainderFrames) remainder"
                        + " (lists \(table.packetCount) packets)"
                ))
        }
        for note in description.notes {
            rows.append(("note", note))
        }
        return rows
    }
}
