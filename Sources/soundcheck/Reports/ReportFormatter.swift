import AppValidation

/// A report format: each file's part is rendered on the thread that judged the file, then the
/// report is written around the parts, in path order, straight to the output.
protocol ReportWriter: ReportFormatter {
    /// Writes the whole report around the files' parts, which come in path order.
    func write(_ files: [JudgedFile], to output: inout ReportOutput) throws
}

extension ReportWriter {
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
