import Dispatch
import SoundContainers
import Synchronization

/// What an app's source code shows a sound is for: the string literals that name sounds in files
/// that call a notification API, and in files that play sounds themselves. It reads each file
/// once and keeps only the literals of the files that use one of the APIs. A literal names the
/// sound `chime.caf` when it is `chime.caf` or a path ending in `/chime.caf` anywhere in such a
/// file, or `chime` (a bare name, as `R.raw.chime` or `forResource: "chime"` write it) on a line
/// that itself calls one of the APIs, names an extension or says `sound` (`soundResource: 'chime'`):
/// a word like `message` elsewhere in the file is a dictionary key, not a sound.
///
/// This is evidence, not proof: a name built at run time, or kept in another file than the call
/// that uses it, is not seen, and a literal that happens to equal a sound's name in a file that
/// uses the API counts.
public struct SoundUsage: Sendable {
    /// A literal and where it is.
    public struct Use: Sendable, Equatable {
        /// The literal, as written.
        public let literal: String
        /// The source file.
        public let file: String
        /// The 1-based line.
        public let line: Int
    }

    /// What a sound is for, as far as the code shows.
    public enum Evidence: Sendable, Equatable {
        /// A file that calls a notification API names it.
        case notification(Use)
        /// Only files that play sounds themselves name it.
        case app(Use)
    }

    /// The extensions of the source files read.
    public static let sourceExtensions: Set<String> = ["swift", "m", "mm", "kt", "java", "dart", "js", "jsx", "ts", "tsx"]

    /// Tokens of the notification APIs: UserNotifications, Android's channels and compat builder,
    /// flutter_local_notifications, expo-notifications, notifee, react-native-push-notification.
    static let notificationTokens = [
        "UNNotificationSound", "UNMutableNotificationContent", "criticalSoundNamed", "NotificationChannel", "NotificationCompat",
        "setSound(", "RawResourceAndroidNotificationSound", "DarwinNotificationDetails", "AndroidNotificationDetails",
        "scheduleNotificationAsync", "setNotificationChannelAsync", "notifee", "PushNotification.", "localNotification",
    ]
    /// Tokens of the APIs an app plays its own sounds with: AVFoundation, AudioToolbox, bundle
    /// lookups, MediaPlayer and SoundPool, audioplayers and just_audio, expo-av, react-native-sound.
    static let playbackTokens = [
        "AVAudioPlayer", "AVPlayer", "AudioServicesCreateSystemSoundID", "SystemSoundID", "URLForResource", "url(forResource",
        "pathForResource", "path(forResource", "MediaPlayer", "SoundPool", "AudioPlayer", "AssetSource", "AudioCache",
        "setAsset(", "Audio.Sound", "createAsync", "new Sound(", "useAudioPlayer", "SoundPlayer", "playSound", "audioURL", "soundURL",
    ]

    static let notificationTokenSet = TokenSet(notificationTokens)
    static let playbackTokenSet = TokenSet(playbackTokens)
    /// What makes a line's bare name a sound's: a call of either kind, or words that say so.
    static let lineSoundWords = TokenSet(notificationTokens + playbackTokens + ["forResource", "ofType", "sound", "Sound"])

    /// The names the notification calls spell (`SoundNameScanner`), in file and line order.
    public private(set) var nameUses: [SoundNameUse] = []
    /// The notification calls that name their sound at run time, not with a literal.
    public private(set) var runTimeNames: [String] = []

    /// The literals of notification files, by the sound name they are (with their stem too).
    private var notificationNames: [String: Use] = [:]
    /// The literals of playback files.
    private var appNames: [String: Use] = [:]

