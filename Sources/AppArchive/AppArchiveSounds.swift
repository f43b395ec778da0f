import AppContents
import SoundContainers

/// The sound files of the app in an `.ipa`: where each sits relative to its bundle (the app in
/// `Payload/NAME.app/`, or an extension in its `PlugIns/`), as `AppBundleSounds` finds them in a
/// `.app` folder; frameworks are skipped.
public struct AppArchiveSounds {
    /// One archived sound.
    public struct Sound {
        /// The archive entry.
        public let entry: ZipArchive.Entry
        /// The bundle it belongs to, inside the archive (`Payload/Example.app`).
        public let bundle: String
        /// Its path relative to the bundle; a `/` means a subfolder.
        public let bundlePath: String

        /// True when it is at the bundle root (or in a localization folder), where the system looks.
        public var isAtBundleRoot: Bool { AppContents.isAtBundleRoot(bundlePath) }
    }

    /// The app's folder in the archive (`Payload/Example.app`).
    public let app: String
    /// Every sound, in archive order.
    public let sounds: [Sound]

    /// Finds the app and its sounds in `archive`.
    /// - Throws: `ArchiveError.noApp` when there is no `Payload/NAME.app/`.
    public init(of archive: ZipArchive) throws(ArchiveError) {
        let names = archive.entries.map(\.name)
        guard let app = names.lazy.compactMap(Self.appFolder(of:)).first else { throw .noApp(path: archive.path) }
        var sounds: [Sound] = []
        for entry in archive.entries where !entry.isFolder && entry.name.hasPrefix(app + "/") {
            guard SniffedFormat.isNamedLikeSound(entry.name) else { continue }
            let inner = String(entry.name.dropFirst(app.count + 1))
            let parts = inner.split(separator: "/").map(String.init)
            if parts.first == "Frameworks" || parts.contains(where: { fileExtension(of: $0) == "framework" }) { continue }
            // An extension's sounds belong to the extension's own bundle.
            if parts.count > 2, parts[0] == "PlugIns", fileExtension(of: parts[1]) == "appex" {
                sounds.append(Sound(entry: entry, bundle: app + "/PlugIns/" + parts[1], bundlePath: parts[2...].joined(separator: "/")))
            } else {
                sounds.append(Sound(entry: entry, bundle: app, bundlePath: inner))
            }
        }
        self.app = app
        self.sounds = sounds
    }

    /// `Payload/NAME.app` when `name` is inside one.
    private static func appFolder(of name: String) -> String? {
        let parts = name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "Payload", fileExtension(of: String(parts[1])) == "app" else { return nil }
        return "Payload/" + parts[1]
    }
}
