import Testing

@testable import AppValidation
@testable import soundcheck

/// `soundcheck validate PATH…` skips the argument parser: its run must be exactly the one the
/// parser would have made, so the two sets of defaults cannot drift apart.
@Suite("validate without options")
struct ValidationRunTests {
    @Test("the run made from paths alone equals the parsed command's, for no path, one and many")
    func sameDefaults() throws {
        for paths in [[], ["Sounds"], ["a.caf", "b folder", "c.wav"]] {
            let parsed = try ValidateCommand.parse(paths)
            #expect(try ValidationRun(parsed) == ValidationRun(paths: paths))
        }
    }

    @Test("the input files of an Xcode Run Script phase, and a clear error outside one")
    func scriptInputFiles() throws {
        let environment = ["SCRIPT_INPUT_FILE_COUNT": "2", "SCRIPT_INPUT_FILE_0": "A/a.caf", "SCRIPT_INPUT_FILE_1": "B c/b.wav"]
        #expect(try ValidationRun.scriptInputFiles { environment[$0] } == ["A/a.caf", "B c/b.wav"])
        #expect(throws: UsageFailure.self) { try ValidationRun.scriptInputFiles { _ in nil } }
        #expect(throws: UsageFailure.self) { try ValidationRun.scriptInputFiles { $0 == "SCRIPT_INPUT_FILE_COUNT" ? "1" : nil } }
    }

    @Test("a command line read without the argument parser is the run the parser makes of it")
    func sameRunAsParsed() throws {
        let paths = ["Sounds", "a.caf", "-", "b c.wav", "--"]
        let options: [[String]] = [
            ["--files-from", "list.txt"], ["--files-from", "-"], ["-0"], ["--format", "json"], ["--format", "github"],
            ["--format", "bogus"], ["--max-duration", "12.5"], ["--max-duration", "0"], ["--max-duration", "x"],
            ["--warn-over", "5"], ["--warn-over", "-1"], ["--strict"], ["--no-strict"], ["--config", "c.yml"], ["--no-config"],
            ["--include", "*/A"], ["--exclude", "*/B"], ["--jobs", "3"], ["--jobs", "0"], ["-q"], ["--quiet"], ["-o", "r.json"],
            ["--output", "r.xml"], ["--container", "C"], ["--group", "G1"], ["--group", "G2"], ["--bundle", "App.app"],
            ["--format"], ["--output", "-x"], ["--format=json"], ["-q0"], ["--help"], ["--unknown"], ["--listen"], ["--no-listen"],
            ["--loudness-target", "-20"], ["--loudness-target", "5"], ["--loudness-target", "-"], ["--quiet-margin", "12"],
            ["--quiet-margin", "-3"], ["--late-start", "0.25"], ["--late-start", "0"], ["--max-true-peak", "-1"],
            ["--max-true-peak", "x"],
        ]
        var generator = SystemRandomNumberGenerator()
        var readDirectly = 0
        for _ in 0..<600 {
            var words: [String] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                words +=
                    Bool.random(using: &generator)
                    ? options.randomElement(using: &generator)! : [paths.randomElement(using: &generator)!]
            }
            let parsed = try? ValidationRun(ValidateCommand.parse(words))
            guard let direct = ValidationRun(commandLine: words[...]) else { continue }
            readDirectly += 1
            #expect(parsed == direct, "\(words)")
        }
        #expect(readDirectly > 100, "most generated lines are read directly: \(readDirectly)")
        let full = [
            "--format", "json", "--files-from", "-", "-0", "-q", "--strict", "--max-duration", "20", "--include", "*/S",
            "--include", "*/T", "a.caf", "--", "-b.caf",
        ]
        #expect(ValidationRun(commandLine: full[...]) == (try ValidationRun(ValidateCommand.parse(full))))
        #expect(ValidationRun(commandLine: ["Sounds", "a.caf"]) == ValidationRun(paths: ["Sounds", "a.caf"]))
        for refused in [
            ["--help"], ["--format=json"], ["--strict", "--no-strict"], ["-0", "a.caf"], ["--format", "json", "--format", "text"],
            ["--config", "c", "--no-config"], ["--use-script-input-files"], ["--version"],
        ] {
            #expect(ValidationRun(commandLine: refused[...]) == nil, "\(refused) goes to the argument parser")
        }
    }

    @Test("every option of validate is read directly or handed to the argument parser on purpose")
    func everyOptionKnown() {
        // The option lines of the help: "  -q, --quiet   In text output…", "  --strict/--no-strict   Fail…".
        var names = Set<String>()
        for line in ValidateCommand.helpMessage(columns: 1000).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            let end = trimmed.firstRange(of: "  ")?.lowerBound ?? trimmed.endIndex  // long names put the help on the next line
            for name in trimmed[..<end].split(whereSeparator: { $0 == "," || $0 == "/" }).map({
                $0.trimmingPrefix(" ").split(separator: " ")[0]
            }) where name.hasPrefix("-") {
                if name.hasPrefix("--[no-]") {
                    names.formUnion(["--" + name.dropFirst(7), "--no-" + name.dropFirst(7)])
                } else {
                    names.insert(String(name))
                }
            }
        }
        let handedOver: Set<String> = ["--use-script-input-files", "-h", "--help", "--version"]
        #expect(names.subtracting(handedOver) == Set(ValidationRun.optionsReadDirectly), "\(names)")
        #expect(ValidationRun.optionsReadDirectly.allSatisfy { ValidationRun.takesValue($0) != nil })
        #expect(ValidationRun.takesValue("--use-script-input-files") == nil)
    }
}
