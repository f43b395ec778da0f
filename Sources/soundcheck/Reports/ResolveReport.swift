import AppValidation
import SoundPolicy
import SoundResolver

/// How `resolve` prints its answers: text for people, JSON as design.md's contract.
struct ResolveReport {
    let results: [ResolvedSound]

    /// One answer in words.
    func text(_ result: ResolvedSound) -> String {
        let name = (result.request.name ?? "(no sound)") + (result.request.source.map { " [\($0.rawValue)]" } ?? "")
        var lines: [String]
        switch result.outcome {
        case .file(let file):
            lines = ["\(name): plays \(file.path) (\(file.location.rawValue); \(file.description.summaryText))"]
        case .none:
            lines = ["\(name): no sound (\(result.reason == .soundsDisabled ? "sounds are turned off" : "the request asks for none"))"]
        case .defaultSound, .defaultCriticalSound:
            let which = result.outcome == .defaultCriticalSound ? "the default critical sound" : "the default sound"
            lines = ["\(name): \(which) plays (\(result.reason?.rawValue ?? "requested"))"]
        }
        for finding in result.findings {
            lines.append("  \(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]")
        }
        lines += result.hints.map { "  hint: \($0)" }
        if !result.searched.isEmpty, result.file == nil {
            lines.append("  searched: \(result.searched.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    /// All answers as a table, one row each, then a count.
    func table() -> String {
        let rows = results.map { result -> [String] in
            let name = result.request.name ?? "(no sound)"
            let detail = result.file.map { "\($0.location.rawValue): \($0.path)" } ?? (result.reason?.rawValue ?? "")
            return [name + (result.request.isCritical ? " (critical)" : ""), result.resultName, detail]
        }
        let header = ["REQUEST", "RESULT", "FILE OR REASON"]
        let widths = (0..<2).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + rows).map { row in
            row[0].padded(to: widths[0] + 2) + row[1].padded(to: widths[1] + 2) + row[2]
        }
        let fellBack = results.filter(\.fellBack).count
        return (lines + ["\(results.count) requests: \(results.count - fellBack) play as asked, \(fellBack) fall back to the default"])
            .joined(separator: "\n")
    }

    /// One answer as design.md's JSON object.
    func jsonObject(_ result: ResolvedSound) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("name")
        json.string(result.request.name)
        json.key("source")
        json.string(result.request.source?.rawValue)
        json.key("critical")
        json.bool(result.request.isCritical)
        json.key("volume")
        json.number(result.request.volume)
        json.key("result")
        json.string(result.resultName)
        json.key("path")
        json.string(result.file?.path)
        json.key("location")
        json.string(result.file?.location.rawValue)
        json.key("reason")
        json.string(result.reason?.rawValue)
        json.key("findings")
        json.findings(result.findings)
        json.key("hints")
        json.strings(result.hints)
        json.key("searched")
        json.strings(result.searched)
        json.endObject()
        return json.text
    }
}
