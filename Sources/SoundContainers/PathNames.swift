/// `path` without its file name's extension: `Sounds/alert.mp3` → `Sounds/alert`; a path whose
/// file name has no dot (`v1.2/alert`) is returned as it is.
public func removingExtension(from path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
    return String(path[..<dot])
}

/// `name` inside `folder`, with exactly one `/` between them.
public func joiningPath(_ folder: String, _ name: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
}

/// The folder that holds `path`: `.` for a bare name, `/` for a name at the root; trailing
/// slashes on `path` are ignored.
public func parentFolder(of path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of `path`.
public func fileName(of path: String) -> String {
    // Bytes, not characters: a path is split at an ASCII '/', and grapheme breaking costs time.
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[bytes.index(after: slash)...])
}

/// The lowercased extension of `path`'s file name, without the dot: `Sounds/Ding.CAF` → `caf`;
/// "" when the name has none (a name's leading dot, as in `.wav`, starts no extension).
public func fileExtension(of path: String) -> String {
    let name = fileName(of: path)
    let bytes = name.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return "" }
    let ext = bytes[bytes.index(after: dot)...]
    // Sound extensions are ASCII: lowercase those bytes directly, and leave anything else to Unicode.
    guard ext.allSatisfy({ $0 < 0x80 }) else { return String(name[bytes.index(after: dot)...]).lowercased() }
    return String(decoding: ext.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
}
