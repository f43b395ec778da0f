import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path the folder walk found, to be judged.
struct SoundCandidate: Sendable {
    /// The path, shown as given and joined with the names below it; it opens as it is.
    let path: String
    /// Which command-line path it was found under.
    let root: Int
    /// True for a file found only because it might be audio (its name has no sound extension):
    /// it is reported only if its first bytes turn out to be a known audio format.
    let requiresAudio: Bool
    /// Why the file cannot even be opened by its name (a name that is not UTF-8), if it cannot.
    var nameProblem: String? = nil
    /// True for a command-line path handed on unchecked because it is named like a sound: if it
    /// cannot be opened, `surprise()` says whether it is missing or a folder after all.
    var isUncheckedArgument = false
}

/// What an unchecked command-line path turned out to be when it could not be opened as a file.
enum ArgumentSurprise: Equatable {
    /// Nothing is there: a usage error, as when the walk checks it first.
    case missing(root: Int, path: String)
    /// A folder named like a sound: walked, as when the walk checks it first.
    case folder(root: Int, path: String)
}

extension SoundCandidate {
    /// The file's description, or why it has none; nil for a file found only because it might be
    /// audio whose first bytes are no audio format at all. The one rule for `validate` and `fix`.
    func describe() -> Result<AudioDescription, ParseError>? {
        let outcome =
            nameProblem.map { .failure(ParseError.unreadable(reason: $0)) }
            ?? Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path) }
        if requiresAudio, case .failure(let error) = outcome, !error.isRecognisedFormat { return nil }
        return outcome
    }

    /// For an unchecked argument that could not be opened: whether it is missing or a folder.
    func surprise() -> ArgumentSurprise? {
        guard isUncheckedArgument else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing(root: root, path: path) : nil }
        return status.st_mode & S_IFMT == S_IFDIR ? .folder(root: root, path: path) : nil
    }
}

/// Turns the paths on the command line into the files to check. Files named explicitly are always
/// checked; folders are searched recursively for sound extensions and for files of any name (which
/// are kept only if their first bytes are audio, decided where they are judged so that each file
/// is opened once). Hidden entries and symbolic links to folders are skipped.
struct SoundFileCollector {
    /// The extensions that make a file a sound without looking inside it (the containers' own,
    /// and those of the audio formats a designer hands over), as the "no sound found" error lists them.
    static let extensionList = SniffedFormat.soundFileExtensions.sorted().map { "." + $0 }.joined(separator: " ")

    var includePatterns: [String] = []
    var excludePatterns: [String] = []
    /// Hands on a command-line path named like a sound without a `stat` (the worker that opens it
    /// learns the rest): one system call less a file for the paths CI passes by the thousand.
    var defersArgumentChecks = false

    /// Calls `found` with each candidate under `paths`, in the order the walk meets them, and
    /// returns the indices of the paths that are folders (each must turn out to hold a sound).
    /// - Throws: `UsageFailure` for a path that does not exist or a folder with no candidate at all.
    func collect(_ paths: [String], found: (SoundCandidate) -> Void) throws -> [Int] {
        var folders: [Int] = []
        for (root, path) in paths.enumerated() {
            if defersArgumentChecks, hasSoundExtension(path) {
                found(SoundCandidate(path: path, root: root, requiresAudio: false, isUncheckedArgument: true))
                continue
            }
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw UsageFailure(message: "\(path): no such file or folder")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                folders.append(root)
                try collectFolder(path, root: root, found: found)
            } else {
                found(SoundCandidate(path: path, root: root, requiresAudio: false))
            }
        }
        return folders
    }

    /// Calls `found` with the candidates in the folder given on the command line as `root`.
    /// - Throws: `UsageFailure` when it holds no candidate at all.
    func collectFolder(_ path: String, root: Int, found: (SoundCandidate) -> Void) throws {
        var count = 0
        walk(folder: path == "." ? "" : path, root: root) { candidate in
            count += 1
            found(candidate)
        }
        guard count > 0 else { throw Self.noSound(in: path) }
    }

    /// The error for a folder argument that holds no sound (a typo'd path must not pass CI).
    static func noSound(in folder: String) -> UsageFailure {
        UsageFailure(message: "\(folder): no sound files found (looked for \(Self.extensionList) and audio of any name)")
    }

    /// Calls `found` with the candidates directly in a search folder (the system does not look in
    /// subfolders); a folder that does not exist holds none.
    func collectSearchFolder(_ folder: String, root: Int, found: (SoundCandidate) -> Void) {
        walk(folder: folder, root: root, recursive: false, found: found)
    }

    /// Calls `found` with the sounds under `folder` (as shown, "" for the current folder). Each
    /// path is shown as given, joined with the names below it, and opens as it is.
    private func walk(folder: String, root: Int, recursive: Bool = true, found: (SoundCandidate) -> Void) {
        let separator = folder.isEmpty || folder.utf8.last == UInt8(ascii: "/") ? "" : "/"
        forEachEntry(inFolder: folder.isEmpty ? "." : folder) { rawName, type in
            let name = String(cString: rawName)
            if String(validatingCString: rawName) == nil {
                // The name cannot be spelled in UTF-8, so it cannot be opened by its shown path.
                found(
                    SoundCandidate(
                        path: folder + separator + name, root: root, requiresAudio: false,
                        nameProblem: "its name is not valid UTF-8; rename it (the app cannot name it in a payload either)"))
                return
            }
            // Hidden entries, and the originals `fix --in-place` keeps, are not sounds to check.
            guard name.utf8.first != UInt8(ascii: "."), !name.hasSuffix(".orig") else { return }
            let path = folder + separator + name
            switch kind(of: type, path: path) {
            case .folder:
                if recursive {
                    walk(folder: path, root: root, found: found)
                } else if hasSoundExtension(name), isIncluded(path) {
                    // In a search folder, a folder named like a sound is what the system finds first.
                    found(SoundCandidate(path: path, root: root, requiresAudio: false))
                }
            case .file:
                if isIncluded(path) {
                    found(SoundCandidate(path: path, root: root, requiresAudio: !hasSoundExtension(name)))
                }
            case .other:
                // A FIFO, device or socket named like a sound is reported (as unreadable), never opened.
                if hasSoundExtension(name), isIncluded(path) {
                    found(SoundCandidate(path: path, root: root, requiresAudio: false))
                }
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

    /// Whether the file name (or the last name of the path) has a sound extension.
    private func hasSoundExtension(_ nameOrPath: String) -> Bool {
        SniffedFormat.isNamedLikeSound(nameOrPath)
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

extension ArgumentSurprise {
    /// The command-line path's index.
    var root: Int {
        switch self {
        case .missing(let root, _), .folder(let root, _): return root
        }
    }
}
