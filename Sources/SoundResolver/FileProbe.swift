import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a name in a search folder.
enum ProbeResult: Equatable, Sendable {
    /// Nothing.
    case missing
    /// A regular file, possibly through a symbolic link that stays inside the folder.
    case file(path: String, stamp: FileIdentity, viaLink: Bool)
    /// Something that is not a regular file (a folder named `x.caf`, a FIFO, …).
    case notRegularFile(path: String)
    /// A symbolic link whose target is outside the folder: never followed.
    case linkLeavesFolder(path: String)
    /// An error reading it (permission, a link loop, …).
    case unreadable(path: String, reason: String)
}

/// Looks at names inside one search folder, never reaching outside it.
struct FolderProbe: Sendable {
    /// The folder as given.
    let folder: String
    /// The folder with every symbolic link resolved, when it exists.
    let resolvedFolder: String?

    init(folder: String) {
        self.folder = folder
        resolvedFolder = Self.realPath(folder)
    }

    /// What is at `name` (a checked bare file name) in the folder, as a device's case-sensitive
    /// file system answers: an entry counts only when the folder's listing spells it as `name`
    /// does, so on a case-insensitive disk (a Mac's default, where `lstat` of `ding.caf` finds
    /// `Ding.caf`) the answer is the one the device gives. Unicode forms that are canonically
    /// equivalent spell the same name, as on APFS.
    func probe(_ name: String) -> ProbeResult {
        let found = probe(listedName: name)
        return found == .missing || folderListsName(of: joiningPath(folder, name)) ? found : .missing
    }

    /// What is at `name`, a name taken from the folder's own listing (so its spelling is the
    /// folder's).
    func probe(listedName name: String) -> ProbeResult {
        let path = joiningPath(folder, name)
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var viaLink = false
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let target = Self.realPath(path) else {
                return errno == ENOENT ? .missing : .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            guard let root = resolvedFolder ?? Self.realPath(folder), target.hasPrefix(joiningPath(root, "")) else {
                return .linkLeavesFolder(path: path)
            }
            guard stat(target, &status) == 0 else {
                return .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            viaLink = true
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile(path: path) }
        return .file(path: path, stamp: FileIdentity(status), viaLink: viaLink)
    }

    /// The names in the folder (not hidden ones), or nil when it cannot be listed.
    func names() -> [String]? {
        var names: [String] = []
        let listed = forEachEntry(inFolder: folder) { rawName, _ in
            let name = String(cString: rawName)
            if !name.hasPrefix(".") { names.append(name) }
        }
        return listed ? names : nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
