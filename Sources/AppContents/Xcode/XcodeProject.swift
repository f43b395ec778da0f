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

    /// Reads `<xcodeprojPath>/project.pbxproj`; with `readingSources`, each target's
    /// `compiledSources` too.
    public static func read(_ xcodeprojPath: String, readingSources: Bool = false) throws(ProjectError) -> XcodeProject {
        let file = joiningPath(xcodeprojPath, "project.pbxproj")
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: file, limit: 64 << 20)
        } catch {
            throw .unreadable(path: file, reason: error.reason)
        }
        return try XcodeProject(parsing: bytes, path: xcodeprojPath, readingSources: readingSources)
    }

    /// A project described by other means than a `project.pbxproj` (an XcodeGen spec): `path` is
    /// the file that describes it, `folder` the folder its relative paths start from.
    public init(path: String, folder: String, targets: [ProjectTarget]) {
        self.path = path
        self.folder = folder
        self.targets = targets
    }

    /// Reads the bytes of a `project.pbxproj`; `path` is the `.xcodeproj` folder it belongs to.
    /// With `readingSources`, each target's `compiledSources` are read too (every source file's
    /// objects: only a reader of the code asks).
    public init(parsing bytes: [UInt8], path: String, readingSources: Bool = false) throws(ProjectError) {
        let file = joiningPath(path, "project.pbxproj")
        let graph = try ProjectGraph(bytes: bytes, file: file)
        self.path = path
        self.folder = parentFolder(of: path)
        self.targets = try graph.nativeTargets(readingSources: readingSources)
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
    /// What its Resources build phases copy that can be or hold a sound, in order: sound files,
    /// localizations of sounds, folders and bundles, asset catalogs.
    public let resources: [CopiedItem]
    /// The synchronized folders it takes files from, with the rules that pick them.
    public let synchronizedFolders: [SynchronizedMembership]
    /// The string build settings of its Release configuration (its default one, when it has no
    /// Release), as written: `PRODUCT_BUNDLE_IDENTIFIER`, `MARKETING_VERSION`, … A value may
    /// name another setting (`$(FLUTTER_BUILD_NAME)`); it is not expanded.
    public var releaseSettings: [String: String] = [:]
    /// True when it builds for macOS alone: its `SDKROOT` (or, where it sets none, the project's)
    /// is `macosx`, or its `SUPPORTED_PLATFORMS` names only `macosx` (a Flutter app's
    /// `macos/Runner`, an AppKit app); an XcodeGen target whose `platform` is `macOS`. Its sounds
    /// are judged by the same notification rules as iOS, and reported as `macos`.
    public var buildsForMacOS = false
    /// The files its Sources build phases compile, when the project was read for them (its
    /// synchronized folders' members are compiled too).
    public var compiledSources: [ProjectPath] = []
    /// The targets whose products its Copy Files phases put in its own (the app extensions an
    /// app embeds, an App Clip, a watch app), by name.
    public var embeddedTargets: [String] = []

    /// A target; `buildsApp` follows from the product type.
    public init(name: String, productType: String, resources: [CopiedItem], synchronizedFolders: [SynchronizedMembership] = []) {
        self.init(
            name: name, productType: productType, buildsApp: Self.buildsApp(productType: productType), resources: resources,
            synchronizedFolders: synchronizedFolders)
    }

    /// True when the build settings `SDKROOT` and `SUPPORTED_PLATFORMS` (nil where unset) say
    /// macOS alone: `macosx` (`macosx14.0`), not `iphoneos` or `auto` for several platforms.
    public static func buildsForMacOS(sdk: String?, supportedPlatforms: String?) -> Bool {
        if let sdk = sdk?.lowercased(), !sdk.isEmpty, sdk != "auto" { return sdk.hasPrefix("macosx") }
        let platforms = (supportedPlatforms ?? "").lowercased().split(separator: " ")
        return !platforms.isEmpty && platforms.allSatisfy { $0 == "macosx" }
    }

    /// True for an app's or app extension's product type (not a kernel, system or driver extension).
    public static func buildsApp(productType: String) -> Bool {
        if productType.hasPrefix("com.apple.product-type.application") { return true }
        guard productType.contains("extension") else { return false }
        return !["kernel-extension", "system-extension", "driver-extension"].contains { productType.contains($0) }
    }

    init(name: String, productType: String, buildsApp: Bool, resources: [CopiedItem], synchronizedFolders: [SynchronizedMembership]) {
        self.name = name
        self.productType = productType
        self.buildsApp = buildsApp
        self.resources = resources
        self.synchronizedFolders = synchronizedFolders
    }
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
/// Objects are parsed when first needed: a project has thousands (every source file's build
/// file), a reader of resources needs the targets, their Resources phases, what those copy and
/// the groups above them.
private final class ProjectGraph {
    let bytes: [UInt8]
    let file: String
    /// Each object's bytes.
    let objectRanges: [String: Range<Int>]
    /// Each group's, file's or synchronized folder's parent group.
    private(set) var parents: [String: String] = [:]
    let mainGroup: String?
    /// The `PBXProject` object: its build settings are every target's defaults.
    let projectObject: [String: PropertyListValue]
    let projectDirPath: String
    let targetIDs: [String]
    /// The synchronized folders, in a fixed order.
    private(set) var synchronizedFolderIDs: [String] = []
    /// The objects parsed so far.
    private var parsed: [String: [String: PropertyListValue]] = [:]
    /// The first object that could not be parsed.
    private var failure: PropertyListError?
    /// Each item's resolved path, once computed (groups are shared by many files).
    private var resolvedPaths: [String: ProjectPath?] = [:]

    init(bytes: [UInt8], file: String) throws(ProjectError) {
        let top: [String: PropertyListValue]
        let deferred: [String: Range<Int>]?
        do {
            (top, deferred) = try OpenStepPropertyListParser.parseDeferring("objects", in: bytes)
        } catch {
            throw .notAPropertyList(path: file, problem: error)
        }
        guard let ranges = deferred else { throw .malformed(path: file, problem: "it has no 'objects' dictionary") }
        self.bytes = bytes
        self.file = file
        self.objectRanges = ranges
        let rootID = top["rootObject"]?.string ?? ""
        let project: [String: PropertyListValue]?
        do {
            project = try ranges[rootID].map { range throws(PropertyListError) in
                try OpenStepPropertyListParser.parse(bytes, range: range).dictionary ?? [:]
            }
        } catch {
            throw .notAPropertyList(path: file, problem: error)
        }
        guard let project, project["isa"]?.string == "PBXProject" else {
            throw .malformed(path: file, problem: "its 'rootObject' is not a PBXProject")
        }
        projectObject = project
        mainGroup = project["mainGroup"]?.string
        projectDirPath = project["projectDirPath"]?.string ?? ""
        targetIDs = project["targets"]?.strings ?? []
        for id in ranges.keys.sorted() {
            switch isa(of: id) {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                for child in object(id)?["children"]?.strings ?? [] where parents[child] == nil {
                    parents[child] = id
                }
            case "PBXFileSystemSynchronizedRootGroup":
                synchronizedFolderIDs.append(id)
            default:
                continue
            }
        }
        if let failure { throw .notAPropertyList(path: file, problem: failure) }
    }

    /// The object `id`, parsed on first use; nil when there is none or it cannot be parsed (the
    /// first such failure is kept, and fails the read).
    func object(_ id: String) -> [String: PropertyListValue]? {
        if let known = parsed[id] { return known }
        guard objectRanges[id] != nil else { return nil }
        return parsedObject(id)
    }

    private func parsedObject(_ id: String) -> [String: PropertyListValue]? {
        guard let range = objectRanges[id] else { return nil }
        do {
            let value = try OpenStepPropertyListParser.parse(bytes, range: range)
            let dictionary = value.dictionary ?? [:]
            parsed[id] = dictionary
            return dictionary
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// An object's `isa`, read without parsing the object when Xcode wrote it first.
    private func isa(of id: String) -> String? {
        if let known = parsed[id] { return known["isa"]?.string }
        guard let range = objectRanges[id] else { return nil }
        return OpenStepPropertyListParser.firstString(of: "isa", in: bytes, range: range) ?? object(id)?["isa"]?.string
    }

    func nativeTargets(readingSources: Bool) throws(ProjectError) -> [ProjectTarget] {
        var targets: [ProjectTarget] = []
        let projectSettings = releaseSettings(of: projectObject)
        var productTargets: [String: String] = [:]
        for id in targetIDs {
            guard let target = object(id), let product = target["productReference"]?.string else { continue }
            productTargets[product] = target["name"]?.string ?? target["productName"]?.string ?? id
        }
        for id in targetIDs {
            guard let target = object(id), target["isa"]?.string == "PBXNativeTarget" else { continue }
            let productType = target["productType"]?.string ?? ""
            var resources: [CopiedItem] = []
            var sources: [ProjectPath] = []
            var embedded: [String] = []
            for phaseID in target["buildPhases"]?.strings ?? [] {
                let phaseType = isa(of: phaseID)
                if phaseType == "PBXCopyFilesBuildPhase", let phase = object(phaseID) {
                    embedded += (phase["files"]?.strings ?? []).compactMap { object($0)?["fileRef"]?.string.flatMap { productTargets[$0] } }
                    continue
                }
                let readsPhase = phaseType == "PBXResourcesBuildPhase" || (readingSources && phaseType == "PBXSourcesBuildPhase")
                guard readsPhase, let phase = object(phaseID) else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    guard let reference = object(buildFileID)?["fileRef"]?.string else { continue }
                    if phaseType == "PBXSourcesBuildPhase" {
                        if let source = path(of: reference) { sources.append(source) }
                    } else {
                        resources += copiedItems(for: reference)
                    }
                }
            }
            let name = target["name"]?.string ?? target["productName"]?.string ?? id
            var found = ProjectTarget(
                name: name, productType: productType, buildsApp: ProjectTarget.buildsApp(productType: productType), resources: resources,
                synchronizedFolders: synchronizedMemberships(of: id, listed: target["fileSystemSynchronizedGroups"]?.strings ?? []))
            found.releaseSettings = releaseSettings(of: target)
            found.buildsForMacOS = ProjectTarget.buildsForMacOS(
                sdk: found.releaseSettings["SDKROOT"] ?? projectSettings["SDKROOT"],
                supportedPlatforms: found.releaseSettings["SUPPORTED_PLATFORMS"] ?? projectSettings["SUPPORTED_PLATFORMS"])
            found.compiledSources = sources
            found.embeddedTargets = embedded
            targets.append(found)
        }
        if let failure { throw .notAPropertyList(path: file, problem: failure) }
        return targets
    }


    /// The string settings of `target`'s (or the project's) Release build configuration, or of its default one.
    private func releaseSettings(of target: [String: PropertyListValue]) -> [String: String] {
        guard let list = target["buildConfigurationList"]?.string.flatMap(object) else { return [:] }
        let configurations = (list["buildConfigurations"]?.strings ?? []).compactMap(object)
        let chosen =
            configurations.first { $0["name"]?.string == "Release" }
            ?? configurations.first { $0["name"]?.string == list["defaultConfigurationName"]?.string } ?? configurations.first
        guard case .dictionary(let settings)? = chosen?["buildSettings"] else { return [:] }
        return settings.compactMapValues(\.string)
    }

    private func copiedItems(for id: String) -> [CopiedItem] {
        guard let object = object(id), let isa = object["isa"]?.string else { return [] }
        switch isa {
        case "PBXVariantGroup":
            guard isSoundFile(object["name"]?.string ?? object["path"]?.string ?? "") else { return [] }
            return (object["children"]?.strings ?? []).compactMap { child in
                guard let childPath = path(of: child) else { return nil }
                let name = fileName(of: childPath.description)
                let localization = fileName(of: parentFolder(of: childPath.description))
                return .localized(childPath, bundlePath: localization.hasSuffix(".lproj") ? localization + "/" + name : name)
            }
        case "PBXFileReference":
            let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string ?? ""
            let name = object["path"]?.string ?? object["name"]?.string ?? ""
            // Only what can hold or be a sound is located: most resources are nibs and images.
            let isCatalog = type == "folder.assetcatalog" || fileExtension(of: name) == "xcassets"
            let isFolder = type == "folder" || type.hasPrefix("wrapper.")
            guard isCatalog || isFolder || isSoundFile(name), let itemPath = path(of: id) else { return [] }
            if isCatalog { return [.assetCatalog(itemPath)] }
            return [isFolder ? .folder(itemPath) : .file(itemPath)]
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
                guard let set = object(setID), set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    set["target"]?.string == target
                else { return [] }
                return set["membershipExceptions"]?.strings ?? []
            }
        }
        for id in listed {
            guard let folder = object(id), let folderPath = path(of: id) else { continue }
            memberships.append(
                SynchronizedMembership(
                    folder: folderPath, takesWholeFolder: true, exceptions: exceptions(of: folder),
                    explicitFolders: folder["explicitFolders"]?.strings ?? []))
        }
        for id in synchronizedFolderIDs where !listedSet.contains(id) {
            guard let folder = object(id) else { continue }
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
        guard depth < 64, let object = object(id) else { return nil }
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
