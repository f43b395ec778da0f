import SoundContainers

/// The policy's judgement of one file.
public struct Verdict: Equatable, Sendable {
    /// The file's description, when its header could be read.
    public var description: AudioDescription?
    /// What is wrong with it, errors first.
    public var findings: [Finding]
    /// True when the file will play as a notification sound (and, under a strict policy, has no warnings).
    public var passed: Bool

    /// Creates a verdict.
    public init(description: AudioDescription?, findings: [Finding], passed: Bool) {
        self.description = description
        self.findings = findings
        self.passed = passed
    }

    /// The number of findings that are warnings.
    public var warningCount: Int { findings.reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }

    /// The number of findings that are notes.
    public var noteCount: Int { findings.reduce(0) { $0 + ($1.severity == .note ? 1 : 0) } }
}
