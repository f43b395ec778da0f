import AppContents
import SoundContainers

/// The apps a repository holds and where each ships sounds from, read from what a walk noticed
/// (`RepositoryMarkers`): Xcode projects (iOS) and the XcodeGen specs and Tuist manifests that
/// describe them, Android modules (their `res/raw` folders, or none), Expo configs (both
/// platforms), Flutter assets (both, played by the app itself), Cordova's and Capacitor's web
/// files (`WebAppFolder`), and the React Native, Capacitor, Cordova and generated-project files
/// that say an app is there.
public struct RepositoryLayout: Sendable {
    /// A kind of app a repository can hold.
    public enum AppKind: String, Sendable, CaseIterable {
        case xcode = "Xcode project"
        case xcodeGen = "XcodeGen project"
        case tuist = "Tuist project"
        case android = "Android module"
        case expo = "Expo app"
        case flutter = "Flutter app"
        case reactNative = "React Native app"
        case capacitor = "Capacitor app"
        case cordova = "Cordova app"
        case dotNet = ".NET project"

        /// "a" or "an", as the name is said.
        public var article: String {
            switch self {
            case .xcode, .xcodeGen, .android, .expo: return "an"
            case .tuist, .flutter, .reactNative, .capacitor, .cordova, .dotNet: return "a"
            }
        }
    }

    /// One app found: its kind and the file or folder that says so (an Android module's `res/raw`
    /// folder, or, for a module that ships none, its first `src/<set>/res` folder or manifest).
    public struct App: Sendable, Equatable {
        public let kind: AppKind
        public let path: String
    }

    /// A config that cannot be read without running it, or that could not be read at all.
    public struct UnreadConfig: Sendable, Equatable {
        /// The file.
        public let path: String
        /// True for a program (JavaScript, TypeScript, Swift); false for a file that is damaged.
        public let isProgram: Bool
        /// What is wrong, for a damaged file.
        public let problem: String?
    }

    /// Every app found, in the order found.
    public private(set) var apps: [App] = []
    /// `.xcodeproj` folders that hold a `project.pbxproj`.
    public private(set) var xcodeProjects: [String] = []
    /// `.xcodeproj` folders without one (a generated project that is not committed), and none
    /// of whose folder's XcodeGen specs stands in for it.
    public private(set) var xcodeProjectsWithoutFile: [String] = []
    /// Projects read from XcodeGen specs (`project.yml` and its includes), where no generated
    /// `project.pbxproj` beside the spec says the same.
    public private(set) var xcodeGenProjects: [XcodeProject] = []
    /// Projects read from Tuist manifests that spell out their targets' resources
    /// (`TuistProject`), where no generated `project.pbxproj` beside the manifest says the same.
    public private(set) var tuistProjects: [XcodeProject] = []
    /// Expo configs, read: JSON, and JavaScript or TypeScript that spells out its sounds.
    public private(set) var expoConfigs: [ExpoConfig] = []
    /// Configs read no further: programs, and Expo configs that are not valid JSON.
    public private(set) var unreadConfigs: [UnreadConfig] = []
    /// Android `res/raw` folders.
    public private(set) var androidRawFolders: [String] = []
    /// True when an Android build lives in the repository (a `src/<set>/res` folder), whether or
    /// not it ships a raw sound: a name asked of it that no `res/raw` holds is missing.
    public let buildsAndroid: Bool
    /// Flutter asset entries, normalized: files, and folders ending in `/` (which hold the files
    /// directly in them).
    public private(set) var flutterAssets: [String] = []
    /// The source files the walk found, whose code shows what sounds are for (`SoundUsage`).
    public let sourceFiles: [String]
    /// Every file whose text may name a raw resource (`RawResourceMentions`).
    public let textFiles: [String]
    /// Files a Cordova `config.xml` copies into a platform (`<resource-file src=…>` inside
    /// `<platform name="ios">` or `"android"`), normalized, with the platform's name.
    public private(set) var cordovaResources: [String: String] = [:]

    /// The folders of Cordova and Capacitor apps' web files, which ship in a folder of the app of
    /// their own, where no notification looks.
    public private(set) var webAppFolders: [WebAppFolder] = []
    /// The platforms the Cordova apps build for (`ios`, `android`), with or without `platforms/`.
    public private(set) var cordovaPlatforms: Set<String> = []

