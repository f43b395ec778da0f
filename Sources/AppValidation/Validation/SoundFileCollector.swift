import AppRepository
import SoundContainers
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path the folder walk found, to be judged.
package struct SoundCandidate: Sendable {
    /// The path, shown as given and joined with the names below it; it opens as it is.
    package let path: String
    /// Which command-line path it was found under.
    package let root: Int
    /// True for a file found only because it might be audio (its name has no sound extension):
    /// it is reported only if its first bytes turn out to be a known audio format.
    package let requiresAudio: Bool
    /// Why the file cannot even be opened by its name (a name that is not UTF-8), if it cannot.
    package var nameProblem: String? = nil
    /// True for a command-line path handed on unchecked because it is named like a sound: if it
    /// cannot be opened, `surprise()` says whether it is missing or a folder after all.
    package var isUncheckedArgument = false
    /// The platform whose rules judge it: the one that ships it.
    package var platform: SoundPlatform = .ios
    /// True when the run knows which app ships it (a repository, or `--platform`): reports say so.
    package var showsPlatform = false
    /// What it is for, as far as the run can tell.
    package var purpose: SoundPurpose = .unknown
    /// Findings to add to its verdict: what showed its purpose, what its app's build does to it.
    package var addedFindings: [Finding] = []
    /// The note a sound gets when nothing showed its purpose (`purpose-unknown`), at a repository's
    /// root: what would fail it as a notification sound is a warning
    /// (`Policy.withPurposeUncertain(_:path:)`), and the note says why.
    package var unknownPurposeNote: Finding?
    /// Where it lands in an app bundle, when the app's project says (a .NET bundle resource's
    /// logical name): a name asked of the bundle's root finds only a file there.
    package var bundlePath: String?
    /// True for a .NET project's Android resource, whose file name the build lower-cases before
    /// aapt2 sees it (dotnet/android `AndroidComputeResPaths`, `LowercaseFilenames`): a name that
    /// is valid once lower-cased (`babySound.mp3`) fails no build.
    package var buildLowercasesName = false
    /// The note a sound gets in place of any judgement when it lies in a project soundcheck does
    /// not read (`UnreadShape`): no platform's rules are applied to it.
    package var unreadShipperNote: Finding?

    package init(path: String, root: Int, requiresAudio: Bool, nameProblem: String? = nil, isUncheckedArgument: Bool = false) {
        self.path = path
        self.root = root
        self.requiresAudio = requiresAudio
        self.nameProblem = nameProblem
        self.isUncheckedArgument = isUncheckedArgument
    }
}

/// What an unchecked command-line path turned out to be when it could not be opened as a file.
package enum ArgumentSurprise: Equatable {
    /// Nothing is there: a usage error, as when the walk checks it first.
    case missing(root: Int, path: String)
    /// A folder named like a sound: walked, as when the walk checks it first.
    case folder(root: Int, path: String)
}

extension SoundCandidate {
    /// The file's description, or why it has none; nil for a file found only because it might be
    /// audio whose first bytes are no audio format at all. The one rule for `validate` and `fix`.
    /// `opener` is the thread's, when it judges many files.
    package func describe(opener: FileOpener? = nil) -> Result<AudioDescription, ParseError>? {
        let outcome =
            nameProblem.map { .failure(ParseError.unreadable(reason: $0)) }
            ?? Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path, opener: opener) }
        if requiresAudio, case .failure(let error) = outcome, !error.isAudioFormat { return nil }
        return outcome
    }

    /// For an unchecked argument that could not be opened: whether it is missing or a folder.
    package func surprise() -> ArgumentSurprise? {
        guard isUncheckedArgument else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing(root: root, path: path) : nil }
        return status.st_mode & S_IFMT == S_IFDIR ? .folder(root: root, path: path) : nil
    }
}

