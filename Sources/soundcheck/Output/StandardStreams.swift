import AppValidation
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a report goes, buffered in 64 KiB blocks: standard output, or (with `--output`) a new
/// file that replaces the named one atomically — written next to it, synced, then renamed — so a
/// reader never sees half a report. A write that fails (a closed pipe, a full disk) throws, so a
/// half-written report never looks like a pass.
struct ReportOutput {
    fileprivate static let blockSize = 64 * 1024
    private let block = OutputBlock()
    private var descriptor: Int32 = 1
    /// The temporary file and the path it replaces, for a file destination.
    private var replacement: (temporary: String, final: String)?
    /// False when the file must not exist yet: `commit()` then refuses to replace one.
    private var replacesExisting = true

    /// Standard output.
    init() {}

    /// A new file that replaces `path` when `commit()` is called (or, when `replacesExisting` is
    /// false, that is put there only if no file is there then).
    /// - Throws: `UsageFailure` when the file cannot be created where `path` is.
    init(replacing path: String, replacesExisting: Bool = true) throws {
        self.init()
        self.replacesExisting = replacesExisting
        var template = Array((joiningPath(parentFolder(of: path), "." + fileName(of: path)) + ".soundcheck-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw UsageFailure(message: "\(path): cannot be written there: \(String(cString: strerror(errno)))")
        }
        // mkstemp makes the file private; a report gets the permissions any new file would.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        descriptor = fd
        replacement = (String(cString: template), path)
    }

    /// Appends `text`, writing out each full block.
    mutating func write(_ text: String) throws {
        var text = text
        // The contiguous bytes in one copy (appending the UTF-8 view went byte by byte).
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `bytes`, writing out each full block; what does not fit in a block goes out as it is.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if block.count + bytes.count > Self.blockSize { try flush() }
        guard bytes.count < Self.blockSize else { return try writeOut(bytes) }
        guard let source = bytes.baseAddress else { return }
        (block.start + block.count).copyMemory(from: source, byteCount: bytes.count)
        block.count += bytes.count
    }

    /// Writes out whatever is buffered.
    mutating func flush() throws {
        let buffered = UnsafeRawBufferPointer(start: block.start, count: block.count)
        block.count = 0
        try writeOut(buffered)
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
        guard writeAll(bytes, to: descriptor) else {
            throw ToolFailure(message: "could not write the report: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes out the rest and, for a file, syncs it and puts it in place.
    mutating func commit() throws {
        try flush()
        guard let replacement else { return }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(replacement.temporary)
            throw ToolFailure(message: "\(replacement.final): could not write the report: \(reason)")
        }
        // link() puts the file in place only where none is, atomically; rename() replaces.
        let placed = replacesExisting ? rename(replacement.temporary, replacement.final) : link(replacement.temporary, replacement.final)
        let failure = errno
        if !replacesExisting || placed != 0 { unlink(replacement.temporary) }
        self.replacement = nil
        guard placed == 0 else {
            if !replacesExisting, failure == EEXIST { throw UsageFailure(message: "\(replacement.final) already exists; it is left as it is") }
            if failure == EISDIR { throw UsageFailure(message: "\(replacement.final) is a folder: name a file to write") }
            throw ToolFailure(message: "\(replacement.final): could not be written: \(String(cString: strerror(failure)))")
        }
    }

    /// Removes the unfinished file, if there is one.
    mutating func discard() {
        guard let replacement else { return }
        close(descriptor)
        unlink(replacement.temporary)
        self.replacement = nil
    }
}

/// A report's buffered bytes: one block, appended to with a copy of the bytes (an array's append
/// cost twice the copy for each file's part of a report).
private final class OutputBlock {
    let start = UnsafeMutableRawPointer.allocate(byteCount: ReportOutput.blockSize, alignment: 16)
    var count = 0

    deinit {
        start.deallocate()
    }
}

/// Writes `text` and a newline to standard output.
func writeReport(_ text: String, to path: String? = nil) throws {
    var output = try path.map { try ReportOutput(replacing: $0) } ?? ReportOutput()
    do {
        try output.write(text)
        try output.write("\n")
        try output.commit()
    } catch {
        output.discard()
        throw error
    }
}

/// Writes a whole report with `formatter`, then a newline, to standard output or to the file at
/// `path` (replaced atomically; on any failure it is left as it was).
func writeReport(_ files: [JudgedFile], with formatter: any ReportWriter, to path: String? = nil) throws {
    var output = try path.map { try ReportOutput(replacing: $0) } ?? ReportOutput()
    do {
        try formatter.write(files, to: &output)
        try output.write("\n")
        try output.commit()
    } catch {
        output.discard()
        throw error
    }
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
    let name = isStandardInput ? "standard input" : path
    let descriptor = isStandardInput ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw UsageFailure(message: "\(path): cannot be read: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    // A regular file is read into an array of its size (one byte more, to see the end in the same
    // read): growing an array by appending 64 KiB reads copied a 2,000-path list about twice and
    // faulted its pages in twice, an eighth of the main thread's page faults. A pipe grows by doubling.
    var status = stat()
    let size = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
    let tooLarge = UsageFailure(message: "\(name): larger than \(limit >> 20) MiB")
    guard size <= limit else { throw tooLarge }
    var bytes = [UInt8](repeating: 0, count: size > 0 ? size + 1 : 65536)
    var count = 0
    while true {
        if count == bytes.count {
            guard count <= limit else { throw tooLarge }
            bytes += repeatElement(0, count: count)
        }
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
        if got < 0 {
            if errno == EINTR { continue }
            throw UsageFailure(message: "\(name): cannot be read: \(String(cString: strerror(errno)))")
        }
        if got == 0 { break }
        count += got
    }
    guard count <= limit else { throw tooLarge }
    bytes.removeLast(bytes.count - count)
    return bytes
}
