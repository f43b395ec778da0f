/// Why a whole file could not be read.
public struct FileReadFailure: Error {
    /// What went wrong, for a message that names the file.
    public let reason: String
}

/// The bytes of the regular file at `path`, refused if larger than `limit` (a project or config
/// file is never large; a huge one is a mistake, not something to load).
public func readWholeFile(atPath path: String, limit: Int) throws(FileReadFailure) -> [UInt8] {
    var bytes: [UInt8] = []
    let count = try readWholeFile(atPath: path, limit: limit, into: &bytes)
    bytes.removeLast(bytes.count - count)
    return bytes
}

/// Reads the regular file at `path` into the front of `buffer`, refused if larger than `limit`,
/// and returns how many bytes it read. `buffer` grows as needed and keeps its storage from one
/// call to the next: reading a repository's thousands of source files into a fresh array each
/// cost a page fault for every 4 KiB read.
public func readWholeFile(atPath path: String, limit: Int, into buffer: inout [UInt8]) throws(FileReadFailure) -> Int {
    do {
        let source = try FileByteSource(path: path)
        guard source.count <= UInt64(limit) else {
            throw FileReadFailure(reason: "larger than \(limit >> 20) MiB")
        }
        let wanted = Int(source.count)
        if buffer.count < wanted { buffer = [UInt8](repeating: 0, count: max(wanted, 2 * buffer.count)) }
        return try buffer.withUnsafeMutableBytes { try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
    } catch let error as FileReadFailure {
        throw error
    } catch let error as ParseError {
        if case .unreadable(let reason) = error { throw FileReadFailure(reason: reason) }
        throw FileReadFailure(reason: "\(error)")
    } catch {
        throw FileReadFailure(reason: "\(error)")
    }
}
