#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls `body` with every entry of the folder at `path`, `.` and `..` included: its name exactly
/// as the file system holds it (a C string, which need not be UTF-8) and its `d_type`.
/// - Returns: false when the folder cannot be opened.
@discardableResult
public func forEachEntry(inFolder path: String, _ body: (_ name: UnsafePointer<CChar>, _ type: UInt8) -> Void) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name) ?? 19
    while let entry = readdir(directory) {
        body((UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self), entry.pointee.d_type)
    }
    return true
}

/// True when the folder that holds `path` lists its file name spelled exactly as `path` spells it
/// (canonically equivalent Unicode forms are the same name, as on APFS). A case-insensitive disk,
/// a Mac's default, finds `ding.caf` where the folder holds `Ding.caf`; a device's case-sensitive
/// file system does not, and neither does this.
public func folderListsName(of path: String) -> Bool {
    let name = fileName(of: path)
    var listed = false
    forEachEntry(inFolder: parentFolder(of: path)) { rawName, _ in
        if !listed, String(cString: rawName) == name { listed = true }
    }
    return listed
}
