import AppValidation
import ArgumentParser
import SoundPolicy

/// `soundcheck explain CODE`: what one finding code means, why it matters and what fixes it.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Explain a finding code: what it means, why it matters, what fixes it.")

    @Argument(help: "A finding code, as reports print it (e.g. too-long).")
    var code: String

    func run() throws {
        guard let finding = FindingCode(rawValue: code) else {
            throw UsageFailure(
                message: "'\(code)' is no finding code; they are: \(FindingCode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        try writeReport("\(finding.rawValue) (\(finding.defaultSeverity.rawValue))\n\(finding.summary)\n\n\(finding.explanation)")
    }
}
