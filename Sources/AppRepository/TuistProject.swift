import AppContents
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Tuist `Project.swift` whose targets spell out their resources (`TuistManifest`), read as the
/// project `tuist generate` makes of it, as far as sounds go: each target's resource globs
/// expanded on disk from the manifest's folder (`*` and `?` within a name, `**` across folders,
/// `{a,b}` either; `excluding` globs taken out), each folder reference copied whole. The result is
/// an `XcodeProject` that `ProjectSounds` and the CLI's project check judge as any, as an XcodeGen
/// spec's is.
public enum TuistProject {
    /// The project the manifest at `path` describes; nil when it computes its targets or resources.
    public static func read(_ path: String) -> XcodeProject? {
        guard let manifest = TuistManifest.read(path) else { return nil }
        let folder = parentFolder(of: path)
        let targets = manifest.targets.map { target in
            // Globs may overlap (`Resources/**` and `Resources/Sounds/*.caf`): each item is copied once.
            var seen = Set<String>()
            let resources = target.resources.flatMap { copiedItems($0, folder: folder) }.filter { seen.insert("\($0)").inserted }
            var made = ProjectTarget(name: target.name, productType: target.productType, resources: resources)
            made.buildsForMacOS = target.buildsForMacOS
            return made
        }
        return XcodeProject(path: path, folder: folder, targets: targets)
    }

    /// What one resource entry copies, its paths relative to the manifest's `folder`.
    static func copiedItems(_ resource: TuistManifest.Resource, folder: String) -> [CopiedItem] {
        switch resource {
        case .folderReference(let path):
            return [.folder(.relative(normalizedPath(path)))]
        case .glob(let pattern, let excluding):
            let excluded = excluding.flatMap(expandingBraces).map(components)
            return expandingBraces(pattern).flatMap { glob -> [CopiedItem] in
                let parts = components(glob)
                // The folder the glob starts from: its leading names without a wildcard.
                let fixed = Array(parts.prefix { !$0.contains(where: { "*?[".contains($0) }) })
                let base = fixed.joined(separator: "/")
                let start = base.isEmpty ? folder : joiningPath(folder, base)
                if fixed.count == parts.count, SniffedFormat.isNamedLikeSound(base) {
                    return FileIdentity.of(start) == nil ? [] : [.file(.relative(base))]
                }
                // A folder named without a wildcard is taken whole, as `folder/**` is.
                let rest = fixed.count == parts.count ? ["**"] : Array(parts.dropFirst(fixed.count))
                let files = XcodeGenSpec.soundFiles(under: start).filter { file in
                    let path = components(file)
                    return matches(rest[...], path[...]) && !excluded.contains { isExcluded(fixed + path, by: $0) }
                }
                return XcodeGenSpec.copiedItems(ofSoundFiles: files, in: base)
            }
        }
    }

    /// True when `pattern`'s names match `path`'s: `**` matches any number of names.
    static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            return matches(pattern.dropFirst(), path) || (!path.isEmpty && matches(pattern, path.dropFirst()))
        }
        guard let name = path.first, fnmatch(first, name, FNM_PERIOD) == 0 else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    /// True when an `excluding` glob takes out `path`: it matches the file, or a folder holding it.
    private static func isExcluded(_ path: [String], by pattern: [String]) -> Bool {
        (1...path.count).contains { matches(pattern[...], path.prefix($0)) }
    }

    /// The globs `pattern` stands for once each `{a,b}` is expanded.
    static func expandingBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let head = pattern[..<open]
        let tail = String(pattern[pattern.index(after: close)...])
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false).flatMap {
            expandingBraces(head + $0 + tail)
        }
    }

    /// The names of a path, `.` and empty ones dropped.
    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").filter { $0 != "." }.map(String.init)
    }
}
