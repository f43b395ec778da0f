import AppContents
import SoundContainers
import Yams

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An XcodeGen `project.yml` read as the project it generates, as far as sounds go: each target's
/// `sources` (a path, or `path` with `excludes`, `includes`, `buildPhase` and `type: folder`),
/// expanded on disk into what its Resources phase would copy, with the specs its `include:` names
/// merged in (their targets' sources added to the same target's, as XcodeGen merges arrays). The
/// result is an `XcodeProject` that `ProjectSounds` and the CLI's project check judge as any.
public enum XcodeGenSpec {
    /// How deep `include:` may nest.
    static let maxIncludeDepth = 8

    /// Reads the spec at `path` and the specs it includes.
    /// - Throws: `XcodeGenSpecError` when a spec cannot be read or is not a YAML mapping.
    public static func read(_ path: String) throws(XcodeGenSpecError) -> XcodeProject {
        var sources: [String: (type: String, platforms: [String], sources: [Source])] = [:]
        var order: [String] = []
        try collect(path, projectFolder: parentFolder(of: path), depth: 0, seen: [], into: &sources, order: &order)
        let folder = parentFolder(of: path)
        var targets: [ProjectTarget] = []
        // Targets share source folders (an app and its extensions): each folder is walked once.
        var walked: [String: [String]] = [:]
        for name in order {
            guard let target = sources[name] else { continue }
            // Sources may overlap (a folder and one of its subfolders): each item is copied once.
            var seen = Set<String>()
            var copied: [CopiedItem] = []
            for source in target.sources { copied += copiedItems(for: source, projectFolder: folder, walked: &walked) }
            let resources = copied.filter { seen.insert("\($0)").inserted }
            let productType = "com.apple.product-type." + target.type
            // A target for several platforms is one target per platform, named NAME_PLATFORM.
            let platforms =
                target.platforms.count > 1 ? target.platforms.map { ("\(name)_\($0)", $0) } : [(name, target.platforms.first ?? "")]
            targets += platforms.map { name, platform in
                var made = ProjectTarget(name: name, productType: productType, resources: resources)
                made.buildsForMacOS = platform.lowercased() == "macos"
                return made
            }
        }
        return XcodeProject(path: path, folder: folder, targets: targets)
    }

    /// One entry of a target's `sources`, its path relative to the project folder.
    struct Source {
        var path: String
        var excludes: [String] = []
        var includes: [String] = []
        var buildPhase: String? = nil
        var isFolderReference = false
    }

    private static func collect(
        _ path: String, projectFolder: String, depth: Int, seen: Set<String>,
        into targets: inout [String: (type: String, platforms: [String], sources: [Source])], order: inout [String]
    ) throws(XcodeGenSpecError) {
        guard depth <= maxIncludeDepth, !seen.contains(normalizedPath(path)) else {
            throw XcodeGenSpecError(path: path, problem: "include: nests more than \(maxIncludeDepth) deep, or includes itself")
        }
        let top = try mapping(path)
        let folder = parentFolder(of: path)
        for entry in top["include"].map(listed) ?? [] {
            let included: String
            var relative = true
            if let written = entry.scalar?.string {
                included = written
            } else if let written = entry.mapping?["path"]?.scalar?.string {
                included = written
                relative = entry.mapping?["relativePaths"]?.scalar?.string != "false"
            } else {
                continue
            }
            let includedPath = included.hasPrefix("/") || folder == "." ? included : joiningPath(folder, included)
            // Paths in an included spec start from its own folder unless `relativePaths: false`.
            try collect(
                normalizedPath(includedPath), projectFolder: relative ? parentFolder(of: normalizedPath(includedPath)) : projectFolder,
                depth: depth + 1, seen: seen.union([normalizedPath(path)]), into: &targets, order: &order)
        }
        // Where this spec's paths start: its own folder, or the including spec's (`relativePaths: false`).
        let base = projectFolder
        for (key, value) in top["targets"]?.mapping ?? [:] {
            guard let name = key.scalar?.string, let target = value.mapping else { continue }
            var entry = targets[name] ?? (type: "", platforms: [], sources: [])
            if targets[name] == nil { order.append(name) }
            if let type = target["type"]?.scalar?.string { entry.type = type }
            if let platform = target["platform"] {
                entry.platforms = listed(platform).compactMap { $0.scalar?.string }
            }
            for source in (target["sources"].map(listed) ?? []) + (target["resources"].map(listed) ?? []) {
                if let parsed = Self.source(source, base: base) {
                    entry.sources.append(parsed)
                }
            }
            targets[name] = entry
        }
    }

    /// A `sources` entry with its path made relative to the project's folder.
    private static func source(_ node: Node, base: String) -> Source? {
        let written: String?
        var source = Source(path: "")
        if let path = node.scalar?.string {
            written = path
        } else if let object = node.mapping {
            written = object["path"]?.scalar?.string
            source.excludes = (object["excludes"].map(listed) ?? []).compactMap { $0.scalar?.string }
            source.includes = (object["includes"].map(listed) ?? []).compactMap { $0.scalar?.string }
            source.buildPhase = object["buildPhase"]?.scalar?.string ?? object["buildPhase"]?.mapping?.keys.first?.scalar?.string
            source.isFolderReference = object["type"]?.scalar?.string == "folder"
        } else {
            written = nil
        }
        guard let written, !written.isEmpty else { return nil }
        source.path = normalizedPath(base == "." || written.hasPrefix("/") ? written : joiningPath(base, written))
        return source
    }

