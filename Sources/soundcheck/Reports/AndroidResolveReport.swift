import AppValidation
import SoundPolicy
import SoundResolver

/// How `resolve --platform android` prints Android's answers: text for people, a JSON object
/// beside the iOS contract's.
struct AndroidResolveReport {
    /// One answer in words.
    func text(_ answer: AndroidResolvedSound) -> String {
        let request = answer.request
        let name = (request.name ?? "(no sound)") + " [\(request.fields)]"
        var lines: [String]
        switch answer.outcome {
        case .file(let path): lines = ["\(name): plays \(path) (res/raw)"]
        case .defaultSound: lines = ["\(name): the default sound plays (\(answer.reason?.rawValue ?? "requested"))"]
        case .none: lines = ["\(name): the body names no Android sound"]
        }
        lines.append("  note: \(answer.channelNote)")
        lines += request.notes.map { "  note: \($0)" }
        for finding in answer.findings {
            lines.append("  \(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]")
        }
        lines += answer.hints.map { "  hint: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// One answer as a JSON object: `platform`, `name`, `channel`, `result`, `path`, `reason`,
    /// `findings`, `hints`, `notes`.
    func jsonObject(_ answer: AndroidResolvedSound) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("platform")
        json.string("android")
        json.key("name")
        json.string(answer.request.name)
        json.key("fields")
        json.string(answer.request.fields)
        json.key("channel")
        json.string(answer.request.channelID)
        json.key("result")
        json.string(answer.resultName)
        json.key("path")
        if case .file(let path) = answer.outcome { json.string(path) } else { json.string(nil) }
        json.key("reason")
        json.string(answer.reason?.rawValue)
        json.key("findings")
        json.findings(answer.findings)
        json.key("hints")
        json.strings(answer.hints)
        json.key("notes")
        json.strings([answer.channelNote] + answer.request.notes)
        json.endObject()
        return json.text
    }
}