/// Turns the paths on the command line into the files to check. Files named explicitly are always
/// checked; folders are searched recursively for sound extensions and for files of any name (which
/// are kept only if their first bytes are audio, decided where they are judged so that each file
/// is opened once). Hidden entries, symbolic links to folders, the folders of dependencies and
/// build output (`RepositoryMarkers.skippedFolders`), and files whose extension says they are not
/// audio (`neverAudioExtensions`) are skipped. A folder argument's walk also notices the apps in it.
package struct SoundFileCollector {
    /// The extensions that make a file a sound without looking inside it (the containers' own,
    /// and those of the audio formats a designer hands over), as the "no sound found" error lists them.
    package static let extensionList = SniffedFormat.soundFileExtensions.sorted().map { "." + $0 }.joined(separator: " ")

    /// Extensions of files that are never audio (source, images, fonts, documents, data): a file so
    /// named is not opened to see whether it might be, unless it is named on the command line.
    package static let neverAudioExtensions: Set<String> = [
        "swift", "m", "mm", "h", "c", "cc", "cpp", "hpp", "kt", "kts", "java", "dart", "js", "jsx", "ts", "tsx", "mjs",
        "cjs", "json", "xml", "yaml", "yml", "plist", "strings", "stringsdict", "storyboard", "xib", "pbxproj",
        "xcconfig", "gradle", "properties", "pro", "md", "txt", "html", "css", "scss", "svg", "png", "jpg", "jpeg", "gif",
        "webp", "heic", "bmp", "ico", "icns", "tif", "tiff", "pdf", "ttf", "otf", "woff", "woff2", "lock", "sh", "rb",
        "py", "go", "rs", "toml", "ini", "cfg", "csv", "tsv", "log", "map", "jar", "zip", "gz", "tar", "apk", "aab",
        "ipa", "mp4", "mov", "avi", "mkv", "lottie", "riv", "ani", "cur", "db", "sqlite", "pem", "cer", "mobileprovision",
    ]

    package var includePatterns: [String] = []
    package var excludePatterns: [String] = []
    /// Hands on a command-line path named like a sound without a `stat` (the worker that opens it
    /// learns the rest): one system call less a file for the paths CI passes by the thousand.
    package var defersArgumentChecks = false
    /// Called with each source file a folder walk meets, and the command-line path it is under.
    package var sourceFound: ((String, Int) -> Void)? = nil

    package init(includePatterns: [String] = [], excludePatterns: [String] = [], defersArgumentChecks: Bool = false) {
        self.includePatterns = includePatterns
        self.excludePatterns = excludePatterns
        self.defersArgumentChecks = defersArgumentChecks
    }

    /// Calls `found` with each candidate under `paths`, in the order the walk meets them, and
    /// returns the indices of the paths that are folders (each must turn out to hold a sound, or an
    /// app); what each folder's walk noticed of apps goes into `markers` under its index.
    /// `namedLikeSound`, when the caller has it, says for each path whether its name is a sound's.
    /// - Throws: `UsageFailure` for a path that does not exist.
    package func collect(
        _ paths: [String], namedLikeSound: [Bool]? = nil, markers: inout [Int: RepositoryMarkers],
        found: (SoundCandidate) -> Void
    ) throws -> [Int] {
        var folders: [Int] = []
        for (root, path) in paths.enumerated() {
            if defersArgumentChecks, namedLikeSound?[root] ?? hasSoundExtension(path) {
                found(SoundCandidate(path: path, root: root, requiresAudio: false, isUncheckedArgument: true))
                continue
            }
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw UsageFailure(message: "\(path): no such file or folder")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                folders.append(root)
                markers[root] = collectFolder(path, root: root, found: found)
            } else {
                found(SoundCandidate(path: path, root: root, requiresAudio: false))
            }
        }
        return folders
    }

    /// Calls `found` with the candidates in the folder given on the command line as `root`, and
    /// returns what the walk noticed of the apps in it.
    package func collectFolder(_ path: String, root: Int, found: (SoundCandidate) -> Void) -> RepositoryMarkers {
        var markers = RepositoryMarkers()
        walk(folder: path == "." ? "" : path, root: root, markers: &markers, found: found)
        return markers
    }

    /// The error for a folder argument that holds no sound and no app (a typo'd path must not pass CI).
    package static func noSound(in folder: String) -> UsageFailure {
        UsageFailure(message: "\(folder): no sound files found (looked for \(Self.extensionList) and audio of any name)")
    }

    /// Calls `found` with the candidates directly in a search folder (the system does not look in
    /// subfolders); a folder that does not exist holds none.
    package func collectSearchFolder(_ folder: String, root: Int, found: (SoundCandidate) -> Void) {
        var markers = RepositoryMarkers()
        walk(folder: folder, root: root, recursive: false, markers: &markers, found: found)
    }

    /// Calls `found` with the sounds under `folder` (as shown, "" for the current folder). Each
    /// path is shown as given, joined with the names below it, and opens as it is.
    private func walk(
        folder: String, root: Int, recursive: Bool = true, markers: inout RepositoryMarkers, found: (SoundCandidate) -> Void
    ) {
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
                    guard markers.visitFolder(named: name, path: path) == .descend else { return }
                    walk(folder: path, root: root, markers: &markers, found: found)
                } else if hasSoundExtension(name), isIncluded(path) {
                    // In a search folder, a folder named like a sound is what the system finds first.
                    found(SoundCandidate(path: path, root: root, requiresAudio: false))
                }
            case .file:
                let namedLikeSound = hasSoundExtension(name)
                let lowercasedExtension = namedLikeSound ? "" : fileExtension(of: name)
                if markers.visitFile(named: name, path: path, fileExtension: lowercasedExtension) { sourceFound?(path, root) }
                guard namedLikeSound || !Self.neverAudioExtensions.contains(lowercasedExtension) else { return }
                if isIncluded(path) {
                    found(SoundCandidate(path: path, root: root, requiresAudio: !namedLikeSound))
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
    package var root: Int {
        switch self {
        case .missing(let root, _), .folder(let root, _): return root
        }
    }
}
