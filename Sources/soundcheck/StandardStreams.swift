#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of the tool itself rather than of a checked file (exit code 3).
struct ToolFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Writes a report and a newline to standard output, failing loudly if it cannot
/// (a closed pipe, a full disk): a half-written report must not look like a pass.
func writeReport(_ text: String) throws {
    guard writeAll(text + "\n", to: 1) else {
        throw ToolFailure(message: "could not write the report: \(String(cString: strerror(errno)))")
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    _ = writeAll(message + "\n", to: 2)
}

/// Writes all of `text` to the file descriptor, retrying short writes; false on an error.
private func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        bytes = bytes.dropFirst(written)
    }
    return true
}
