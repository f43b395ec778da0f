import Foundation
import Testing
import TestSupport

@testable import soundcheck

/// Keeps the command examples of README.md, CONTRIBUTING.md and docs/ true: every `$ soundcheck …`
/// line parses as the CLI parses it, and every example whose inputs are in the package and whose
/// output is shown is run and must print that output.
@Suite("Documentation examples")
struct DocumentationExamplesTests {

    @Test("every soundcheck command in the documentation parses")
    func everyCommandParses() throws {
        let examples = try DocumentationExample.all()
        #expect(examples.count >= 30, "the documentation shows \(examples.count) soundcheck commands")
        for example in examples {
            do {
                _ = try SoundCheck.parseAsRoot(example.arguments)
            } catch {
                let exitCode = SoundCheck.exitCode(for: error)
                #expect(exitCode == .success, "\(example.place): `\(example.command)` does not parse: \(SoundCheck.message(for: error))")
            }
        }
    }

    @Test("every runnable example prints what the documentation shows")
    func runnableExamplesPrintTheirOutput() throws {
        let examples = try DocumentationExample.all()
        var ran: [String] = []
        for example in examples where example.isRunnable {
            let result = try Soundcheck.run(example.arguments, in: example.directory)
            let printed = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init).filter { !$0.isEmpty }
            #expect(
                DocumentationExample.matches(shown: example.output, printed: printed),
                "\(example.place): `\(example.command)` printed:\n\(printed.joined(separator: "\n"))")
            ran.append(example.place)
        }
        let frontPage = examples.filter { $0.file == "README.md" && !$0.output.isEmpty }
        let notRun = frontPage.filter { !$0.isRunnable }.map(\.place)
        #expect(notRun.isEmpty, "every example with output on the front page runs")
        #expect(ran.count >= 12, "ran \(ran.count) examples: \(ran)")
    }
}

/// One `$ soundcheck …` line of a Markdown code block, with the lines printed after it.
struct DocumentationExample {
    let file: String
    let line: Int
    let command: String
    let arguments: [String]
    /// The command sends its output to another command, whose output is the one shown.
    let isPipeline: Bool
    /// The folder it runs in: the package root, or where a `$ cd` earlier in the block went.
    let directory: String
    let output: [String]

    var place: String { "\(file):\(line)" }

    /// Runs without changing anything, its inputs are in the package, and its output is shown.
    var isRunnable: Bool {
        guard !output.isEmpty, let subcommand = arguments.first else { return false }
        let writes = arguments.contains("-o") || arguments.contains("--output") || arguments.contains("--write-baseline")
        let readOnly = ["validate", "info", "resolve", "names", "codes", "explain", "inventory"].contains(subcommand)
            || (subcommand == "fix" && arguments.contains("--dry-run"))
        guard readOnly, !writes, FileManager.default.fileExists(atPath: directory) else { return false }
        let takesPaths = ["validate", "info", "fix", "names", "inventory"].contains(subcommand)
        var paths = takesPaths ? positionals : []
        paths += arguments.filter { $0.contains("/") && !$0.hasPrefix("{") && !$0.hasPrefix("-") }
        paths += zip(arguments, arguments.dropFirst()).compactMap { option, value in
            if option == "--payload" { return value.hasPrefix("@") ? String(value.dropFirst()) : nil }
            return Self.fileOptions.contains(option) && value != "-" ? value : nil
        }
        let atAnAppsRoot = positionals.contains(".") && directory == TestPaths.packageRoot
        return !isPipeline && !atAnAppsRoot && (!takesPaths || !positionals.isEmpty)
            && paths.allSatisfy { FileManager.default.fileExists(atPath: directory + "/" + $0) }
    }

    /// Options whose value names a file to read.
    private static let fileOptions: Set<String> = ["--names", "--inventory", "--config", "--files-from", "--raw", "--baseline"]

