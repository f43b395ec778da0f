import SoundContainers

/// What an Xcode project says its app and app-extension targets copy into their bundles, read from
/// `project.pbxproj` alone (nothing on disk is looked at here; `BundledSounds` does that).
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder, as given.
    public let path: String
    /// The folder that holds the `.xcodeproj`: project-relative paths start there.
    public let folder: String
    /// The native targets, in the project's order (see `ProjectTarget.buildsApp`).
    public let targets: [ProjectTarget]

    /// Reads `<xcodeprojPath>/project.pbxproj`.
    public static func read(_ xcodeprojPath: String) throws(ProjectError) -> XcodeProject {
        let file = joiningPath(xcodeprojPath, "project.pbxproj")
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: file, limit: 64 << 20)
        } catch {
            throw .unreadable(path: file, reason: error.reason)
        }
        return try XcodeProject(parsing: bytes, path: xcodeprojPath)
    }

    /// Reads the bytes of a `project.pbxproj`; `path` is the `.xcodeproj` folder it belongs to.
    public init(parsing bytes: [UInt8], path: String) throws(ProjectError) {
        let file = joiningPath(path, "project.pbxproj")
        let root: PropertyListValue
        do {
            root = try OpenStepPropertyListParser.parse(bytes)
        } catch {
            throw .notAPropertyList(path: file, problem: error)
        }
        self.path = path
        self.folder = parentFolder(of: path)
        self.targets = try ProjectGraph(root: root, file: file).nativeTargets()
    }
}

/// One native target of a project.
public struct ProjectTarget: Sendable, Equatable {
    /// The target's name, as Xcode shows it.
    public let name: String
    /// Its `productType` (`com.apple.product-type.application`, `…app-extension`, …).
    public let productType: String
    /// True for an app (of any platform, app clips included) or an app extension: a bundle that
    /// can play a notification sound. Frameworks, test bundles and kernel, system or driver
    /// extensions are not.
    public let buildsApp: Bool
    /// What its Resources build phases copy, in order.
    public let resources: [CopiedItem]
    /// The synchronized folders it takes files from, with the rules that pick them.
    public let synchronizedFolders: [SynchronizedMembership]
}

/// One item of a Resources build phase.
public enum CopiedItem: Sendable, Equatable {
    /// A file reference: it lands at the bundle root under its own file name.
    case file(ProjectPath)
    /// One localization of a variant group: it lands in `xx.lproj/` under its file name.
    case localized(ProjectPath, bundlePath: String)
    /// A folder reference (a blue folder) or a bundle: copied whole, under its own name.
    case folder(ProjectPath)
    /// An asset catalog: compiled into `Assets.car`, so nothing in it is a file of the bundle.
    case assetCatalog(ProjectPath)
}

/// Which files of a synchronized folder (`PBXFileSystemSynchronizedRootGroup`) belong to a target.
public struct SynchronizedMembership: Sendable, Equatable {
    /// The folder.
    public let folder: ProjectPath
    /// True when the target lists the folder: every file is a member but the `exceptions`. False
    /// when it does not: only the `exceptions` (which an exception set then adds) are.
    public let takesWholeFolder: Bool
    /// Paths relative to the folder; `/dir/name` stands for `dir/*.lproj/name`.
    public let exceptions: [String]
    /// Folders copied as they are, subfolders kept (`explicitFolders`).
    public let explicitFolders: [String]
}

/// The object graph of a `project.pbxproj`, and the walk that finds what each target copies.
private final class ProjectGraph {
    let objects: [String: [String: PropertyListValue]]
    let file: String
    /// Each group's, file's or synchronized folder's parent group.
    let parents: [String: String]
    let mainGroup: String?
    let projectDirPath: String
    let targetIDs: [String]
    /// The synchronized folders, in a fixed order.
    let synchronizedFolderIDs: [String]
    /// Each item's resolved path, once computed (groups are shared by many files).
    private var resolvedPaths: [String: ProjectPath?] = [:]

    init(root: PropertyListValue, file: String) throws(ProjectError) {
        guard let top = root.dictionary, let objectValues = top["objects"]?.dictionary else {
            throw .malformed(path: file, problem: "it has no 'objects' dictionary")
        }
        var objects: [String: [String: PropertyListValue]] = [:]
        objects.reserveCapacity(objectValues.count)
        for (id, value) in objectValues {
            if let object = value.dictionary { objects[id] = object }
        }
        guard let rootID = top["rootObject"]?.string, let project = objects[rootID], project["isa"]?.string == "PBXProject"
        else {
            throw .malformed(path: file, problem: "its 'rootObject' is not a PBXProject")
        }
        var parents: [String: String] = [:]
        for (id, object) in objects {
            guard let isa = object["isa"]?.string, isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup"
            else { continue }
            for child in object["children"]?.strings ?? [] where parents[child] == nil {
                parents[child] = id
            }
        }
        self.objects = objects
        self.file = file
        self.parents = parents
        self.mainGroup = project["mainGroup"]?.string
        self.projectDirPath = project["projectDirPath"]?.string ?? ""
        self.targetIDs = project["targets"]?.strings ?? []
        self.synchronizedFolderIDs = objects.compactMap { id, object in
            object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" ? id : nil
        }.sorted()
    }

