import AppContents
import SoundContainers

/// What a folder walk notices on its way besides sounds: the files and folders that say an app
/// lives here (Xcode projects, Expo, Flutter, React Native, Capacitor and Cordova configs, Android
/// raw-resource folders, resource folders and manifests), the folders that hold other people's files and are never walked, and
/// the source files that are an app's code (`CodeOutsideApps` tells the rest). `RepositoryLayout`
/// reads what it noticed.
public struct RepositoryMarkers: Sendable {
    /// Folders a repository walk never enters: dependencies, build output and vendored code.
    /// (Hidden folders, `.git`, `.build`, `.gradle`, `.dart_tool`, `.expo` and the like, are never
    /// entered by any walk; nor are `.xcodeproj`, `.xcworkspace`, `.framework`, `.xcframework`
    /// and `.xcarchive`.)
    public static let skippedFolders: Set<String> = [
        "Pods", "node_modules", "bower_components", "Carthage", "vendor", "build", "Build", "DerivedData",
        // MSBuild's output and intermediate folders (`bin/`, `obj/`): copies a .NET build made.
        "bin", "obj",
    ]

    /// What a walk does with a folder.
    public enum FolderAction: Sendable {
        /// Walk into it.
        case descend
        /// Leave it out, with everything below it.
        case skip
    }

    /// `.xcodeproj` folders.
    public private(set) var xcodeProjects: [String] = []
    /// `app.json` and `app.config.json` files (an `app.json` is Expo's only if it says so).
    public private(set) var expoConfigCandidates: [String] = []
    /// Configs that are programs: `app.config.js`/`.ts`/`.mjs`/`.cjs`, Tuist's `Project.swift`.
    public private(set) var programConfigs: [String] = []
    /// Flutter's `pubspec.yaml` files.
    public private(set) var pubspecs: [String] = []
    /// `package.json` files (a React Native app's names `react-native`).
    public private(set) var packageManifests: [String] = []
    /// Capacitor's `capacitor.config.json`/`.ts`/`.js` files.
    public private(set) var capacitorConfigs: [String] = []
    /// Cordova's `config.xml` candidates.
    public private(set) var cordovaConfigs: [String] = []
    /// True for a Cordova plugin's Android resources (`src/android/res` beside its `plugin.xml`),
    /// which the plugin's `<resource-file>` entries copy into the app that installs it: no
    /// Android module of their own (Cordova's plugin.xml reference, "resource-file").
    static func isCordovaPluginSource(res path: String) -> Bool {
        let source = parentFolder(of: path)
        return fileName(of: source) == "android"
            && FileIdentity.of(joiningPath(parentFolder(of: parentFolder(of: source)), "plugin.xml")) != nil
    }

    /// .NET project files (`.csproj`): MAUI, .NET for iOS and Android, Xamarin, and libraries.
    public private(set) var dotNetProjects: [String] = []
    /// XcodeGen's `project.yml` files.
    public private(set) var xcodeGenSpecs: [String] = []
    /// Android `res/raw` folders.
    public private(set) var androidRawFolders: [String] = []
    /// Android resource folders (`src/<set>/res`): an Android build lives here, with raw sounds or
    /// without.
    public private(set) var androidResourceFolders: [String] = []
    /// Android manifests of a source set (`src/<set>/AndroidManifest.xml`): an Android build lives
    /// here, with resource folders or without.
    public private(set) var androidManifests: [String] = []
    /// Every file whose text may name a raw resource (`RawResourceMentions.textExtensions`),
    /// test code and generated copies too.
    public private(set) var textFiles: [String] = []
    /// Source files whose code may name sounds (`SoundUsage.sourceExtensions`), but for test code
    /// and generated copies (`CodeOutsideApps`).
    public private(set) var sourceFiles: [String] = []
    /// The projects of kinds soundcheck does not read (`UnreadShape.Kind`), with the file or
    /// folder that marks each.
    public private(set) var unreadShapes: [UnreadShape] = []
    /// Where the walk is among the folders of code that is no app's.
    private var outsideApps = CodeOutsideApps()

    /// Nothing noticed yet.
    public init() {}

    /// Notices the folder `name` at `path` (as the walk shows it) and says whether to walk into it.
    public mutating func visitFolder(named name: String, path: String) -> FolderAction {
        if Self.skippedFolders.contains(name) { return .skip }
        switch fileExtension(of: name) {
        case "xcodeproj":
            xcodeProjects.append(path)
            return .skip
        case "xcworkspace", "framework", "xcframework", "xcarchive":
            // Workspaces hold no sounds; frameworks are vendored binaries, and their resources
            // never land at an app's bundle root; an archive is build output, a copy of an app.
            return .skip
        default:
            break
        }
        if name == "raw", fileName(of: parentFolder(of: path)) == "res" { androidRawFolders.append(path) }
        if name == "res", fileName(of: parentFolder(of: parentFolder(of: path))) == "src", !Self.isCordovaPluginSource(res: path) {
            androidResourceFolders.append(path)
        }
        if let kind = UnreadShape.Kind.markedBy(folder: name, path: path) { unreadShapes.append(UnreadShape(kind: kind, marker: path)) }
        outsideApps.enter(folder: name, path: path)
        return .descend
    }

    /// Notices the file `name` at `path`, whose lowercased extension is `fileExtension`, and
    /// says whether it is a source file of an app (not test code or a generated copy: `CodeOutsideApps`).
    /// A config written as code (`capacitor.config.ts`, whose
    /// `LocalNotifications.sound` names Android's default sound; `app.config.js`) is both.
    @discardableResult
    public mutating func visitFile(named name: String, path: String, fileExtension: String) -> Bool {
        if RawResourceMentions.textExtensions.contains(fileExtension) { textFiles.append(path) }
        switch name {
        case "app.json", "app.config.json": expoConfigCandidates.append(path)
        case "app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs", "Project.swift": programConfigs.append(path)
        case "pubspec.yaml": pubspecs.append(path)
        case "package.json": packageManifests.append(path)
        case "capacitor.config.json", "capacitor.config.ts", "capacitor.config.js": capacitorConfigs.append(path)
        case "config.xml": cordovaConfigs.append(path)
        case "project.yml": xcodeGenSpecs.append(path)
        case "AndroidManifest.xml" where fileName(of: parentFolder(of: parentFolder(of: path))) == "src": androidManifests.append(path)
        default:
            if fileExtension == "csproj" { dotNetProjects.append(path) }
            if let kind = UnreadShape.Kind.markedBy(file: name, fileExtension: fileExtension, path: path) {
                unreadShapes.append(UnreadShape(kind: kind, marker: path))
            }
        }
        guard SoundUsage.sourceExtensions.contains(fileExtension), !outsideApps.holds(fileNamed: name, path: path) else { return false }
        sourceFiles.append(path)
        return true
    }
}
