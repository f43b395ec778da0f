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

/// Standard output for a report, buffered in 64 KiB blocks. A write that fails (a closed pipe, a
/// full disk) throws, so a half-written report never looks like a pass.
struct ReportOutput {
    private static let blockSize = 64 * 1024
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(Self.blockSize)
    }

    /// Appends `text`, writing out each full block.
    mutating func write(_ text: String) throws {
        buffer += text.utf8
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes out whatever is buffered.
    mutating func flush() throws {
        let written = buffer.withUnsafeBytes { writeAll($0, to: 1) }
        buffer.removeAll(keepingCapacity: true)
        guard written else {
            throw ToolFailure(message: "could not write the report: \(String(cString: strerror(errno)))")
        }
    }
}

/// Writes `text` and a newline to standard output.
func writeReport(_ text: String) throws {
    var output = ReportOutput()
    try output.write(text)
    try output.write("\n")
    try output.flush()
}

/// Writes a whole report with `formatter`, then a newline.
func writeReport(_ files: [JudgedFile], with formatter: any ReportFormatter) throws {
    var output = ReportOutput()
    try formatter.write(files, to: &output)
    try output.write("\n")
    try output.flush()
}

/// Writes `text` to standard error as it is (for a progress line).
func printErrorInline(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { writeAll($0, to: 2) }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { writeAll($0, to: 2) }
}

/// Writes all of `bytes` to the file descriptor, retrying short writes; false on an error.
private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var remaining = bytes
    while !remaining.isEmpty {
        let written = write(descriptor, remaining.baseAddress, remaining.count)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
    }
    return true
}

/// The bytes of the file at `path`, or of standard input for `-`.
/// - Throws: `UsageFailure` naming the file when it cannot be read or is larger than `limit`.
func readInput(_ path: String, limit: Int) throws -> [UInt8] {
    let isStandardInput = path == "-"
    guard let file = isStandardInput ? fdopen(dup(0), "rb") : fopen(path, "rb") else {
        throw UsageFailure(message: "\(path): cannot be read: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    let name = isStandardInput ? "standard input" : path
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
        guard bytes.count <= limit else { throw UsageFailure(message: "\(name): larger than \(limit >> 20) MiB") }
    }
    guard ferror(file) == 0 else { throw UsageFailure(message: "\(name): cannot be read: \(String(cString: strerror(errno)))") }
    return bytes
}