    func nativeTargets() -> [ProjectTarget] {
        var targets: [ProjectTarget] = []
        for id in targetIDs {
            guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget" else { continue }
            let productType = target["productType"]?.string ?? ""
            var resources: [CopiedItem] = []
            for phaseID in target["buildPhases"]?.strings ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXResourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"]?.string else { continue }
                    resources += copiedItems(for: reference)
                }
            }
            let name = target["name"]?.string ?? target["productName"]?.string ?? id
            targets.append(
                ProjectTarget(
                    name: name, productType: productType, buildsApp: Self.buildsAppOrExtension(productType), resources: resources,
                    synchronizedFolders: synchronizedMemberships(of: id, listed: target["fileSystemSynchronizedGroups"]?.strings ?? [])))
        }
        return targets
    }

    static func buildsAppOrExtension(_ productType: String) -> Bool {
        if productType.hasPrefix("com.apple.product-type.application") { return true }
        guard productType.contains("extension") else { return false }
        return !["kernel-extension", "system-extension", "driver-extension"].contains { productType.contains($0) }
    }

    private func copiedItems(for id: String) -> [CopiedItem] {
        guard let object = objects[id], let isa = object["isa"]?.string else { return [] }
        switch isa {
        case "PBXVariantGroup":
            return (object["children"]?.strings ?? []).compactMap { child in
                guard let childPath = path(of: child) else { return nil }
                let name = fileName(of: childPath.description)
                let localization = fileName(of: parentFolder(of: childPath.description))
                return .localized(childPath, bundlePath: localization.hasSuffix(".lproj") ? localization + "/" + name : name)
            }
        case "PBXFileReference":
            guard let itemPath = path(of: id) else { return [] }
            let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string ?? ""
            if type == "folder.assetcatalog" || fileExtension(of: itemPath.description) == "xcassets" {
                return [.assetCatalog(itemPath)]
            }
            if type == "folder" || type.hasPrefix("wrapper.") {
                return [.folder(itemPath)]
            }
            return [.file(itemPath)]
        default:
            // A group or a synchronized folder in a Resources phase copies nothing Xcode would.
            return []
        }
    }

    /// The rules that make files of synchronized folders members of `target`: the folders it lists,
    /// and the exception sets of other folders that name it.
    private func synchronizedMemberships(of target: String, listed: [String]) -> [SynchronizedMembership] {
        var memberships: [SynchronizedMembership] = []
        let listedSet = Set(listed)
        func exceptions(of folder: [String: PropertyListValue]) -> [String] {
            (folder["exceptions"]?.strings ?? []).flatMap { setID -> [String] in
                guard let set = objects[setID], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    set["target"]?.string == target
                else { return [] }
                return set["membershipExceptions"]?.strings ?? []
            }
        }
        for id in listed {
            guard let folder = objects[id], let folderPath = path(of: id) else { continue }
            memberships.append(
                SynchronizedMembership(
                    folder: folderPath, takesWholeFolder: true, exceptions: exceptions(of: folder),
                    explicitFolders: folder["explicitFolders"]?.strings ?? []))
        }
        for id in synchronizedFolderIDs where !listedSet.contains(id) {
            guard let folder = objects[id] else { continue }
            let added = exceptions(of: folder)
            guard !added.isEmpty, let folderPath = path(of: id) else { continue }
            memberships.append(
                SynchronizedMembership(
                    folder: folderPath, takesWholeFolder: false, exceptions: added,
                    explicitFolders: folder["explicitFolders"]?.strings ?? []))
        }
        return memberships
    }

    /// Where an item is: its own path joined to its group chain, as its `sourceTree` says.
    private func path(of id: String, depth: Int = 0) -> ProjectPath? {
        if let known = resolvedPaths[id] { return known }
        let resolved = resolvePath(of: id, depth: depth)
        resolvedPaths[id] = resolved
        return resolved
    }

    private func resolvePath(of id: String, depth: Int) -> ProjectPath? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if id == mainGroup { return ProjectPath.relative(normalizedPath(projectDirPath)).appending(own) }
            guard let parent = parents[id] else {
                // Not in any group: Xcode shows it at the top, relative to the project folder.
                return ProjectPath.relative("").appending(own)
            }
            return path(of: parent, depth: depth + 1)?.appending(own)
        case "SOURCE_ROOT":
            return ProjectPath.relative("").appending(own)
        case "<absolute>":
            return .absolute(normalizedPath(own))
        case let tree:
            return .unresolved(sourceTree: tree, path: own)
        }
    }
}
