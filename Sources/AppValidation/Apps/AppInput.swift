import AppContents
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path on the command line that stands for an app rather than for sound files: what `validate`
/// reads to learn which sounds the app ships. (Any other folder is walked, and the apps its walk
/// finds are checked as a repository: see `RepositoryCheck`.)
enum AppInput: Equatable {
    /// An `.xcodeproj` folder.
    case xcodeProjects([String])
    /// An Expo `app.json` or `app.config.json`.
    case expoConfig(String)
    /// A built app: a `.app` folder.
    case appBundle(String)
    /// A built app in an `.ipa` archive, read in place.
    case appArchive(String)
    /// A built Android app, an `.apk` or `.aab`, read in place.
    case androidArchive(String)

    /// The names of an Expo config that soundcheck can read, in the order Expo prefers them.
    static let expoConfigNames = ["app.config.json", "app.json"]
    /// The names of an Expo config that only Node can evaluate.
    static let evaluatedConfigNames = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]

    /// What `path` is: an app input, or nil for sound files and folders of them.
    /// - Throws: `UsageFailure` for an app input soundcheck cannot read, saying what to do instead.
    static func classify(_ path: String) throws -> AppInput? {
        // A sound's name is never an app's: no system call for the paths CI passes by the thousand.
        if SniffedFormat.isNamedLikeSound(path) { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let name = fileName(of: normalizedFolderPath(path))
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        if isFolder {
            if fileExtension(of: name) == "xcodeproj" { return .xcodeProjects([path]) }
            if fileExtension(of: name) == "app" { return .appBundle(path) }
            return nil
        }
        if name == "project.pbxproj" { return .xcodeProjects([parentFolder(of: path)]) }
        if expoConfigNames.contains(name) { return .expoConfig(path) }
        if evaluatedConfigNames.contains(name) {
            // One that spells out its sounds is read as text, as its JSON would be.
            guard ExpoConfig.readScript(path).map({ !$0.sounds.isEmpty }) == true else { throw evaluatedConfig(path) }
            return .expoConfig(path)
        }
        if fileExtension(of: name) == "ipa" { return .appArchive(path) }
        if ["apk", "aab"].contains(fileExtension(of: name)) { return .androidArchive(path) }
        return nil
    }

    private static func evaluatedConfig(_ path: String) -> UsageFailure {
        UsageFailure(
            message: "\(path): this Expo config computes its expo-notifications sounds, which only running it can tell; "
                + "write the JSON it evaluates to with `npx expo config --json > app.config.json` and validate that")
    }

    /// `path` without trailing slashes (`Foo.xcodeproj/` is a project too).
    private static func normalizedFolderPath(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
