/// soundcheck's exit codes (design.md), a contract for CI scripts.
enum ExitStatus {
    /// Every file passed.
    static let passed: Int32 = 0
    /// At least one file failed.
    static let failed: Int32 = 1
    /// The command line was wrong: bad flags, a missing path, a folder with no sounds.
    static let usage: Int32 = 2
    /// The tool itself failed (for example, it could not write its report).
    static let toolFailure: Int32 = 3
}

/// A mistake in how the tool was called, found after parsing (a path that does not exist, …).
struct UsageFailure: Error {
    let message: String
}
