import SoundContainers

/// One sound an app or app-extension target ships, and where it lands in the bundle.
public struct ShippedSound: Sendable, Equatable {
    /// How the sound gets into the bundle (the `kind` column of the corpus' `EXPECTED.tsv`).
    public enum Origin: String, Sendable {
        /// A file reference in the Resources phase.
        case file
        /// One localization of a variant group.
        case variant
        /// A file inside a copied folder reference.
        case inFolder = "in-folder"
        /// A member of a synchronized folder.
        case synced
    }

    /// The target that copies it.
    public let target: String
    /// How it gets there.
    public let origin: Origin
    /// Where the sound is, relative to the project folder (or absolute).
    public let source: ProjectPath
    /// Where it lands, relative to the bundle's resources folder: `ding.caf` is the root.
    public let bundlePath: String

    /// True when it lands at the root of the bundle's resources (or in a localization folder,
    /// which the bundle's resource lookup also searches), where the system looks for sounds.
    public var isAtBundleRoot: Bool { AppContents.isAtBundleRoot(bundlePath) }
}

/// The sounds of a project as its app targets ship them, with what is wrong on the way there.
/// Reads the project folder on disk: folder references and synchronized folders copy what is
/// there, and a sound no target copies is found by listing the project folder.
public struct ProjectSounds: Sendable {
    /// Every sound every app or app-extension target ships; a file copied by two targets is here twice.
    public var shipped: [ShippedSound] = []
    /// The folder references (`target`, folder) that hold sounds.
    public var copiedFolders: [(target: String, folder: ProjectPath)] = []
    /// Sound files an app target copies that are not on disk.
    public var missing: [(target: String, item: ProjectPath)] = []
    /// Sound files in the project folder that no target copies, relative to the project folder.
    public var notBundled: [String] = []
    /// Sound files inside asset catalogs, relative to the project folder: compiled into
    /// `Assets.car`, they are no file of the bundle.
    public var inAssetCatalogs: [String] = []

    /// Folders of a project folder that hold other projects' files or build output, never this
    /// project's sources.
    static let foreignFolders: Set<String> = ["Pods", "build", "DerivedData", "Carthage", "node_modules", ".symlinks"]

    /// Finds what each target of `project` ships, looking at the files under `project.folder`.
    public init(of project: XcodeProject) {
        let folder = project.folder
        var covered = Set<String>()
        var coveredFolders: [String] = []
        func onDisk(_ path: ProjectPath) -> String? { path.onDisk(projectFolder: folder) }
        for target in project.targets {
            for item in target.resources {
                switch item {
                case .file(let path), .localized(let path, _):
                    guard let disk = onDisk(path) else { continue }
                    covered.insert(normalizedPath(disk))
                    guard target.buildsApp, isSoundFile(disk) else { continue }
                    // Spelled as the folder lists it, or the build on a case-sensitive disk fails to find it.
                    if entryKind(path: disk) == .missing || !folderListsName(of: disk) { missing.append((target.name, path)) }
                    if case .localized(_, let bundlePath) = item {
                        shipped.append(ShippedSound(target: target.name, origin: .variant, source: path, bundlePath: bundlePath))
                    } else {
                        shipped.append(ShippedSound(target: target.name, origin: .file, source: path, bundlePath: fileName(of: disk)))
                    }
                case .folder(let path):
                    guard let disk = onDisk(path) else { continue }
                    coveredFolders.append(normalizedPath(disk))
                    guard target.buildsApp else { continue }
                    // A folder that is not there holds no sound to judge; only sound files are `missing`.
                    let sounds = filesUnder(disk).filter(isSoundFile)
                    guard !sounds.isEmpty else { continue }
                    copiedFolders.append((target.name, path))
                    let folderName = fileName(of: normalizedPath(disk))
                    shipped += sounds.map {
                        ShippedSound(target: target.name, origin: .inFolder, source: path.appending($0), bundlePath: folderName + "/" + $0)
                    }
                case .assetCatalog:
                    continue
                }
            }
            var members: [ShippedSound] = []
            for membership in target.synchronizedFolders {
                guard let disk = onDisk(membership.folder) else { continue }
                for file in membership.members(among: filesUnder(disk)) {
                    covered.insert(normalizedPath(joiningPath(disk, file)))
                    guard target.buildsApp, isSoundFile(file) else { continue }
                    members.append(
                        ShippedSound(
                            target: target.name, origin: .synced, source: membership.folder.appending(file),
                            bundlePath: membership.bundlePath(of: file)))
                }
            }
            shipped += members.sorted { $0.source.description < $1.source.description }
        }
        findUncopiedSounds(in: folder, covered: covered, coveredFolders: coveredFolders)
    }

    /// Lists the sounds in the project folder that nothing copies, and those in asset catalogs.
    private mutating func findUncopiedSounds(in folder: String, covered: Set<String>, coveredFolders: [String]) {
        let root = folder == "." ? "" : normalizedPath(folder)
        let skipped = Set(coveredFolders)
        let files = filesUnder(folder) { relative in
            let name = fileName(of: relative)
            return Self.foreignFolders.contains(name) || fileExtension(of: name) == "xcodeproj"
                || fileExtension(of: name) == "xcworkspace"
                || skipped.contains(normalizedPath(root.isEmpty ? relative : joiningPath(root, relative)))
        }
        for file in files where isSoundFile(file) {
            if file.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") }) {
                inAssetCatalogs.append(file)
            } else if !covered.contains(normalizedPath(root.isEmpty ? file : joiningPath(root, file))) {
                notBundled.append(file)
            }
        }
    }
}

extension SynchronizedMembership {
    /// The files (paths relative to the folder) that belong to the target.
    func members(among files: [String]) -> [String] {
        files.filter { file in
            let excepted = exceptions.contains { Self.exception($0, matches: file) }
            return takesWholeFolder ? !excepted : excepted
        }
    }

    /// Whether an exception entry names `file`: the file itself, a folder holding it, or, for
    /// `/dir/name`, `dir/<any>.lproj/name`.
    static func exception(_ entry: String, matches file: String) -> Bool {
        guard entry.hasPrefix("/") else { return file == entry || file.hasPrefix(entry + "/") }
        let inner = String(entry.dropFirst())
        let name = fileName(of: inner)
        let folder = inner.contains("/") ? parentFolder(of: inner) : ""
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 1] == name, parts[parts.count - 2].hasSuffix(".lproj") else { return false }
        return parts.dropLast(2).joined(separator: "/") == folder
    }

    /// Where a member lands: at the bundle root, subfolders flattened, except inside an `.lproj`
    /// folder, a folder listed in `explicitFolders`, or a package (`.bundle` and other wrappers),
    /// which keep the path from that folder on.
    func bundlePath(of file: String) -> String {
        let parts = file.split(separator: "/").map(String.init)
        for index in parts.indices.dropLast() {
            let prefix = parts[...index].joined(separator: "/")
            let name = parts[index]
            if explicitFolders.contains(prefix) || explicitFolders.contains(name) || Self.keepsInnerPath(name) {
                return parts[index...].joined(separator: "/")
            }
        }
        return parts.last ?? file
    }

    private static func keepsInnerPath(_ folderName: String) -> Bool {
        ["lproj", "bundle", "framework", "app", "appex", "plugin", "xpc"].contains(fileExtension(of: folderName))
    }
}
