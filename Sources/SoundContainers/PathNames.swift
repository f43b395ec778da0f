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
    // An ASCII path (nearly every one) is cut at a byte: counting its characters and finding the
    // last slash as a character cost half of a run at the root of a repository of many apps.
    if let parent = path.withUTF8({ asciiParentFolder(of: $0) }) { return parent }
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// `parentFolder(of:)` of the path in `bytes` when every byte is ASCII (so each byte is a
/// character), nil otherwise.
private func asciiParentFolder(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var end = bytes.count
    while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
    var index = end - 1
    while index >= 0, bytes[index] != UInt8(ascii: "/") { index -= 1 }
    if index < 0 { return "." }
    return index == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
}

/// The last component of `path`.
public func fileName(of path: String) -> String {
    guard let slash = lastByteOffset(of: UInt8(ascii: "/"), in: path) else { return path }
    let utf8 = path.utf8
    return String(path[utf8.index(utf8.startIndex, offsetBy: slash + 1)...])
}

/// The lowercased extension of `path`'s file name, without the dot: `Sounds/Ding.CAF` → `caf`;
/// "" when the name has none (a name's leading dot, as in `.wav`, starts no extension).
public func fileExtension(of path: String) -> String {
    var path = path
    // Bytes, not characters, from the end, in one pass: a path is split at an ASCII '/' and '.',
    // and this runs for every file of a run (String's index walk cost 2,000 instructions a call).
    return path.withUTF8 { bytes -> String in
        guard let start = extensionStart(in: bytes) else { return "" }
        let ext = UnsafeBufferPointer(rebasing: bytes[start...])
        // Sound extensions are ASCII: lowercase those bytes directly, and leave anything else to Unicode.
        guard ext.allSatisfy({ $0 < 0x80 }) else { return String(decoding: ext, as: UTF8.self).lowercased() }
        return String(unsafeUninitializedCapacity: ext.count) { buffer in
            for (offset, byte) in ext.enumerated() {
                buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            }
            return ext.count
        }
    }
}

/// Where the extension of the path in `bytes` starts (just after its file name's last dot), or
/// nil when the name has none: no dot, a dot in a folder's name, or only a leading dot (`.wav`).
/// An empty extension (`alert.`) starts at the end.
func extensionStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = bytes.count
    while index > 0, bytes[index - 1] != UInt8(ascii: "/"), bytes[index - 1] != UInt8(ascii: ".") { index -= 1 }
    guard index > 1, bytes[index - 1] == UInt8(ascii: "."), bytes[index - 2] != UInt8(ascii: "/") else { return nil }
    return index
}

/// The offset of the last `byte` in `text`'s UTF-8, scanning its contiguous bytes from the end.
private func lastByteOffset(of byte: UInt8, in text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
        var index = bytes.count
        while index > 0 {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }
}
