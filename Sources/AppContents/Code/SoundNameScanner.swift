import SoundContainers

/// A sound name written as a string literal where the code asks for a notification sound.
public struct SoundNameUse: Sendable, Equatable {
    /// Which platform's sounds a call asks for.
    public enum Platform: String, Sendable {
        /// An Apple API (`UNNotificationSound(named:)`, `DarwinNotificationDetails(sound:)`, `ios_sound`).
        case ios
        /// An Android API (`R.raw.name`, `RawResourceAndroidNotificationSound`, `…/raw/name`, `android_sound`).
        case android
        /// A cross-platform call or a push body (`sound:` in JavaScript: notifee, Expo, a server).
        case crossPlatform = "cross-platform"
    }

    /// The name, as the literal spells it.
    public let name: String
    /// The source file.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// Which platform's sounds it asks for.
    public var platform: Platform = .ios
}

/// What one source file shows: the sound names its calls spell, and how many calls name their
/// sound with something else than a literal (a variable, a constant defined elsewhere).
public struct SoundNameScan: Sendable, Equatable {
    /// The literal names, in line order.
    public var uses: [SoundNameUse] = []
    /// The calls whose sound is named at run time.
    public var runTimeNames = 0
}

/// Finds the sound names that source code passes to the notification APIs as string literals.
/// Only literals are found: a name built at run time, read from a constant defined elsewhere or
/// from a server is not (the CLI's help and docs/apps.md say so), only counted.
public enum SoundNameScanner {
    /// A call that names a sound: what comes right before the name, and whose name it is.
    struct Pattern {
        let prefix: String
        let platform: SoundNameUse.Platform
        /// True when the name is an identifier (`R.raw.chime`), not a literal.
        var isIdentifier = false
    }

    /// The patterns, per file extension.
    static let patterns: [String: [Pattern]] = {
        let apple = [
            "UNNotificationSound(named:", "UNNotificationSoundName(rawValue:", "UNNotificationSoundName(", "soundNamed:",
            "criticalSoundNamed:", "criticalSoundNamed(",
        ].map { Pattern(prefix: $0, platform: .ios) }
        // expo-notifications content `sound:`, notifee `sound:`, react-native-push-notification
        // `soundName:`, and push bodies built in server code.
        let javaScript =
            ["sound:", "\"sound\":", "soundName:", "\"soundName\":"].map { Pattern(prefix: $0, platform: .crossPlatform) }
            + ["android_sound:", "\"android_sound\":"].map { Pattern(prefix: $0, platform: .android) }
            + ["ios_sound:", "\"ios_sound\":"].map { Pattern(prefix: $0, platform: .ios) }
        let android = [Pattern(prefix: "R.raw.", platform: .android, isIdentifier: true)]
        var byExtension: [String: [Pattern]] = [:]
        for ext in ["swift", "m", "mm", "h"] { byExtension[ext] = apple }
        for ext in ["js", "jsx", "ts", "tsx", "mjs", "cjs"] { byExtension[ext] = javaScript }
        for ext in ["kt", "java"] { byExtension[ext] = android }
        // flutter_local_notifications: DarwinNotificationDetails(sound: '…') and, for Android,
        // AndroidNotificationDetails(sound: RawResourceAndroidNotificationSound('…')).
        byExtension["dart"] = [
            Pattern(prefix: "RawResourceAndroidNotificationSound(", platform: .android), Pattern(prefix: "sound:", platform: .ios),
        ]
        return byExtension
    }()

    /// The keys that name many things besides a notification's sound (an emoji table's
    /// `sound: '1f50a'`, a widget's `sound:`): they count only in a file that also speaks of
    /// notifications or builds a push body (`notificationContext`).
    static let genericPrefixes: Set<String> = ["sound:", "\"sound\":", "soundName:", "\"soundName\":"]

