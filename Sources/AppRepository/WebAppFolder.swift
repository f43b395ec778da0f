import AppContents
import SoundContainers

/// A folder of a Cordova or Capacitor app's web files. Its files ship inside the app, but in a
/// folder of their own, where no notification looks: iOS plays a sound from the bundle's root
/// (or Library/Sounds), and Android from `res/raw`.
///
/// - Cordova: `www/` beside `config.xml` (PhoneGap Build's apps keep `config.xml` inside it). cordova-ios' Xcode template (`templates/project/App.xcodeproj`)
///   copies `www` as a folder reference, so it lands as the bundle's `www/` folder; cordova-android
///   copies it into the app's `assets/www`. A file reaches the bundle's root or `res/raw` only by
///   a `<resource-file src="…" target="…"/>` inside `<platform name="ios">` or `"android"` of
///   `config.xml` (Cordova's config.xml reference, "resource-file", cordova-ios 4.4.0 and
///   cordova-android 6.2.1 on).
/// - Capacitor: its `webDir` (from `capacitor.config.*`), and the folders a web build copies into
///   it as they are (`public/`, `src/assets/`). `npx cap copy` copies the web build into
///   `ios/App/App/public`, a folder reference of the App target (the bundle's `public/` folder),
///   and `android/app/src/main/assets/public` (Capacitor's CLI reference, "cap copy").
public struct WebAppFolder: Sendable, Equatable {
    /// The framework that copies the folder.
    public enum Framework: String, Sendable {
        case cordova, capacitor

        /// The folder of the iOS bundle the web files land in.
        public var bundleFolder: String { self == .cordova ? "www" : "public" }
        /// The framework's name, as its documentation writes it.
        public var name: String { self == .cordova ? "Cordova" : "Capacitor" }
    }

    /// The folder, normalized.
    public let folder: String
    /// Cordova or Capacitor.
    public let framework: Framework
    /// The config that says so (`config.xml`, `capacitor.config.*`), as the walk showed it.
    public let config: String

    /// The web folder of the Cordova app whose `config.xml` is at `config`: `www/` beside it, or,
    /// in PhoneGap Build's layout (`index.html` beside `config.xml`, no `www/`), its own folder.
    static func cordova(config: String) -> WebAppFolder {
        let app = parentFolder(of: config)
        let www = joiningPath(app, "www")
        let isWebRoot = FileIdentity.of(www) == nil && FileIdentity.of(joiningPath(app, "index.html")) != nil
        return WebAppFolder(folder: normalizedPath(isWebRoot ? app : www), framework: .cordova, config: config)
    }

    /// The web folders of the Capacitor app whose config is at `config` (`capacitor.config.json`,
    /// `.ts` or `.js`), holding `text`: its `webDir`, `public/` and `src/assets/`.
    static func capacitor(config: String, text: String) -> [WebAppFolder] {
        let app = parentFolder(of: config)
        var names = ["public", "src/assets"]
        let language = CodeLanguage(fileExtension: fileExtension(of: config)) ?? .javaScript
        if let webDir = webDir(in: text, language: language), !names.contains(webDir) { names.insert(webDir, at: 0) }
        return names.map { WebAppFolder(folder: normalizedPath(joiningPath(app, $0)), framework: .capacitor, config: config) }
    }

    /// True when the file at `path` (normalized) lies inside the folder.
    public func holds(_ path: String) -> Bool {
        folder == "." || folder.isEmpty || path.hasPrefix(folder + "/")
    }

    /// Why iOS does not find `path`, one of the folder's files, by name, and where to put it.
    public func iosRemedy(for path: String) -> String {
        let name = fileName(of: path)
        let place =
            "'\(name)' is only in the web app's files (\(path)), which \(framework.name) copies into the bundle's "
            + "\(framework.bundleFolder)/ folder, not its root, where iOS looks"
        switch framework {
        case .cordova:
            return place + ": copy it there with <resource-file src=\"\(relativeToApp(path))\" target=\"\(name)\" /> "
                + "inside <platform name=\"ios\"> in \(fileName(of: config))"
        case .capacitor:
            return place + ": add the file to the App target in Xcode (ios/App/App)"
        }
    }

    /// Why Android does not find `path`, one of the folder's files, as a raw resource, and where to put it.
    public func androidRemedy(for path: String) -> String {
        let name = fileName(of: path)
        let place =
            "'\(name)' is only in the web app's files (\(path)), which \(framework.name) copies into the app's "
            + "assets, not res/raw, where Android looks"
        switch framework {
        case .cordova:
            return place + ": copy it there with <resource-file src=\"\(relativeToApp(path))\" "
                + "target=\"app/src/main/res/raw/\(name)\" /> inside <platform name=\"android\"> in \(fileName(of: config))"
        case .capacitor:
            return place + ": copy it to android/app/src/main/res/raw/"
        }
    }

    /// The platforms a Cordova app builds for, from its `config.xml` (`text`: `<platform
    /// name="…">`, `<engine name="…">`) and the `package.json` beside it (`cordova-ios`,
    /// `cordova-android`, which `cordova platform add` records); both when neither names one.
    static func cordovaPlatforms(config: String, text: String) -> Set<String> {
        let package = readText(atPath: joiningPath(parentFolder(of: config), "package.json"), limit: 1 << 20)
        var platforms = Set<String>()
        for platform in ["ios", "android"] {
            let named = ["<platform name=\"\(platform)\"", "<platform name='\(platform)'", "<engine name=\"\(platform)\""]
            if named.contains(where: text.contains) || package.contains("\"cordova-\(platform)\"") { platforms.insert(platform) }
        }
        return platforms.isEmpty ? ["ios", "android"] : platforms
    }

    /// A Capacitor config's `webDir`, `text` in `language`: JSON (`"webDir": "dist"`) or JavaScript
    /// and TypeScript (`webDir: 'www'`), the key and its string literal read by `KeyedStringValue`
    /// (a `webDir` in a comment or inside another string does not count). Nil when computed, or
    /// outside the app's folder.
    static func webDir(in text: String, language: CodeLanguage) -> String? {
        guard let value = KeyedStringValue.value(of: "webDir", in: text, language: language) else { return nil }
        let trimmed = normalizedPath(value)
        return trimmed.isEmpty || trimmed == "." || trimmed.hasPrefix("..") ? nil : trimmed
    }

    /// `path` relative to the app's folder (where `config.xml` resolves `src`).
    private func relativeToApp(_ path: String) -> String {
        let app = normalizedPath(parentFolder(of: config))
        return app == "." || app.isEmpty || !path.hasPrefix(app + "/") ? path : String(path.dropFirst(app.count + 1))
    }
}
