extension String {
    /// The text followed by spaces up to `width` characters, and by at least one space: a column
    /// of a plain-text table.
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