    /// What shows that a file speaks of notifications: their APIs (`Notifications.`,
    /// `PushNotification`, `LocalNotifications`, `DarwinNotificationDetails`, notifee) and the keys
    /// of push bodies (FCM's `notification`, APNs' `aps`, a channel's id).
    static let notificationContext = TokenSet([
        "Notification", "notification:", "\"notification\"", "notifee", "aps:", "\"aps\"", "apns", "APNs", "messaging", "channelId",
        "channel_id",
    ])

    /// Each extension's pattern prefixes, and `/raw/` (Android code's resource paths).
    static let prefixes: [String: [String]] = patterns.mapValues { $0.map(\.prefix) + [rawPath] }

    /// The same, to find in one pass.
    static let prefixSets: [String: TokenSet] = prefixes.mapValues(TokenSet.init)

    /// The text that ends an Android resource path in a literal (`"android.resource://" + package + "/raw/chime"`).
    static let rawPath = "/raw/"

    /// Android code, whose literals may spell a raw resource's path.
    static let androidExtensions: Set<String> = ["kt", "java"]

    /// Folders never searched: dependencies and build output.
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "build", "DerivedData", "Carthage", ".build", "vendor"]

    /// The uses in the source files under `path` (a file or a folder), in file and line order.
    public static func uses(under path: String) -> [SoundNameUse] {
        let files: [String]
        switch entryKind(path: path) {
        case .folder:
            files = filesUnder(path) { skippedFolders.contains(fileName(of: $0)) }.map { joiningPath(path, $0) }
        case .file:
            files = [path]
        default:
            files = []
        }
        return files.flatMap { file -> [SoundNameUse] in
            guard patterns[fileExtension(of: file)] != nil, let bytes = try? readWholeFile(atPath: file, limit: 8 << 20) else { return [] }
            return scan(bytes, file: file).uses
        }
    }

    /// What the file `file`, whose bytes are `bytes`, shows.
    public static func scan(_ bytes: [UInt8], file: String) -> SoundNameScan {
        guard let set = prefixSets[fileExtension(of: file)] else { return SoundNameScan() }
        let positions = bytes.withUnsafeBytes { set.matches(in: $0) }.map(\.position)
        return scan(bytes[...], file: file, at: positions)
    }

    /// What the file `file` shows, given where in `bytes` its extension's pattern prefixes (and
    /// `/raw/`) occur: most files name no sound, and only the lines found are read as text.
    static func scan(_ bytes: ArraySlice<UInt8>, file: String, at positions: [Int]) -> SoundNameScan {
        let ext = fileExtension(of: file)
        guard let patterns = patterns[ext], !positions.isEmpty else { return SoundNameScan() }
        let isAndroidCode = androidExtensions.contains(ext)
        let rawPath = Array(rawPath.utf8)
        let prefixes = patterns.map { Array($0.prefix.utf8) }
        var scan = SoundNameScan()
        // Asked once a file, and only of a file where a generic key was found.
        var speaksOfNotifications: Bool?
        for (number, line) in SourceLines.containing(positions, in: bytes) {
            let present = patterns.indices.filter { ByteSearch.contains(line, prefixes[$0]) }
            let hasRawPath = isAndroidCode && ByteSearch.contains(line, rawPath)
            guard !present.isEmpty || hasRawPath else { continue }
            var seen = Set<String>()
            var namesAtRunTimeHere = false
            func add(_ name: String, _ platform: SoundNameUse.Platform) {
                // A line matched by two patterns (`UNNotificationSoundName(rawValue:` and `UNNotificationSoundName(`) counts once.
                guard seen.insert(name).inserted else { return }
                scan.uses.append(SoundNameUse(name: name, file: file, line: number, platform: platform))
            }
            for pattern in present.map({ patterns[$0] }) {
                var searchFrom = line.startIndex
                while let range = line[searchFrom...].firstRange(of: pattern.prefix) {
                    searchFrom = range.upperBound
                    // `sound:` must not be the end of a longer key (`soundName:`, `playSound:`, `no_sound:`).
                    if range.lowerBound > line.startIndex, pattern.prefix.first?.isLetter == true,
                        isIdentifierCharacter(line[line.index(before: range.lowerBound)])
                    {
                        continue
                    }
                    if genericPrefixes.contains(pattern.prefix) {
                        if speaksOfNotifications == nil {
                            speaksOfNotifications = bytes.withUnsafeBytes { notificationContext.containsAny($0) }
                        }
                        guard speaksOfNotifications == true else { continue }
                    }
                    // Inside a string (a log line's 'sound:') or a comment, it is no call.
                    guard isCode(line, at: range.lowerBound) else { continue }
                    let rest = line[range.upperBound...]
                    if pattern.isIdentifier {
                        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { add(String(name), pattern.platform) }
                    } else if let name = literal(after: rest) {
                        add(name, pattern.platform)
                    } else if namesAtRunTime(rest) {
                        namesAtRunTimeHere = true
                    }
                }
            }
            // One call a line, however many patterns it matches (`UNNotificationSound(named: UNNotificationSoundName(rawValue: name))`).
            if namesAtRunTimeHere, seen.isEmpty { scan.runTimeNames += 1 }
            // `"android.resource://" + packageName + "/raw/chime"`, in Kotlin or Java.
            if hasRawPath {
                for literal in SoundUsage.literals(in: line) where literal.contains(Self.rawPath) {
                    let name = literal.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
                    if !name.isEmpty { add(String(name), .android) }
                }
            }
        }
        return scan
    }

    /// True when `position` in `line` is code: not inside a string literal (`"`, `'` or `` ` ``,
    /// with backslash escapes) and not in a comment (after `//`, or between `/*` and `*/`). One
    /// line at a time: a string or a comment that began on an earlier line is not seen.
    static func isCode(_ line: Substring, at position: Substring.Index) -> Bool {
        let bytes = line.utf8
        let (slash, star, backslash) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\\"))
        var quote: UInt8?
        var inComment = false
        var index = bytes.startIndex
        while index < position {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            let following = next < bytes.endIndex ? bytes[next] : 0
            var step = 1
            if inComment {
                if byte == star, following == slash { (inComment, step) = (false, 2) }
            } else if let open = quote {
                if byte == backslash { step = 2 } else if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                quote = byte
            } else if byte == slash, following == slash {
                return false
            } else if byte == slash, following == star {
                (inComment, step) = (true, 2)
            }
            index = step == 2 && next < bytes.endIndex ? bytes.index(after: next) : next
        }
        return quote == nil && !inComment
    }

    /// True for a character an identifier may hold (`_`, `$`, letters and digits).
    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// True when what follows a pattern is a name computed at run time: an identifier, a call,
    /// an interpolated string. `true`, `false`, `null`, `nil`, `undefined` and objects are no name.
    static func namesAtRunTime(_ text: Substring) -> Bool {
        let rest = text.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return false }
        if first == "\"" || first == "'" || first == "`" { return true }  // a literal `literal(after:)` refused: interpolated
        guard first.isLetter || first == "_" || first == "$" else { return false }
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return !["true", "false", "null", "nil", "undefined", "None", "new"].contains(String(word))
    }

    /// The string literal that starts `text` after spaces (and Objective-C's `@`), when it is a
    /// plain one: no interpolation, not empty.
    private static func literal(after text: Substring) -> String? {
        var rest = text.drop { $0 == " " || $0 == "\t" }
        if rest.first == "@" { rest = rest.dropFirst() }
        guard let quote = rest.first, quote == "\"" || quote == "'" || quote == "`" else { return nil }
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        let name = String(body[..<end])
        guard !name.isEmpty, !name.contains("\\("), !name.contains("${"), !name.contains("$") else { return nil }
        return name
    }
}
