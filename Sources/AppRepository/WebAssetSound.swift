import AppContents
import SoundContainers

/// A `file://` sound that cordova-plugin-local-notification is asked for and the repository does
/// not hold: the plugin resolves `file://path` against the app's web assets (its Android
/// `AssetUtil.getUriFromAsset` opens `www/path` of the app's assets; on iOS the path is read in
/// the bundle's web folder). Those assets are the web build's output: Cordova copies `www/` into
/// `assets/www` and the bundle's `www/` folder; Capacitor copies its `webDir` (Ionic's `www`,
/// built from `src/`, which copies `src/assets/` as it is) into
/// `android/app/src/main/assets/public` and the App target's `public/` folder (Capacitor's CLI
/// reference, "cap copy"). So the file must come from one of those sources, or their copy.
///
/// Which platforms ask for it follows from the app around the request: a Capacitor app builds
/// for the native projects committed beside its config (`ios/`, `android/`: Capacitor's docs
/// have them committed, "Capacitor Workflow"), a Cordova app for those its `config.xml` or
/// `package.json` names (`WebAppFolder.cordovaPlatforms`).
public struct WebAssetSound: Sendable, Equatable {
    /// The path the URI names, relative to the web root (`sound.mp3` for `file://sound.mp3`).
    public let path: String
    /// The platforms the app around the request builds (`ios`, `android`), sorted; empty when no
    /// Cordova or Capacitor app is around it, or a Capacitor app has no native project here.
    public let platforms: [String]
    /// True when nothing could put the file in place: the app's platforms are known, its web
    /// sources are here, no build file of the app names the file and it runs no Cordova hook.
    /// Otherwise a build step may write it.
    public let isCertain: Bool

    /// The missing file `uri` (a `file://` URI asked for in the code file `file`) names, or nil
    /// when a web source or a platform copy holds it, or the URI names no file.
    public static func missing(_ uri: String, askedIn file: String, layout: RepositoryLayout) -> WebAssetSound? {
        let path = String(uri.dropFirst("file://".count).drop { $0 == "/" })
        guard !path.isEmpty, !isNearby(path, from: file) else { return nil }
        let used = normalizedPath(file)
        let configs = Set(layout.webAppFolders.map(\.config)).sorted().filter { config in
            let app = normalizedPath(parentFolder(of: config))
            return app == "." || app.isEmpty || used.hasPrefix(app + "/")
        }
        // The innermost app around the request (its folder as the walk showed it, to join paths to).
        guard let app = configs.map({ parentFolder(of: $0) }).max(by: { normalizedPath($0).count < normalizedPath($1).count }) else {
            return WebAssetSound(path: path, platforms: [], isCertain: false)
        }
        let appConfigs = configs.filter { parentFolder(of: $0) == app }
        let folders = layout.webAppFolders.filter { appConfigs.contains($0.config) }.map(\.folder)
        let copies = ["android/app/src/main/assets/public", "ios/App/App/public", "platforms/android/app/src/main/assets/www", "platforms/ios/www"]
            .map { joiningPath(app, $0) }
        guard !(folders + copies).contains(where: { FileIdentity.of(joiningPath($0, path)) != nil }) else { return nil }
        let platforms = appConfigs.reduce(into: Set<String>()) { platforms, config in
            if fileName(of: config) == "config.xml" {
                platforms.formUnion(WebAppFolder.cordovaPlatforms(config: config, text: readText(atPath: config, limit: 1 << 20)))
            } else {
                for platform in ["ios", "android"] where FileIdentity.of(joiningPath(app, platform)) != nil { platforms.insert(platform) }
            }
        }
        let hasSources = (folders + [joiningPath(app, "src")]).contains { FileIdentity.of($0) != nil }
        let certain = !platforms.isEmpty && hasSources && !mayBuild(fileName(of: path), app: app, configs: appConfigs)
        return WebAssetSound(path: path, platforms: platforms.sorted(), isCertain: certain)
    }

    /// True when `www/`, `src/` or `public/` of a folder from `file`'s up to the root, or the
    /// folder itself, holds `path`: the web root the code lives in.
    private static func isNearby(_ path: String, from file: String) -> Bool {
        var folder = parentFolder(of: file)
        for _ in 0..<8 {
            for base in ["www", "src", "public", ""] {
                let candidate = base.isEmpty ? joiningPath(folder, path) : joiningPath(joiningPath(folder, base), path)
                if FileIdentity.of(candidate) != nil { return true }
            }
            let up = parentFolder(of: folder)
            guard folder != ".", !folder.isEmpty, folder != "/", up != folder else { break }
            folder = up
        }
        return false
    }

    /// The build files of an app that a step writing the web build's files would be named in.
    static let buildFiles = [
        "package.json", "angular.json", "ionic.config.json", "webpack.config.js", "vite.config.js", "vite.config.ts",
        "gulpfile.js", "Gruntfile.js",
    ]

    /// True when a build step of the app in `app` may write the file `name`: a build file or one
    /// of the app's configs names it, or the Cordova app runs hooks (a `<hook>` in `config.xml`,
    /// a script in `hooks/`), which may write anything into `www/`.
    private static func mayBuild(_ name: String, app: String, configs: [String]) -> Bool {
        let named = (buildFiles.map { joiningPath(app, $0) } + configs).contains { readText(atPath: $0, limit: 1 << 20).contains(name) }
        let cordova = configs.filter { fileName(of: $0) == "config.xml" }
        let hooks =
            !cordova.isEmpty
            && (cordova.contains { readText(atPath: $0, limit: 1 << 20).contains("<hook ") }
                || filesUnder(joiningPath(app, "hooks"), limit: 100).contains { !fileName(of: $0).lowercased().hasPrefix("readme") })
        return named || hooks
    }
}
