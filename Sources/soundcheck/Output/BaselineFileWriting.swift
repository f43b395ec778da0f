import AppValidation

extension BaselineFile {
    /// The text of `baseline`'s file.
    static func text(of baseline: Baseline) -> String {
        let lines = baseline.counts.keys.sorted().map { key -> String in
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("file")
            writer.string(key.file)
            writer.key("code")
            writer.string(key.code.rawValue)
            if let name = key.name {
                writer.key("name")
                writer.string(name)
            }
            writer.key("count")
            writer.integer(baseline.counts[key] ?? 0)
            writer.endObject()
            return "    " + writer.text
        }
        return "{\n  \"format\": \"\(format)\",\n  \"version\": \(version),\n  \"findings\": [\n"
            + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Writes `baseline` to `path`, replacing what is there atomically (a temporary file beside
    /// it, synced, renamed): a failed run leaves the old baseline.
    /// - Throws: `UsageFailure` when the file cannot be written there.
    static func write(_ baseline: Baseline, to path: String) throws {
        var output = try ReportOutput(replacing: path)
        do {
            try output.write(text(of: baseline))
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }
}
