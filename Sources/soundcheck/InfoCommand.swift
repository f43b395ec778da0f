import ArgumentParser
import SoundContainers
import SoundPolicy

/// `soundcheck info`: describes files the way afinfo does, with the verdict.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe sound files: container, data format, frames, duration and verdict."
    )

    @Argument(help: "Files to describe.")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: InfoFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    func run() throws {
        let policy = policyOptions.policy
        let reports = files.map { FileReport(path: $0, verdict: policy.verdict(forFileAt: $0)) }
        switch format {
        case .text: try writeReport(reports.map(describe).joined(separator: "\n\n"))
        case .json: try writeReport(JSONReport.render(reports, detailed: true))
        }
        if reports.contains(where: { !$0.verdict.passed }) { throw ExitCode(ExitStatus.failed) }
    }

    private func describe(_ report: FileReport) -> String {
        var rows: [(String, String)] = []
        if let description = report.verdict.description {
            rows += facts(description)
        }
        let verdict = report.verdict.passed ? "pass" : "fail"
        rows.append(("verdict", verdict))
        for finding in report.verdict.findings {
            rows.append((finding.severity.rawValue, "\(finding.message) [\(finding.code.rawValue)]"))
            if let fix = finding.fix { rows.append(("fix", fix)) }
        }
        return ([report.path] + rows.map { "  " + $0.0.padding(to: 14) + $0.1 }).joined(separator: "\n")
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

/// The formats `info` can print in.
enum InfoFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
