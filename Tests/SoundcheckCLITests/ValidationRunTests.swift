import Testing

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

    @Test("only a command line without options takes the shortcut")
    func onlyPaths() {
        #expect(ValidationRun.takesOnlyPaths([]))
        #expect(ValidationRun.takesOnlyPaths(["Sounds", "a.caf"]))
        #expect(!ValidationRun.takesOnlyPaths(["Sounds", "--format", "json"]))
        #expect(!ValidationRun.takesOnlyPaths(["-q", "Sounds"]))
        #expect(!ValidationRun.takesOnlyPaths(["--help"]))
    }
}
