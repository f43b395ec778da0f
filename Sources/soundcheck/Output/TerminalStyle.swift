#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ANSI colours, used only when standard output is a terminal and NO_COLOR is not set.
struct TerminalStyle {
    let isEnabled: Bool

    /// The style for standard output as it is now.
    static func forStandardOutput() -> TerminalStyle {
        let term = getenv("TERM").map { String(cString: $0) }
        return TerminalStyle(isEnabled: isatty(1) == 1 && getenv("NO_COLOR") == nil && term != "dumb")
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