    /// The arguments after the subcommand that are neither options nor an option's value.
    private var positionals: [String] {
        let flags: Set<String> = [
            "--dry-run", "--in-place", "--no-backup", "--no-config", "-0", "-v", "--verbose", "-q", "--quiet",
            "--strict", "--no-strict", "--critical", "--mix", "--no-names",
        ]
        var words: [String] = []
        var previous = ""
        for argument in arguments.dropFirst() {
            if !argument.hasPrefix("-"), !previous.hasPrefix("-") || flags.contains(previous) {
                words.append(argument)
            }
            previous = argument
        }
        return words
    }

    /// The documentation's Markdown files.
    static let files = ["README.md", "CONTRIBUTING.md"] + [
        "docs/cli.md", "docs/ci.md", "docs/apps.md", "docs/performance.md", "docs/architecture.md",
    ]

    static func all() throws -> [DocumentationExample] {
        try files.flatMap { file in
            try examples(in: String(contentsOfFile: TestPaths.packageRoot + "/" + file, encoding: .utf8), file: file)
        }
    }

    /// The examples of one Markdown text.
    static func examples(in text: String, file: String) -> [DocumentationExample] {
        var examples: [DocumentationExample] = []
        var inBlock = false
        var directory = TestPaths.packageRoot
        var pending: (line: Int, command: String)?
        var output: [String] = []
        func finish() {
            if let (line, command) = pending, let arguments = soundcheckArguments(command) {
                examples.append(
                    .init(
                        file: file, line: line, command: command, arguments: arguments.words, isPipeline: arguments.piped,
                        directory: directory, output: output))
            }
            pending = nil
            output = []
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated().makeIterator()
        while let (index, line) = lines.next() {
            if line.hasPrefix("```") {
                finish()
                inBlock.toggle()
                directory = TestPaths.packageRoot
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                finish()
                var command = String(line.dropFirst(2))
                while command.hasSuffix("\\"), let (_, next) = lines.next() {
                    command = String(command.dropLast()) + " " + next.trimmingCharacters(in: .whitespaces)
                }
                if command.hasPrefix("cd ") {
                    directory += "/" + command.dropFirst(3).trimmingCharacters(in: .whitespaces)
                } else {
                    pending = (index + 1, command)
                }
            } else if pending != nil, !line.isEmpty {
                output.append(line)
            }
        }
        finish()
        return examples
    }

    /// The arguments after `soundcheck` in a shell command, or nil for another command, and whether
    /// it is piped. Only the first command of a pipeline or list counts; a `# comment` is dropped.
    static func soundcheckArguments(_ command: String) -> (words: [String], piped: Bool)? {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var piped = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word!.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if word == nil, "#|;&<>".contains(character) {
                piped = character == "|"
                break
            } else if word != nil, "|;&<>".contains(character) {
                piped = character == "|"
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        guard words.first == "soundcheck" else { return nil }
        return (Array(words.dropFirst()), piped)
    }

    /// Whether printed lines are the shown ones. A shown line of `…` stands for any lines, `…`
    /// inside a line for any text, and `/path/to/App` for the package root.
    static func matches(shown: [String], printed: [String]) -> Bool {
        let patterns = shown.map { line -> Regex<AnyRegexOutput>? in
            if line == "…" { return nil }
            let escaped = line.split(separator: "…", omittingEmptySubsequences: false)
                .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: ".*")
                .replacingOccurrences(of: NSRegularExpression.escapedPattern(for: "/path/to/App"), with: ".*")
            return (try? Regex("^" + escaped + "$")) ?? (try! Regex("(?!)"))
        }
        func match(_ s: Int, _ p: Int) -> Bool {
            if s == patterns.count { return p == printed.count }
            guard let pattern = patterns[s] else {
                return (p...printed.count).contains { match(s + 1, $0) }
            }
            return p < printed.count && printed[p].wholeMatch(of: pattern) != nil && match(s + 1, p + 1)
        }
        return match(0, 0)
    }
}
