import SoundContainers
import SoundPolicy

/// The sounds a build of an app ships, per platform, as `soundcheck inventory` writes them: what
/// a push backend resolves bodies against when it has no app folders, only a build number. A
/// small, versioned contract (`formatVersion`); `InventoryResolver` answers from it.
public struct SoundInventory: Sendable, Equatable {
    /// The version of the JSON contract this value reads and writes.
    public static let formatVersion = 1

    /// One app of the build: an iOS app target or bundle, or an Android app.
    public struct App: Sendable, Equatable {
        /// `ios` or `android`.
        public var platform: SoundPlatform
        /// The target, module or bundle name (`Runner`, `app`, `Example.app`).
        public var name: String
        /// The bundle identifier or application id, where the input holds it.
        public var identifier: String?
        /// The version (`CFBundleShortVersionString`, `versionName`), where the input holds it.
        public var version: String?
        /// The build (`CFBundleVersion`, `versionCode`), where the input holds it.
        public var build: String?
        /// The bundle as the input showed it (iOS), named in hints as a resolve over it would.
        public var bundle: String?
        /// Every sound the app ships, in name order.
        public var sounds: [Sound]

        /// An app of `platform` named `name` shipping `sounds`.
        public init(
            platform: SoundPlatform, name: String, identifier: String? = nil, version: String? = nil, build: String? = nil,
            bundle: String? = nil, sounds: [Sound]
        ) {
            self.platform = platform
            self.name = name
            self.identifier = identifier
            self.version = version
            self.build = build
            self.bundle = bundle
            self.sounds = sounds
        }
    }

    /// Where a shipped sound lives, which decides whether the system finds it.
    public enum Location: String, Sendable, Equatable, CaseIterable {
        /// At the bundle's root: the only place of a bundle the system looks.
        case bundle
        /// In a subfolder of the bundle, where the system never looks.
        case bundleSubfolder = "bundle-subfolder"
        /// An Android raw resource.
        case raw = "res/raw"
    }

    /// One shipped sound: its name as a push body writes it, its verdict, and its header's facts.
    public struct Sound: Sendable, Equatable {
        /// The name a push body gives: the file name on iOS (`chime.caf`), the resource name on
        /// Android (`chime`).
        public var name: String
        /// Where it lives in the build.
        public var location: Location
        /// The path as the input showed it (`Example.app/chime.caf`, `app/src/main/res/raw/chime.ogg`).
        public var path: String
        /// True when the platform plays it. False with no findings: the entry is not a regular
        /// file (a folder named like a sound), which still wins the lookup.
        public var passed: Bool
        /// What the platform's rules say of it.
        public var findings: [Finding]
        /// Its header's facts; nil when it could not be read.
        public var audio: Audio?

        /// A sound named `name` at `path`.
        public init(name: String, location: Location, path: String, passed: Bool, findings: [Finding], audio: Audio?) {
            self.name = name
            self.location = location
            self.path = path
            self.passed = passed
            self.findings = findings
            self.audio = audio
        }
    }

    /// The facts of a sound's header that an answer reports.
    public struct Audio: Sendable, Equatable {
        /// The container the bytes are.
        public var container: AudioContainer
        /// The audio's encoding.
        public var encoding: AudioEncoding
        /// Frames per second.
        public var sampleRate: Double
        /// The channel count.
        public var channels: Int
        /// Bits per channel as the header declares them (0 in Apple's IMA4 CAF).
        public var bitsPerChannel: Int
        /// The length in frames, when the header gives it.
        public var frameCount: Int64?

        /// The facts of `description`.
        public init(_ description: AudioDescription) {
            container = description.container
            encoding = description.encoding
            sampleRate = description.sampleRate
            channels = description.channels
            bitsPerChannel = description.bitsPerChannel
            frameCount = description.frameCount
        }

        /// The header these facts describe (no byte ranges: the file is not at hand).
        public var description: AudioDescription {
            AudioDescription(
                container: container, encoding: encoding, sampleRate: sampleRate, channels: channels,
                bitsPerChannel: bitsPerChannel, frameCount: frameCount, dataRange: 0..<0)
        }

        /// The duration in seconds, when the frame count is known.
        public var duration: Double? { description.duration }
    }

    /// The program that wrote it (`soundcheck 0.9.0`).
    public var generator: String
    /// The input it was made from, as given.
    public var input: String
    /// The apps, iOS first, each platform's in name order.
    public var apps: [App]

    /// An inventory of `apps`, made from `input` by `generator`.
    public init(generator: String, input: String, apps: [App]) {
        self.generator = generator
        self.input = input
        self.apps = apps
    }

    /// The apps of `platform`.
    public func apps(of platform: SoundPlatform) -> [App] { apps.filter { $0.platform == platform } }
}
