import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` with a new empty folder under `$TMPDIR` (or /tmp), removed afterwards with
/// whatever `body` left in it.
public func withTemporaryFolder<T>(_ body: (String) throws(ConversionError) -> T) throws(ConversionError) -> T {
    let folder = try makeTemporaryFolder()
    defer { removeFolder(folder) }
    return try body(folder)
}

/// A new empty folder under `$TMPDIR` (or /tmp).
public func makeTemporaryFolder() throws(ConversionError) -> String {
    let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((temporary + "/soundcheck-XXXXXX").utf8CString)
    guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw .writeFailed("cannot make a temporary folder in \(temporary): \(String(cString: strerror(errno)))")
    }
    return String(cString: created)
}

/// Removes `folder` and the files directly in it.
public func removeFolder(_ folder: String) {
    var names: [String] = []
    _ = forEachEntry(inFolder: folder) { name, _ in names.append(String(cString: name)) }
    for name in names where name != "." && name != ".." { unlink(joiningPath(folder, name)) }
    rmdir(folder)
}
