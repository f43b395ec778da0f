/// Why a whole file could not be read.
public struct FileReadFailure: Error {
    /// What went wrong, for a message that names the file.
    public let reason: String
}

/// The bytes of the regular file at `path`, refused if larger than `limit` (a project or config
/// file is never large; a huge one is a mistake, not something to load).
public func readWholeFile(atPath path: String, limit: Int) throws(FileReadFailure) -> [UInt8] {
    do {
        let source = try FileByteSource(path: path)
        guard source.count <= UInt64(limit) else {
            throw FileReadFailure(reason: "larger than \(limit >> 20) MiB")
        }
        return Array(try source.read(at: 0, length: Int(source.count)))
    } catch let error as FileReadFailure {
        throw error
    } catch let error as ParseError {
        if case .unreadable(let reason) = error { throw FileReadFailure(reason: reason) }
        throw FileReadFailure(reason: "\(error)")
    } catch {
        throw FileReadFailure(reason: "\(error)")
    }
}