    /// The .NET projects (`DotNetProject`) of a repository that holds a .NET app (a project that
    /// builds for iOS, Mac Catalyst or Android), apps and libraries alike: a library's code and
    /// embedded resources are its apps'.
    public private(set) var dotNetProjects: [DotNetProject] = []

    /// True when a .NET project builds for iOS or Mac Catalyst.
    public var dotNetShipsApple: Bool { dotNetProjects.contains { $0.buildsApple } }
    /// True when a .NET project builds for Android.
    public var dotNetShipsAndroid: Bool { dotNetProjects.contains { $0.buildsAndroid } }

    /// The .NET project whose folder holds the file at `path` most closely, and the file's path
    /// below that folder, if one does.
    public func dotNetProject(holding path: String) -> (project: DotNetProject, relativePath: String)? {
        let normalized = normalizedPath(path)
        var best: (project: DotNetProject, relativePath: String)?
        for project in dotNetProjects {
            let folder = project.folder
            let relative: String
            if folder.isEmpty || folder == "." {
                relative = normalized
            } else if normalized.hasPrefix(folder + "/") {
                relative = String(normalized.dropFirst(folder.count + 1))
            } else {
                continue
            }
            if best.map({ relative.count < $0.relativePath.count }) ?? true { best = (project, relative) }
        }
        return best
    }


    /// The projects of kinds soundcheck does not read (`UnreadShape`): the sounds in their
    /// folders that no app read here ships get a note, and no platform's rules.
    public private(set) var unreadShapes: [UnreadShape]

    /// True when no app was found, nor any project soundcheck does not read: the folder is a
    /// plain folder of sounds.
    public var isEmpty: Bool { apps.isEmpty && unreadShapes.isEmpty }

    /// The innermost project soundcheck does not read whose folder holds the file at `path`.
    public func unreadShape(holding path: String) -> UnreadShape? {
        guard !unreadShapes.isEmpty else { return nil }
        let normalized = normalizedPath(path)
        return unreadShapes.filter { $0.holds(normalized) }.max { $0.folder.count < $1.folder.count }
    }

    /// The folders the apps live in, normalized: an Xcode project's folder, an Android module's
    /// (the folder holding `src/<set>/res/raw`), a config's folder. A sound outside all of them
    /// has no app around it, and is judged as a sound in a plain folder. Worked out once, when the
    /// layout is read: `hasApp(around:)` asks for every source file, and a repository of plugins
    /// holds hundreds of apps (recomputing them per file took 66 % of a run at such a root).
    public private(set) var appFolders: [String] = []
    /// Whether an app's folder is the repository's root, so that every path lies inside one.
    private var hasAppAtRoot = false
    /// `appFolders` as the ASCII prefixes (each ending in `/`) that a path inside one starts with.
    private var asciiAppFolderPrefixes: Set<Substring> = []
    /// The other `appFolders`' prefixes, compared as `String.hasPrefix` compares them.
    private var otherAppFolderPrefixes: [String] = []

    /// True when the file at `path` lies inside one of `appFolders`.
    public func hasApp(around path: String) -> Bool {
        if hasAppAtRoot { return true }
        let normalized = normalizedPath(path)
        guard normalized.utf8.allSatisfy({ $0 < 0x80 }) else {
            // Unicode's equivalences apply: compare as characters.
            return appFolders.contains { folder in normalized.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
        }
        // An ASCII path: each of its folders (up to and with a `/`) is looked up, as many lookups as
        // the path is deep, however many apps there are.
        if !asciiAppFolderPrefixes.isEmpty {
            var index = normalized.startIndex
            while let slash = normalized.utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
                index = normalized.utf8.index(after: slash)
                if asciiAppFolderPrefixes.contains(normalized[..<index]) { return true }
            }
        }
        return otherAppFolderPrefixes.contains { normalized.hasPrefix($0) }
    }

    /// `appFolders` of `apps`, in order.
    private static func folders(of apps: [App]) -> [String] {
        apps.map { app in
            switch app.kind {
            case .android:
                return normalizedPath(androidModuleFolder(of: app.path))
            case .xcode, .xcodeGen, .tuist, .expo, .flutter, .reactNative, .capacitor, .cordova, .dotNet:
                return normalizedPath(parentFolder(of: app.path))
            }
        }
    }

