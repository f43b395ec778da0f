/// A report format: each file's part is rendered on the thread that judged the file, then the
/// report is written around the parts, in path order, straight to the output.
protocol ReportFormatter: Sendable {
    /// The part of the report for one file; empty when the file shows nothing.
    func fragment(for report: FileReport) -> String
    /// Writes the whole report around the files' parts, which come in path order.
    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws
    /// Files handed to a worker at once: large enough to amortise the hand-over, small enough
    /// that the workers finish together.
    var filesPerBatch: Int { get }
}

extension ReportFormatter {
    /// For parts made from headers alone: 64 (`Scripts/bench validate`: 2,000 files as a list
    /// took 11.5 ms in batches of 32, 9.9 ms in batches of 64, 10.1 ms in batches of 128).
    var filesPerBatch: Int { 64 }
}

extension ReportFormatter {
    /// Writes the non-empty fragments with `separator` between them (a JSON array's commas).
    func writeFragments(_ files: [JudgedFile], between separator: String, to output: inout ReportOutput) throws {
        var first = true
        for file in files where !file.fragment.isEmpty {
            if !first { try output.write(separator) }
            try output.write(file.fragment)
            first = false
        }
    }

    /// Writes the non-empty fragments, each followed by `separator`.
    func writeFragments(_ files: [JudgedFile], separator: String, to output: inout ReportOutput) throws {
        for file in files where !file.fragment.isEmpty {
            try output.write(file.fragment)
            try output.write(separator)
        }
    }
}
