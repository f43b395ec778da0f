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
    private let xcode: XcodeCompiledSources
    /// Folders whose Xcode projects were not read (no `project.pbxproj`, XcodeGen, Tuist, a
    /// project that could not be read), normalized: what their targets compile is not known.
    private let unreadProjectFolders: [String]
    /// The source folders each Gradle build file declares, by the build file's folder.
    private var declaredFolders: [String: [String]] = [:]

    /// Reads what the layout's Xcode projects compile; Gradle build files are read when a Java or
    /// Kotlin file outside every conventional source set is asked about.
    public init(_ layout: RepositoryLayout) {
        var projects: [XcodeProject] = []
        var unread = layout.xcodeProjectsWithoutFile + layout.xcodeGenProjects.map(\.path)
        unread += layout.unreadConfigs.filter { fileName(of: $0.path) == "Project.swift" }.map(\.path)
        let readsCode = layout.sourceFiles.contains { ["swift", "m", "mm"].contains(fileExtension(of: $0)) }
        for path in layout.xcodeProjects where readsCode {
            do throws(ProjectError) {
                projects.append(try XcodeProject.read(path, readingSources: true))
            } catch {
                unread.append(path)
            }
        }
        xcode = XcodeCompiledSources(projects)
        unreadProjectFolders = unread.map { normalizedPath(parentFolder(of: $0)) }
    }

    /// True when a build compiles the source file at `path` into an app, or nothing here says it does not.
    public func compiles(_ path: String) -> Bool {
        switch fileExtension(of: path) {
        case "java", "kt":
            return GradleSourceFolders.isInSourceSet(path) || isInDeclaredFolder(path)
        case "swift", "m", "mm":
            guard xcode.compiles(path) == false else { return true }
            let file = normalizedPath(path)
            if unreadProjectFolders.contains(where: { XcodeCompiledSources.folder($0, holds: file) }) { return true }
            return isInSwiftPackage(file, below: xcode.projectFolder(holding: file) ?? "")
        default:
            return true
        }
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
        let text = ["build.gradle.kts", "build.gradle"].lazy.map { readText(atPath: joiningPath(folder, $0), limit: 4 << 20) }
            .first { !$0.isEmpty }
        let found = text.map(GradleSourceFolders.declaredFolders(in:)) ?? []
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