    /// Reads `files` (paths as shown), on every core: a repository has thousands. The first use
    /// in `files`' order names each sound, whatever order the reads finish in. Only the sounds
    /// named `soundFiles` (file names) are looked for as the literals of API-using files: a file
    /// that spells none of their names is searched no further for them (most are not).
    public init(files: [String], soundFiles: [String]) {
        let sources = files.filter { Self.sourceExtensions.contains(fileExtension(of: $0)) }
        let stems = Set(soundFiles.map { String($0.prefix { $0 != "." }) }).filter { !$0.isEmpty }.map { Array($0.utf8) }
        let chunkCount = min(sources.count, 64)
        guard chunkCount > 1 else {
            for file in sources { add(file, stems: stems) }
            return
        }
        let chunks = Mutex([SoundUsage?](repeating: nil, count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var part = SoundUsage()
            for index in stride(from: chunk * sources.count / chunkCount, to: (chunk + 1) * sources.count / chunkCount, by: 1) {
                part.add(sources[index], stems: stems)
            }
            chunks.withLock { $0[chunk] = part }
        }
        for part in chunks.withLock({ $0 }) {
            guard let part else { continue }
            notificationNames.merge(part.notificationNames) { first, _ in first }
            appNames.merge(part.appNames) { first, _ in first }
            nameUses += part.nameUses
            runTimeNames += part.runTimeNames
        }
    }

    /// No files read: nothing shows any sound's purpose.
    public init() {}

    private mutating func add(_ file: String, stems: [[UInt8]]) {
        guard let bytes = try? readWholeFile(atPath: file, limit: 4 << 20) else { return }
        add(bytes, file: file, stems: stems)
    }

    /// The code's evidence for the sound file named `name`: notification wins over app.
    public func evidence(forSoundNamed name: String) -> Evidence? {
        let stem = String(name.prefix { $0 != "." })
        if let use = notificationNames[name] ?? notificationNames[stem] { return .notification(use) }
        if let use = appNames[name] ?? appNames[stem] { return .app(use) }
        return nil
    }

    private mutating func add(_ bytes: [UInt8], file: String, stems: [[UInt8]]) {
        // The calls that name a sound are notification evidence wherever they are (server code too).
        let scan = SoundNameScanner.scan(bytes, file: file)
        nameUses += scan.uses
        runTimeNames += Array(repeating: file, count: scan.runTimeNames)
        for use in scan.uses where notificationNames[use.name] == nil {
            notificationNames[use.name] = Use(literal: use.name, file: use.file, line: use.line)
        }
        let named = stems.filter { ByteSearch.contains(bytes, $0) }
        guard !named.isEmpty else { return }
        let notifies = Self.notificationTokenSet.containsAny(bytes)
        let plays = Self.playbackTokenSet.containsAny(bytes)
        guard notifies || plays else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where named.contains(where: { ByteSearch.contains(line, $0) }) {
            for (literal, name) in Self.soundNames(in: line) {
                let use = Use(literal: literal, file: file, line: index + 1)
                if notifies, notificationNames[name] == nil { notificationNames[name] = use }
                if plays, appNames[name] == nil { appNames[name] = use }
            }
        }
    }

    /// The sound names a line writes, each with the literal that writes it: names with a sound
    /// extension; `R.raw.NAME`; and bare names on a line that calls an API or names an extension
    /// (`forResource: "chime", withExtension: "caf"` names `chime.caf`, not every `chime`).
    static func soundNames(in line: Substring) -> [(literal: String, name: String)] {
        // Most lines hold no literal and no R.raw: they cost one pass over their bytes.
        guard line.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "R") }) else {
            return []
        }
        let line = withoutLineComment(line)
        let literals = literals(in: line)
        var found: [(String, String)] = rawResourceNames(in: line).map { ($0, $0) }
        guard !literals.isEmpty else { return found }
        let extensions = literals.filter { SniffedFormat.soundFileExtensions.contains($0.lowercased()) }
        // Whether a bare name on this line names a sound: asked only when there is one.
        var namesSounds: Bool?
        for literal in literals where !extensions.contains(literal) {
            // A path names its last component: `sounds/chime.mp3` is `chime.mp3`.
            let written = literal.split(separator: "/").last.map(String.init) ?? literal
            guard !written.isEmpty, written.count <= 128 else { continue }
            if SniffedFormat.isNamedLikeSound(written) {
                found.append((literal, written))
                continue
            }
            if namesSounds == nil {
                namesSounds = !extensions.isEmpty || lineSoundWords.containsAny(line)
            }
            if namesSounds == true {
                found += extensions.isEmpty ? [(literal, written)] : extensions.map { (literal, written + "." + $0) }
            }
        }
        return found
    }

    /// `line` up to a `//` comment (one not in a URL's `://`); quotes are not tracked.
    static func withoutLineComment(_ line: Substring) -> Substring {
        let bytes = line.utf8
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "/"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "/"), previous != UInt8(ascii: ":") {
                return line[..<index]
            }
            previous = byte
            index = next
        }
        return line
    }

    /// The names of Android raw resources a line refers to as `R.raw.NAME`.
    public static func rawResourceNames(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line[...]
        guard ByteSearch.contains(line, Array("R.raw.".utf8)) else { return [] }
        while let range = rest.firstRange(of: "R.raw.") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { found.append(String(name)) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// The plain string literals of a line: quoted with `"` or `'`, no interpolation.
    public static func literals(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line[...]
        while let open = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
            let quote = rest[open]
            let body = rest[rest.index(after: open)...]
            guard let close = body.firstIndex(of: quote) else { break }
            let literal = body[..<close]
            if !literal.isEmpty, !literal.contains("\\("), !literal.contains("$") { found.append(String(literal)) }
            rest = body[body.index(after: close)...]
        }
        return found
    }
}
