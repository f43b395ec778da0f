/// How a run renders each file's part of its report: on the thread that judged the file, so that
/// the writing thread only joins the parts.
package protocol ReportFormatter: Sendable {
    /// The part of the report for one file; empty when the file shows nothing.
    func fragment(for report: FileReport) -> String
    /// Files handed to a worker at once: large enough to amortise the hand-over, small enough
    /// that the workers finish together.
    var filesPerBatch: Int { get }
}

extension ReportFormatter {
    /// For parts made from headers alone: 64 (`Scripts/bench validate`: 2,000 files as a list
    /// took 11.5 ms in batches of 32, 9.9 ms in batches of 64, 10.1 ms in batches of 128).
    package var filesPerBatch: Int { 64 }
}
