import SoundContainers

/// The sound files of a built app (`.app` folder): where each sits relative to the bundle's
/// resources folder (the `.app` itself on iOS and tvOS, `Contents/Resources` in a macOS app).
/// App extensions in `PlugIns/` are bundles of their own, listed with their own root; frameworks
/// are skipped (their resources are not the app's sounds).
public struct AppBundleSounds: Sendable, Equatable {
    /// One sound file.
    public struct Sound: Sendable, Equatable {
        /// The bundle it belongs to: the app, or an extension inside it.
        public let bundle: String
        /// Its path relative to that bundle's resources folder; a `/` means a subfolder.
        public let bundlePath: String

        /// Its path on disk.
        public var path: String { joiningPath(bundle, bundlePath) }
        /// True when it is at the resources root (or in a localization folder), where the system looks.
        public var isAtBundleRoot: Bool { AppContents.isAtBundleRoot(bundlePath) }
        /// True when its bundle is a macOS app's (or extension's): its resources folder is `Contents/Resources`.
        public var isInMacOSApp: Bool { bundle.hasSuffix("/Contents/Resources") || bundle == "Contents/Resources" }
    }

    /// Every sound, the app's first, then each extension's.
    public let sounds: [Sound]

    /// Lists the sounds of the app at `bundle`.
    public init(of bundle: String) {
        var sounds: [Sound] = []
        Self.collect(bundle, into: &sounds)
        self.sounds = sounds
    }

    private static func collect(_ bundle: String, into sounds: inout [Sound]) {
        let macResources = joiningPath(bundle, "Contents/Resources")
        let root = entryKind(path: macResources) == .folder ? macResources : bundle
        var extensions: [String] = []
        let files = filesUnder(root) { relative in
            let ext = fileExtension(of: relative)
            if ext == "appex" { extensions.append(joiningPath(root, relative)) }
            return ["appex", "framework", "dylib"].contains(ext) || ["_CodeSignature", "SC_Info"].contains(relative)
        }
        sounds += files.filter(isSoundFile).map { Sound(bundle: root, bundlePath: $0) }
        // A macOS app keeps its extensions in Contents/PlugIns, outside the resources folder.
        let plugIns = joiningPath(bundle, "Contents/PlugIns")
        if root == macResources {
            _ = forEachEntry(inFolder: plugIns) { rawName, _ in
                let name = String(cString: rawName)
                if fileExtension(of: name) == "appex" { extensions.append(joiningPath(plugIns, name)) }
            }
        }
        for appex in extensions.sorted() { collect(appex, into: &sounds) }
    }
}