    /// What the Resources phase copies from `source`: nothing for another build phase, the folder
    /// for a folder reference, else every sound file under it that its globs let through (a sound
    /// in a `.lproj` folder as that localization, an asset catalog as one). `walked` keeps the sound
    /// files of each folder walked so far.
    private static func copiedItems(for source: Source, projectFolder: String, walked: inout [String: [String]]) -> [CopiedItem] {
        if let phase = source.buildPhase, phase != "resources" { return [] }
        let relative = relativePath(source.path, from: projectFolder)
        if source.isFolderReference { return [.folder(.relative(relative))] }
        if SniffedFormat.isNamedLikeSound(source.path) { return [.file(.relative(relative))] }
        let under = walked[source.path] ?? soundFiles(under: source.path)
        walked[source.path] = under
        let files = under.filter { isIncluded($0, source) }
        return copiedItems(ofSoundFiles: files, in: relative)
    }

    /// The sound files under `folder`, relative to it. Dependencies and build output are never a
    /// target's sources; a folder that holds more files than an app has (the disk's root) is
    /// read no further.
    static func soundFiles(under folder: String) -> [String] {
        let skipped = RepositoryMarkers.skippedFolders
        return filesUnder(folder, limit: 200_000, skipsFolder: { skipped.contains(fileName(of: $0)) }).filter(
            SniffedFormat.isNamedLikeSound)
    }

    /// What a Resources phase copies of `files`, sound files relative to the folder `relative`
    /// (itself relative to the project's folder): a sound in a `.lproj` folder as that
    /// localization, an asset catalog as one, a `.bundle` whole, any other as a file.
    static func copiedItems(ofSoundFiles files: [String], in relative: String) -> [CopiedItem] {
        var items: [CopiedItem] = []
        var catalogs = Set<String>()
        for file in files {
            let components = file.split(separator: "/")
            if let catalog = components.firstIndex(where: { $0.hasSuffix(".xcassets") }) {
                let path = components[...catalog].joined(separator: "/")
                if catalogs.insert(path).inserted { items.append(.assetCatalog(.relative(joiningRelative(relative, path)))) }
                continue
            }
            // A bundle inside the sources is copied whole, as a folder of the app's bundle.
            if let bundle = components.firstIndex(where: { $0.hasSuffix(".bundle") }) {
                let path = components[...bundle].joined(separator: "/")
                if catalogs.insert(path).inserted { items.append(.folder(.relative(joiningRelative(relative, path)))) }
                continue
            }
            let item = ProjectPath.relative(joiningRelative(relative, file))
            if components.count > 1, components[components.count - 2].hasSuffix(".lproj") {
                items.append(.localized(item, bundlePath: components.suffix(2).joined(separator: "/")))
            } else {
                items.append(.file(item))
            }
        }
        return items
    }

    /// Whether `file` (relative to the source's folder) passes the source's `includes` and `excludes`.
    private static func isIncluded(_ file: String, _ source: Source) -> Bool {
        func matches(_ pattern: String) -> Bool {
            // `*` crosses folders here (fnmatch without FNM_PATHNAME), so `**/x` also matches `x`.
            let bare = pattern.hasPrefix("**/") ? String(pattern.dropFirst(3)) : pattern
            return fnmatch(pattern, file, 0) == 0 || fnmatch(bare, file, 0) == 0 || file.hasPrefix(pattern + "/")
        }
        if !source.includes.isEmpty, !source.includes.contains(where: matches) { return false }
        return !source.excludes.contains(where: matches)
    }

    static func joiningRelative(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : normalizedPath(joiningPath(folder, name))
    }

    /// `path` relative to `folder` (both as shown); `..` where it lies outside.
    private static func relativePath(_ path: String, from folder: String) -> String {
        let target = normalizedPath(path).split(separator: "/")
        let base = folder == "." ? [] : normalizedPath(folder).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }

    /// A node as a list: a sequence's items, or the node itself.
    private static func listed(_ node: Node) -> [Node] {
        node.sequence.map(Array.init) ?? [node]
    }

    private static func mapping(_ path: String) throws(XcodeGenSpecError) -> Node.Mapping {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: path, limit: 4 << 20)
        } catch {
            throw XcodeGenSpecError(path: path, problem: "cannot be read: \(error.reason)")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self), .basic)
        } catch {
            throw XcodeGenSpecError(path: path, problem: "not valid YAML: \(error)")
        }
        guard let mapping = root?.mapping else { throw XcodeGenSpecError(path: path, problem: "not a mapping of settings") }
        return mapping
    }
}

/// Why an XcodeGen spec could not be read; names the file.
public struct XcodeGenSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let problem: String

    public var description: String { "\(path): \(problem)" }
}
