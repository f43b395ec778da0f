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
            #expect(ValidationRun(parsed) == ValidationRun(paths: paths))
        }
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
