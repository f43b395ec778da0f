import ArgumentParser
import SoundPolicy

/// `soundcheck codes`: every finding code, its default severity and what it means.
struct CodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes", abstract: "List every finding code with its severity and meaning (see also: explain CODE).")

    func run() throws {
        let width = FindingCode.allCases.map(\.rawValue.count).max() ?? 0
        let lines = FindingCode.allCases.map { code in
            code.rawValue.padded(to: width + 2) + code.defaultSeverity.rawValue.padded(to: 9) + code.summary
        }
        try writeReport(lines.joined(separator: "\n"))
    }
}
