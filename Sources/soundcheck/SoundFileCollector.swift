import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the paths on the command line into the paths of the sound files to check, each shown as
/// given (joined with the path inside a folder argument) and openable as it is. Files named explicitly are
/// always checked; folders are searched recursively for sound extensions and for files of any
/// name whose first bytes are audio. Hidden entries and symbolic links to folders are skipped.
struct SoundFileCollector {
    /// The extensions that make a file a sound without looking inside it.
    static let soundExtensions: Set<String> = ["aiff", "aif", "aifc", "wav", "wave", "caf", "caff"]

    var includePatterns: [String] = []
    var excludePatterns: [String] = []

    /// The sound files under `paths`, sorted by path.
    /// - Throws: `UsageFailure` for a path that does not exist or a folder that holds no sound.
    func collect(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw UsageFailure(message: "\(path): no such file or folder")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                let before = files.count
                walk(folder: path, shownAs: path == "." ? "" : path, into: &files)
                guard files.count > before else {
                    throw UsageFailure(
                        message: "\(path): no sound files found (looked for .aiff .aif .aifc .wav .caf and audio of any name)")
                }
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }

    private func walk(folder: String, shownAs prefix: String, into files: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let shown = prefix.isEmpty ? name : (prefix.hasSuffix("/") ? prefix + name : prefix + "/" + name)
            switch kind(of: entry.pointee.d_type, path: path) {
            case .folder:
                walk(folder: path, shownAs: shown, into: &files)
            case .file:
                if isSound(name: name, path: path), isIncluded(shown) {
                    files.append(shown)
                }
            case .other:
                // A FIFO, device or socket named like a sound is reported (as unreadable), never opened.
                if hasSoundExtension(name), isIncluded(shown) { files.append(shown) }
            }
        }
    }

    private enum EntryKind { case folder, file, other }

    private func kind(of type: UInt8, path: String) -> EntryKind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_REG): return .file
        case Int32(DT_LNK), Int32(DT_UNKNOWN):
            var status = stat()
            if Int32(type) == Int32(DT_LNK) {
                // Follow links to files, never to folders (which could loop); a broken link is
                // still listed so that the report says it cannot be read.
                guard stat(path, &status) == 0 else { return .file }
                return status.st_mode & S_IFMT == S_IFDIR ? .other : .file
            }
            guard lstat(path, &status) == 0 else { return .other }
            return status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
        default:
            return .other
        }
    }

    private func hasSoundExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return Self.soundExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private func isSound(name: String, path: String) -> Bool {
        if hasSoundExtension(name) { return true }
        guard let source = try? FileByteSource(path: path) else { return false }
        return (try? Sniffer.sniff(source)) != nil
    }

    private func isIncluded(_ path: String) -> Bool {
        if includePatterns.isEmpty, excludePatterns.isEmpty { return true }
        let name = fileName(of: path)
        func matches(_ pattern: String) -> Bool {
            fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, name, 0) == 0
        }
        if !includePatterns.isEmpty, !includePatterns.contains(where: matches) { return false }
        return !excludePatterns.contains(where: matches)
    }
}

/// The last component of a path.
func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
