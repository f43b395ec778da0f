import AppValidation
import SoundContainers
import SoundPolicy

/// `--format html`: one self-contained page for the people who make and review the sounds. A
/// row per file (path, verdict, container, data format, rate, channels, duration, sortable), its
/// findings with their fixes, its waveform with the limit and `fix`'s cut marked, and a preview
/// to play, and its loudness beside the waveform; a summary of verdicts and finding codes on top, with filters. A report on what is not a
/// sound (a line of code, a config) is a row of its findings, marked by the worst of them, with
/// no sound's columns, waveform or preview.
struct HTMLReport: ReportWriter {
    /// The limit the policy judges by, marked on the waveforms.
    let maxDuration: Double
    /// `fix`'s fade-out before a cut, in seconds.
    var fadeSeconds = 0.25
    /// The loudness target the meter beside each waveform marks, in LUFS.
    var loudnessTarget = ListeningRules.defaultTarget
    /// The previews until the page is written.
    let spool = PreviewSpool()
    /// Each part decodes its file, which takes from a millisecond to a second: a few files at a
    /// time keep both workers busy to the end (200 real-length sounds: 1.03 s in batches of 4,
    /// 1.17 s in batches of 64).
    var filesPerBatch: Int { 4 }

    func fragment(for report: FileReport) -> String {
        let verdict = report.verdict
        let description = verdict.description
        let codes = verdict.findings.map(\.code.rawValue)
        let passed = verdict.passed ? "pass" : "fail"
        var html = #"<tbody class="file" data-verdict="\#(passed)" data-warnings="\#(verdict.warningCount)" "#
        html += #"data-codes="\#(xmlEscaped(Set(codes).sorted().joined(separator: " ")))" data-path="\#(xmlEscaped(report.label))" "#
        html += #"data-container="\#(xmlEscaped(description?.container.displayName ?? ""))" "#
        html += #"data-encoding="\#(xmlEscaped(description?.encoding.name ?? ""))" data-rate="\#(description?.sampleRate ?? 0)" "#
        html += #"data-channels="\#(description?.channels ?? 0)" data-duration="\#(description?.duration ?? 0)">"#
        html += #"<tr><td><span class="\#(passed)">\#(badge(for: report))</span></td>"#
        html += #"<th scope="row"><code>\#(xmlEscaped(report.location))</code>\#(xmlEscaped(report.targetNote))</th>"#
        html += "<td>\(xmlEscaped(description?.container.displayName ?? "–"))</td>"
        html += "<td>\(xmlEscaped(description?.encoding.name ?? "–"))</td>"
        html += "<td>\(description.map { formatRate($0.sampleRate) } ?? "–")</td>"
        html += "<td>\(description.map { String($0.channels) } ?? "–")</td>"
        html += "<td>\(description?.duration.map(formatSeconds) ?? "–")</td></tr>"
        html += #"<tr class="detail"><td></td><td colspan="6">"#
        if !verdict.findings.isEmpty {
            html += #"<ul class="findings">"#
            for finding in verdict.findings {
                html += #"<li><span class="\#(finding.severity.rawValue)">\#(finding.severity.rawValue)</span> "#
                html += "\(xmlEscaped(finding.message)) <code>[\(finding.code.rawValue)]</code>"
                if let fix = finding.fix { html += #"<div class="fix">fix: <code>\#(xmlEscaped(fix.commandLine))</code></div>"# }
                html += "</li>"
            }
            html += "</ul>"
        }
        if report.isSound {
            let figure = SoundFigure(
                path: report.path, expectedDuration: description?.duration, maxDuration: maxDuration,
                isCut: codes.contains(FindingCode.tooLong.rawValue), fadeSeconds: fadeSeconds, name: report.label, spool: spool,
                loudnessTarget: loudnessTarget)
            html += figure.html
        }
        return html + "</td></tr></tbody>\n"
    }

    /// "✓ pass" or "✗ fail" for a sound; for what is not a sound, which never passes as one, its
    /// worst finding's severity.
    private func badge(for report: FileReport) -> String {
        guard !report.isSound else { return report.verdict.passed ? "✓ pass" : "✗ fail" }
        if !report.verdict.passed { return "✗ error" }
        return report.verdict.findings.contains { $0.severity == .warning } ? "⚠ warning" : "ℹ note"
    }

    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws {
        let summary = ReportSummary(files)
        try output.write(HTMLPage.head(title: "soundcheck: \(summary.text)"))
        var counts: [String: Int] = [:]
        for file in files {
            for code in Set(file.report.verdict.findings.map(\.code.rawValue)) { counts[code, default: 0] += 1 }
        }
        let codes = counts.sorted { $0.key < $1.key }.map { (code: $0.key, count: $0.value) }
        var bar = #"<section class="summary" aria-label="Summary"><span>\#(summary.files) files</span>"#
        bar += #"<span class="pass">\#(summary.passed) pass</span><span class="fail">\#(summary.failed) fail</span>"#
        bar += #"<span class="warning">\#(summary.warnings) warnings</span><span class="codes">"#
        bar += codes.map { "<span>\(xmlEscaped($0.code)): \($0.count) \($0.count == 1 ? "file" : "files")</span>" }.joined()
        bar += "</span></section>\n"
        try output.write(bar + HTMLPage.filters(codes: codes) + "\n")
        try output.write(#"<table id="files"><caption class="visually-hidden">Checked sound files</caption><thead><tr>"#)
        let columns = [
            ("verdict", "Verdict", "text"), ("path", "File", "text"), ("container", "Container", "text"),
            ("encoding", "Data format", "text"), ("rate", "Rate", "number"), ("channels", "Channels", "number"),
            ("duration", "Duration", "number"),
        ]
        for (key, title, type) in columns {
            try output.write(#"<th scope="col"><button type="button" data-key="\#(key)" data-type="\#(type)">\#(title)</button></th>"#)
        }
        try output.write("</tr></thead>\n")
        defer { spool.removeFiles() }
        for file in files { try output.write(spool.embed(file.fragment)) }
        try output.write("</table>\n" + spool.note + HTMLPage.tail)
    }
}
