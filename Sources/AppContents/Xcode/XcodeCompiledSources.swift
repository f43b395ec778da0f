import SoundContainers

/// The Swift and Objective-C files the Xcode projects of a repository compile: the files of each
/// target's Sources build phases and the members of its synchronized folders, for every target
/// but test bundles (an app, an extension, a framework the app embeds). A project that compiles
/// nothing at all (its targets only copy resources) says nothing about the code around it.
public struct XcodeCompiledSources: Sendable {
    /// The folders of the projects that compile something, normalized ("" for the current folder).
    private let projectFolders: [String]
    /// The files those projects' targets compile, normalized.
    private let compiled: Set<String>
    /// Their targets' synchronized folders on disk, normalized, with what picks the members.
    private let synchronized: [(folder: String, membership: SynchronizedMembership)]

    /// What `projects` (read with `readingSources`) compile.
    public init(_ projects: [XcodeProject]) {
        var folders: [String] = []
        var compiled = Set<String>()
        var synchronized: [(String, SynchronizedMembership)] = []
        for project in projects {
            var compilesAny = false
            for target in project.targets where !Self.isTestBundle(target.productType) {
                for source in target.compiledSources {
                    guard let disk = source.onDisk(projectFolder: project.folder) else { continue }
                    compiled.insert(normalizedPath(disk))
                    compilesAny = true
                }
                for membership in target.synchronizedFolders {
                    guard let disk = membership.folder.onDisk(projectFolder: project.folder) else { continue }
                    synchronized.append((normalizedPath(disk), membership))
                    compilesAny = true
                }
            }
            if compilesAny { folders.append(normalizedPath(project.folder)) }
        }
        projectFolders = folders
        self.compiled = compiled
        self.synchronized = synchronized
    }

    /// True for a test bundle's product type (unit or UI tests): its code is no app's.
    public static func isTestBundle(_ productType: String) -> Bool {
        productType.contains("bundle.unit-test") || productType.contains("bundle.ui-testing")
    }

    /// Whether a target compiles the file at `path`; nil when no project that compiles anything
    /// holds it in its folder.
    public func compiles(_ path: String) -> Bool? {
        let file = normalizedPath(path)
        guard projectFolders.contains(where: { Self.folder($0, holds: file) }) else { return nil }
        if compiled.contains(file) { return true }
        return synchronized.contains { folder, membership in
            Self.folder(folder, holds: file)
                && !membership.members(among: [String(file.dropFirst(folder.isEmpty ? 0 : folder.count + 1))]).isEmpty
        }
    }

    /// The project folder that holds `path`, when one does (the deepest).
    public func projectFolder(holding path: String) -> String? {
        let file = normalizedPath(path)
        return projectFolders.filter { Self.folder($0, holds: file) }.max { $0.count < $1.count }
    }

    /// True when the normalized `folder` ("" for the current one) holds the normalized `file`.
    public static func folder(_ folder: String, holds file: String) -> Bool {
        folder.isEmpty ? !file.hasPrefix("../") && !file.hasPrefix("/") : file.hasPrefix(folder + "/")
    }
}
