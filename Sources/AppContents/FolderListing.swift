import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files under `folder`, as paths relative to it, sorted. Hidden entries are skipped, links to
/// files are listed and links to folders are not followed (they could loop); folders for which
/// `skipsFolder` (given the relative path) is true are not entered. An unreadable folder lists
/// nothing; the walk stops after `limit` files (a spec naming `/` must not list the disk).
public func filesUnder(_ folder: String, limit: Int = .max, skipsFolder: (String) -> Bool = { _ in false }) -> [String] {
    var files: [String] = []
    func walk(_ relative: String) {
        guard files.count < limit else { return }
        let path = relative.isEmpty ? folder : joiningPath(folder, relative)
        _ = forEachEntry(inFolder: path) { rawName, type in
            let name = String(cString: rawName)
            guard name.utf8.first != UInt8(ascii: ".") else { return }
            let child = relative.isEmpty ? name : relative + "/" + name
            switch entryKind(type: type, path: joiningPath(path, name)) {
            case .folder where !skipsFolder(child): walk(child)
            case .file where files.count < limit: files.append(child)
            default: break
            }
        }
    }
    walk("")
    return files.sorted()
}

/// What a path on disk is.
enum EntryKind {
    case folder, file, other, missing
}

/// What the directory entry of `type` at `path` is; links are followed to files only.
func entryKind(type: UInt8? = nil, path: String) -> EntryKind {
    if let type, Int32(type) == Int32(DT_DIR) { return .folder }
    if let type, Int32(type) == Int32(DT_REG) { return .file }
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    if status.st_mode & S_IFMT == S_IFLNK {
        guard stat(path, &status) == 0 else { return .missing }
        return status.st_mode & S_IFMT == S_IFREG ? .file : .other
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    default: return .other
    }
}

/// True when `path`'s extension is one a sound file has.
func isSoundFile(_ path: String) -> Bool {
    SniffedFormat.isNamedLikeSound(path)
}