    /// Reads what `markers` noticed: `app.json`, `package.json`, `pubspec.yaml` and Cordova's
    /// `config.xml` are opened to see whose they are.
    public init(_ markers: RepositoryMarkers) {
        sourceFiles = markers.sourceFiles
        textFiles = markers.textFiles
        unreadShapes = markers.unreadShapes
        buildsAndroid =
            !markers.androidResourceFolders.isEmpty || !markers.androidRawFolders.isEmpty || !markers.androidManifests.isEmpty
        var generatedFolders = Set<String>()
        for project in markers.xcodeProjects where FileIdentity.of(joiningPath(project, "project.pbxproj")) != nil {
            xcodeProjects.append(project)
            generatedFolders.insert(normalizedPath(parentFolder(of: project)))
            apps.append(App(kind: .xcode, path: project))
        }
        var specFolders = Set<String>()
        for spec in markers.xcodeGenSpecs where Self.isXcodeGenSpec(spec) {
            apps.append(App(kind: .xcodeGen, path: spec))
            specFolders.insert(normalizedPath(parentFolder(of: spec)))
            // A committed project.pbxproj beside the spec is what XcodeGen made of it: read that.
            guard !generatedFolders.contains(normalizedPath(parentFolder(of: spec))) else { continue }
            do throws(XcodeGenSpecError) {
                xcodeGenProjects.append(try XcodeGenSpec.read(spec))
            } catch {
                unreadConfigs.append(UnreadConfig(path: spec, isProgram: false, problem: error.problem))
            }
        }
        for project in markers.xcodeProjects where FileIdentity.of(joiningPath(project, "project.pbxproj")) == nil {
            if !specFolders.contains(normalizedPath(parentFolder(of: project))) { xcodeProjectsWithoutFile.append(project) }
            apps.append(App(kind: .xcode, path: project))
        }
        for folder in markers.androidRawFolders {
            androidRawFolders.append(folder)
            apps.append(App(kind: .android, path: folder))
        }
        // A module with no raw folder is an app too: every raw resource a name asks of it is missing.
        // The module is shown by its main source set's file when it has one (not `src/debug/res`).
        var modules = Set(markers.androidRawFolders.map { normalizedPath(Self.moduleFolder(ofRawFolder: $0)) })
        let sourceSetFiles = markers.androidResourceFolders + markers.androidManifests
        let isMain = { (path: String) in ("/" + normalizedPath(path)).contains("/src/main/") }
        for path in sourceSetFiles.filter(isMain) + sourceSetFiles.filter({ !isMain($0) })
        where modules.insert(normalizedPath(Self.androidModuleFolder(of: path))).inserted {
            apps.append(App(kind: .android, path: path))
        }
        for path in markers.expoConfigCandidates {
            do throws(ExpoConfigError) {
                let config = try ExpoConfig.read(path)
                guard config.isExpoConfig || fileName(of: path) == "app.config.json" else { continue }
                expoConfigs.append(config)
                apps.append(App(kind: .expo, path: path))
            } catch {
                // A damaged app.config.json is Expo's; a damaged app.json may be anyone's.
                guard fileName(of: path) == "app.config.json" || readText(atPath: path, limit: 1 << 20).contains("\"expo\"") else {
                    continue
                }
                unreadConfigs.append(UnreadConfig(path: path, isProgram: false, problem: error.problem))
                apps.append(App(kind: .expo, path: path))
            }
        }
        for path in markers.programConfigs {
            // An Expo config in JavaScript that spells out its sounds is read as its JSON would be.
            if let config = ExpoConfig.readScript(path) {
                expoConfigs.append(config)
                apps.append(App(kind: .expo, path: path))
                continue
            }
            if fileName(of: path) == "Project.swift" {
                guard readText(atPath: path, limit: 1 << 20).contains("ProjectDescription") else { continue }
                apps.append(App(kind: .tuist, path: path))
                // A committed project.pbxproj beside the manifest is what Tuist made of it: read that.
                if generatedFolders.contains(normalizedPath(parentFolder(of: path))) { continue }
                // One that spells out its targets' resources is read as its generated project would be.
                if let project = TuistProject.read(path) {
                    tuistProjects.append(project)
                    continue
                }
                unreadConfigs.append(UnreadConfig(path: path, isProgram: true, problem: nil))
                continue
            }
            unreadConfigs.append(UnreadConfig(path: path, isProgram: true, problem: nil))
            apps.append(App(kind: .expo, path: path))
        }
        for path in markers.pubspecs {
            guard let pubspec = try? FlutterPubspec.read(path), pubspec.isFlutterApp else { continue }
            flutterAssets += pubspec.assets
            apps.append(App(kind: .flutter, path: path))
        }
        for path in markers.packageManifests where readText(atPath: path, limit: 1 << 20).contains("\"react-native\"") {
            apps.append(App(kind: .reactNative, path: path))
        }
        for path in markers.capacitorConfigs {
            apps.append(App(kind: .capacitor, path: path))
            // A copy `npx cap copy` made (in ios/ or android/) has no package.json beside it.
            guard FileIdentity.of(joiningPath(parentFolder(of: path), "package.json")) != nil else { continue }
            webAppFolders += WebAppFolder.capacitor(config: path, text: readText(atPath: path, limit: 1 << 20))
        }
        for path in markers.cordovaConfigs {
            let text = readText(atPath: path, limit: 1 << 20)
            // A W3C widget: Cordova's namespace, or the widgets one PhoneGap Build's configs use alone.
            guard text.contains("<widget"), text.contains("cordova.apache.org") || text.contains("www.w3.org/ns/widgets"),
                !Self.isNativeCopy(ofCordovaConfig: path)
            else { continue }
            apps.append(App(kind: .cordova, path: path))
            webAppFolders.append(WebAppFolder.cordova(config: path))
            cordovaPlatforms.formUnion(WebAppFolder.cordovaPlatforms(config: path, text: text))
            for (platform, source) in Self.cordovaResourceFiles(in: text) {
                let folder = parentFolder(of: path)
                cordovaResources[normalizedPath(folder == "." ? source : joiningPath(folder, source))] = platform
            }
        }
        // .NET projects count where one of them builds an app for a phone platform.
        let dotNet = markers.dotNetProjects.compactMap(DotNetProject.read)
        if dotNet.contains(where: \.isPlatformProject) {
            dotNetProjects = dotNet
            apps += dotNet.map { App(kind: .dotNet, path: $0.path) }
            // Read now: C# projects, the solutions that list them, and what lies in a read project's folder.
            let layout = self
            unreadShapes.removeAll { shape in
                shape.kind == .dotnetSolution || (shape.kind == .dotnetProject && fileExtension(of: shape.marker) == "csproj")
                    || layout.dotNetProject(holding: shape.marker) != nil
            }
        }
        // A res/raw among a web app's files (`www/res/raw`), in no Gradle source set, is one of those
        // files: it ships in the app's assets, not as a raw resource.
        let webRawFolders = Set(
            androidRawFolders.filter { folder in
                fileName(of: parentFolder(of: parentFolder(of: parentFolder(of: folder)))) != "src" && webAppFolder(holding: folder) != nil
            })
        androidRawFolders.removeAll { webRawFolders.contains($0) }
        apps.removeAll { $0.kind == .android && webRawFolders.contains($0.path) }
        appFolders = Self.folders(of: apps)
        hasAppAtRoot = appFolders.contains { $0.isEmpty || $0 == "." }
        for folder in appFolders {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if prefix.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiAppFolderPrefixes.insert(Substring(prefix))
            } else {
                otherAppFolderPrefixes.append(prefix)
            }
        }
    }

    /// The module a raw folder belongs to: `MODULE/src/SET/res/raw` → `MODULE`; a `res/raw`
    /// elsewhere → the folder holding `res`.
    public static func moduleFolder(ofRawFolder folder: String) -> String {
        let res = parentFolder(of: folder)
        let src = parentFolder(of: parentFolder(of: res))
        return fileName(of: src) == "src" ? parentFolder(of: src) : parentFolder(of: res)
    }

    /// True when the `config.xml` at `path` is a native project's copy, no app of its own: the
    /// copies `cordova prepare` makes under `platforms/`, and those Capacitor writes for its
    /// Cordova plugins into an Android resource folder (`res/xml/config.xml`) and beside the iOS
    /// target's `Info.plist` (`ios/App/App/config.xml`).
    static func isNativeCopy(ofCordovaConfig path: String) -> Bool {
        let folder = normalizedPath(parentFolder(of: path))
        return normalizedPath(path).split(separator: "/").contains("platforms") || folder == "res/xml" || folder.hasSuffix("/res/xml")
            || FileIdentity.of(joiningPath(folder, "Info.plist")) != nil
    }

    /// The web folder of a Cordova or Capacitor app that holds the file at `path`, if one does.
    public func webAppFolder(holding path: String) -> WebAppFolder? {
        let normalized = normalizedPath(path)
        return webAppFolders.first { $0.holds(normalized) }
    }

    /// The module of an Android app's path: a `res/raw` folder (`moduleFolder(ofRawFolder:)`), or
    /// a source set's `res` folder or manifest, `MODULE/src/SET/res` → `MODULE`.
    public static func androidModuleFolder(of path: String) -> String {
        fileName(of: path) == "raw" ? moduleFolder(ofRawFolder: path) : parentFolder(of: parentFolder(of: parentFolder(of: path)))
    }

    /// The Android modules that hold the raw folders, by module folder: what release shrinking
    /// does to their sounds. Each reads its build file, resource XML and Java and Kotlin code, so
    /// only `validate` asks, once per repository (`fix` and `init` need no more than the layout).
    /// Only the source files `compiles` keeps are read: the shrinker sees compiled code alone.
    public func readAndroidModules(compiling compiles: (String) -> Bool = { _ in true }) -> [String: AndroidModule] {
        var modules: [String: AndroidModule] = [:]
        let compiled =
            androidRawFolders.isEmpty ? [] : sourceFiles.filter { ["kt", "java"].contains(fileExtension(of: $0)) && compiles($0) }
        for folder in androidRawFolders {
            let module = Self.moduleFolder(ofRawFolder: folder)
            if modules[module] == nil { modules[module] = AndroidModule(folder: module, sourceFiles: compiled) }
        }
        return modules
    }

    /// The sounds the JavaScript and TypeScript code of a React Native, Expo, Capacitor or Cordova
    /// app requires or imports (`ScriptAssetImports`), by normalized path, with where; empty for a
    /// repository without such an app. Each reads the code again, so only `validate` asks.
    public func readScriptBundledSounds() -> [String: String] {
        guard apps.contains(where: { [.expo, .reactNative, .capacitor, .cordova].contains($0.kind) }) else { return [:] }
        return ScriptAssetImports.sounds(requiredBy: sourceFiles.filter { hasApp(around: $0) })
    }

    /// The Android `res/raw` folder that holds the file at `path` directly, if one does.
    public func androidRawFolder(holding path: String) -> String? {
        let folder = parentFolder(of: path)
        return androidRawFolders.contains(folder) ? folder : nil
    }

    /// True when `path` is a Flutter asset: listed itself, or directly in a listed folder.
    public func isFlutterAsset(_ path: String) -> Bool {
        let normalized = normalizedPath(path)
        let folder = parentFolder(of: normalized) + "/"
        return flutterAssets.contains { $0 == normalized || $0 == folder }
    }

    /// True when an Expo config's `expo-notifications` plugin lists `path`: the plugin copies it
    /// into the iOS bundle and Android's `res/raw` both.
    public func isExpoSound(_ path: String) -> Bool {
        let normalized = normalizedPath(path)
        return expoConfigs.contains { config in config.sounds.contains { config.location(of: $0) == normalized } }
    }

    /// The (platform, `src`) of every `<resource-file>` inside a `<platform name="…">` element of
    /// a Cordova `config.xml`, read as text: the file's elements are flat and its attributes quoted.
    static func cordovaResourceFiles(in text: String) -> [(platform: String, source: String)] {
        var found: [(String, String)] = []
        for block in text.split(separator: "<platform ", omittingEmptySubsequences: false).dropFirst() {
            guard let platform = attribute("name", in: block), let end = block.firstRange(of: "</platform>") else { continue }
            for element in block[..<end.lowerBound].split(separator: "<resource-file ", omittingEmptySubsequences: false).dropFirst() {
                if let source = attribute("src", in: element) { found.append((platform, source)) }
            }
        }
        return found
    }

    /// The value of `name="…"` (or `'…'`) at the start of an element's text.
    private static func attribute(_ name: String, in element: Substring) -> String? {
        let head = element.prefix { $0 != ">" }
        for quote in ["\"", "'"] {
            guard let start = head.firstRange(of: " \(name)=\(quote)") ?? head.firstRange(of: "\(name)=\(quote)"),
                let end = head[start.upperBound...].firstIndex(of: Character(quote))
            else { continue }
            return String(head[start.upperBound..<end])
        }
        return nil
    }

    /// True for an XcodeGen spec: a `project.yml` with `targets:` or `name:` at the top level.
    private static func isXcodeGenSpec(_ path: String) -> Bool {
        let text = readText(atPath: path, limit: 1 << 20)
        return text.hasPrefix("name:") || text.contains("\nname:") || text.contains("\ntargets:")
    }
}
