import ArgumentParser

/// soundcheck's exit codes (design.md), a contract for CI scripts.
extension ExitCode {
    /// Every file passed.
    static let passed = ExitCode(0)
    /// At least one file failed (or `resolve` fell back to the default sound).
    static let failed = ExitCode(1)
    /// The command line was wrong: bad flags, a missing path, a folder with no sounds.
    static let usage = ExitCode(2)
    /// The tool itself failed (for example, it could not write its report).
    static let toolFailure = ExitCode(3)
}
