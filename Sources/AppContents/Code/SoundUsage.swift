import SoundContainers

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

    /// The literals of notification files, by the sound name they are (with their stem too).
    private var notificationNames: [String: Use] = [:]
    /// The literals of playback files.
    private var appNames: [String: Use] = [:]

    /// Reads `files` (paths as shown).
    public init(files: [String]) {
        for file in files where Self.sourceExtensions.contains(fileExtension(of: file)) {
            guard let bytes = try? readWholeFile(atPath: file, limit: 4 << 20) else { continue }
            add(bytes, file: file)
        }
    }

    /// The code's evidence for the sound file named `name`: notification wins over app.
    public func evidence(forSoundNamed name: String) -> Evidence? {
        let stem = String(name.prefix { $0 != "." })
        if let use = notificationNames[name] ?? notificationNames[stem] { return .notification(use) }
        if let use = appNames[name] ?? appNames[stem] { return .app(use) }
        return nil
    }

    private mutating func add(_ bytes: [UInt8], file: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let notifies = Self.notificationTokens.contains { text.contains($0) }
        let plays = Self.playbackTokens.contains { text.contains($0) }
        guard notifies || plays else { return }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
        let literals = literals(in: line)
        let extensions = literals.filter { SniffedFormat.soundFileExtensions.contains($0.lowercased()) }
        let namesSounds =
            !extensions.isEmpty || line.contains("forResource") || line.contains("ofType") || line.lowercased().contains("sound")
            || playbackTokens.contains { line.contains($0) } || notificationTokens.contains { line.contains($0) }
        var found: [(String, String)] = rawResourceNames(in: line).map { ($0, $0) }
        for literal in literals where !extensions.contains(literal) {
            // A path names its last component: `sounds/chime.mp3` is `chime.mp3`.
            let written = literal.split(separator: "/").last.map(String.init) ?? literal
            guard !written.isEmpty, written.count <= 128 else { continue }
            if SniffedFormat.isNamedLikeSound(written) {
                found.append((literal, written))
            } else if namesSounds {
                found += extensions.isEmpty ? [(literal, written)] : extensions.map { (literal, written + "." + $0) }
            }
        }
        return found
    }

    /// The names of Android raw resources a line refers to as `R.raw.NAME`.
    public static func rawResourceNames(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line[...]
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
