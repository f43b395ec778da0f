/// What a ``ValidationRequest`` found: each judged file (a sound, or a line of code, a project, a
/// config that a finding is about) with its verdict, as every report format renders it.
public struct ValidationReport: Sendable {
    /// The judged files, each with the part of the report its formatter rendered.
    package let judged: [JudgedFile]
    /// How many findings the baseline accepted.
    public let acceptedByBaseline: Int
    /// How many of the baseline's findings no longer occur.
    public let staleInBaseline: Int
    /// This run's findings as a baseline records them, when the run was asked to record one.
    package let recorded: Baseline?

    /// The judged files, in path order (then line, then target).
    public var files: [FileReport] { judged.map(\.report) }
    /// The totals, as every report format ends with them.
    public var summary: ReportSummary { ReportSummary(judged) }
    /// True when every file passed: no error, and no warning under a strict policy.
    public var passed: Bool { judged.allSatisfy(\.passed) }
}
