import AppContents
import SoundContainers

/// Which source files of a repository a build compiles into an app, where the repository says so:
/// Java and Kotlin inside a Gradle module's source sets (`src/<set>/java`, `src/<set>/kotlin`, and
/// the folders its build file sets, `GradleSourceFolders`); Swift and Objective-C that a target of
/// a read Xcode project compiles (`XcodeCompiledSources`), or that lie in a Swift package inside
/// the project's folder. Any other file counts: Dart, JavaScript, Swift outside every read project.
/// A file that is not compiled is no app's code: a loose `MainActivity.java` beside the real one
/// asks for no sound.
public final class CompiledSources {
    private let layout: RepositoryLayout
    /// What the Xcode projects compile, read when a Swift or Objective-C file is first asked about.
    private lazy var xcode: XcodeCompiledSources = readProjects()
    /// Folders whose Xcode projects were not read (no `project.pbxproj`, XcodeGen, Tuist, a
    /// project that could not be read), normalized: what their targets compile is not known.
    private var unreadProjectFolders: [String] = []
    /// The Xcode projects read, by `.xcodeproj` path (those that could not be read are left out).
    private var readXcodeProjects: [String: XcodeProject] = [:]
    /// The source folders each Gradle build file declares, by the build file's folder.
    private var declaredFolders: [String: [String]] = [:]

    /// Nothing read yet: the Xcode projects are read when a Swift or Objective-C file is asked
    /// about, a Gradle build file when a Java or Kotlin file outside every conventional source set is.
    public init(_ layout: RepositoryLayout) {
        self.layout = layout
    }

    /// True when a build compiles the source file at `path` into an app, or nothing here says it does not.
    public func compiles(_ path: String) -> Bool {
        switch Language(of: path) {
        case .javaOrKotlin:
            return GradleSourceFolders.isInSourceSet(path) || isInDeclaredFolder(path)
        case .swiftOrObjectiveC:
            guard xcode.compiles(path) == false else { return true }
            let file = normalizedPath(path)
            if unreadProjectFolders.contains(where: { XcodeCompiledSources.folder($0, holds: file) }) { return true }
            return isInSwiftPackage(file, below: xcode.projectFolder(holding: file) ?? "")
        case .other:
            return true
        }
    }

    /// The languages whose files a build file or a project lists, told by the file name's last
    /// bytes: the code reader asks for every file it read.
    private enum Language {
        case javaOrKotlin, swiftOrObjectiveC, other

        init(of path: String) {
            var path = path
            self = path.withUTF8 { bytes in
                func ends(with suffix: StaticString) -> Bool {
                    let count = suffix.utf8CodeUnitCount
                    guard bytes.count >= count else { return false }
                    return zip(bytes.suffix(count), UnsafeBufferPointer(start: suffix.utf8Start, count: count)).allSatisfy { $0 == $1 }
                }
                if ends(with: ".java") || ends(with: ".kt") { return .javaOrKotlin }
                if ends(with: ".swift") || ends(with: ".m") || ends(with: ".mm") { return .swiftOrObjectiveC }
                return .other
            }
        }
    }

    /// The Xcode project at `path` (a `.xcodeproj` folder), as `XcodeProject.read(_:)` reads it:
    /// the one read for what its targets compile when the layout holds it and it could be read, so
    /// that a repository's `project.pbxproj` is parsed once, not once here and once for its sounds.
    /// Read with its sources, it says the same of its targets' resources; one that could not be
    /// (a damaged object among its sources) is read again without them, for the same error or none.
    public func project(at path: String) throws(ProjectError) -> XcodeProject {
        _ = xcode
        if let project = readXcodeProjects[path] { return project }
        return try XcodeProject.read(path)
    }

    /// Reads each Xcode project of the layout for what its targets compile.
    private func readProjects() -> XcodeCompiledSources {
        var projects: [XcodeProject] = []
        var unread = layout.xcodeProjectsWithoutFile + (layout.xcodeGenProjects + layout.tuistProjects).map(\.path)
        unread += layout.unreadConfigs.filter { fileName(of: $0.path) == "Project.swift" }.map(\.path)
        for path in layout.xcodeProjects {
            do throws(ProjectError) {
                let project = try XcodeProject.read(path, readingSources: true)
                projects.append(project)
                readXcodeProjects[path] = project
            } catch {
                unread.append(path)
            }
        }
        unreadProjectFolders = unread.map { normalizedPath(parentFolder(of: $0)) }
        return XcodeCompiledSources(projects)
    }

    /// True when a Gradle build file of a folder above `path` declares a source folder that holds it.
    private func isInDeclaredFolder(_ path: String) -> Bool {
        let file = normalizedPath(path)
        var folder = parentFolder(of: file)
        while true {
            for declared in declared(in: folder) {
                let root = folder == "." ? declared : normalizedPath(joiningPath(folder, declared))
                if XcodeCompiledSources.folder(root, holds: file) { return true }
            }
            guard folder != "." && folder != "/" && !folder.isEmpty else { return false }
            folder = parentFolder(of: folder)
        }
    }

    /// The source folders the build file of `folder` declares (read once).
    private func declared(in folder: String) -> [String] {
        if let known = declaredFolders[folder] { return known }
        let build = ["build.gradle.kts", "build.gradle"].lazy.map { ($0, readText(atPath: joiningPath(folder, $0), limit: 4 << 20)) }
            .first { !$0.1.isEmpty }
        let language = build.flatMap { CodeLanguage(fileExtension: fileExtension(of: $0.0)) } ?? .groovy
        let found = build.map { GradleSourceFolders.declaredFolders(in: $0.1, language: language) } ?? []
        declaredFolders[folder] = found
        return found
    }

    /// True when a `Package.swift` stands in a folder above `file`, up to the project folder `top`:
    /// a local Swift package the app's targets link.
    private func isInSwiftPackage(_ file: String, below top: String) -> Bool {
        var folder = parentFolder(of: file)
        while folder != "." && folder != "/" && folder != top && XcodeCompiledSources.folder(top, holds: folder + "/x") {
            if FileIdentity.of(joiningPath(folder, "Package.swift")) != nil { return true }
            folder = parentFolder(of: folder)
        }
        return false
    }
}
