import SoundContainers

/// A sound name written as a string literal where the code asks for a sound.
public struct SoundNameUse: Sendable, Equatable {
    /// Which platform's sounds a call asks for.
    public enum Platform: String, Sendable {
        /// An Apple API (`UNNotificationSound(named:)`, `DarwinNotificationDetails(sound:)`, `ios_sound`,
        /// a push body's `aps`, notifee's `ios:`).
        case ios
        /// An Android API (`R.raw.name`, `RawResourceAndroidNotificationSound`, `…/raw/name`,
        /// `android_sound`, a channel, a push body's `android`).
        case android
        /// A call that asks both (a scheduled notification's `sound:` in expo-notifications,
        /// Capacitor, react-native-push-notification), or a generic key no API around it decides.
        case crossPlatform = "cross-platform"
    }

    /// What the call is for.
    public enum Purpose: String, Sendable {
        /// A notification API, or a call the code shows nothing else of.
        case notification
        /// A player or a bundle lookup (`MediaPlayer.create(context, R.raw.tone)`): the app plays it.
        case app
    }

    /// The name, as the literal spells it.
    public let name: String
    /// The source file.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// Which platform's sounds it asks for.
    public var platform: Platform = .ios
    /// True when an API the scanner knows, or a push body's platform field, names it; false when
    /// only a generic key (`sound:` in a file about notifications) does.
    public var isCertain = true
    /// The key or call that names it (`sound:`, `UNNotificationSound(named:`).
    public var foundBy = ""
    /// What the call is for.
    public var purpose: Purpose = .notification
    /// True when a push sender asks for it (server code: a push body, a sender library's API, a
    /// backend's language): it asks every app of its repository, wherever its file lies.
    public var isFromServer = false
    /// The package an `android.resource://PACKAGE/raw/NAME` literal spells, when the literal
    /// spells it (not `context.packageName`): only an app installed under that id plays it.
    public var resourcePackage: String? = nil

    /// A use of `name` at `file:line`.
    public init(
        name: String, file: String, line: Int, platform: Platform = .ios, isCertain: Bool = true, foundBy: String = "",
        purpose: Purpose = .notification, isFromServer: Bool = false
    ) {
        (self.name, self.file, self.line, self.platform) = (name, file, line, platform)
        (self.isCertain, self.foundBy, self.purpose, self.isFromServer) = (isCertain, foundBy, purpose, isFromServer)
    }
}

/// What one source file shows: the sound names its calls spell, and how many calls name their
/// sound with something else than a literal (a variable, a constant defined elsewhere).
public struct SoundNameScan: Sendable, Equatable {
    /// The literal names, in line order.
    public var uses: [SoundNameUse] = []
    /// The calls whose sound is named at run time.
    public var runTimeNames = 0
    /// The file's functions that pass a parameter of theirs to a push body's sound (`SenderWrappers`).
    public var wrappers: [SenderWrapper] = []
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
        /// True for a method called on an object (`.setSound(`, `->withSound(`): the API that made
        /// the object decides its platform (`CallReceiver`), and on any other object it names nothing.
        var isMember = false
        /// The APIs (`CallContext.apis`) in which, or on whose objects, it names a sound; nil for any.
        var onlyIn: Set<String>? = nil
    }

    /// The patterns, per file extension.
    static let patterns: [String: [Pattern]] = {
        let apple = [
            "UNNotificationSound(named:", "UNNotificationSoundName(rawValue:", "UNNotificationSoundName(", "soundNamed:",
            "criticalSoundNamed:", "criticalSoundNamed(", "UNNotificationSound.init(named:", "UNNotificationSoundName.init(rawValue:",
            "UNNotificationSoundName.init(",
        ].map { Pattern(prefix: $0, platform: .ios) }
        // expo-notifications content `sound:`, notifee `sound:`, react-native-push-notification
        // `soundName:`, and push bodies built in server code.
        let javaScript =
            ["sound:", "\"sound\":", "soundName:", "\"soundName\":", assignedSound].map { Pattern(prefix: $0, platform: .crossPlatform) }
            + ["android_sound:", "\"android_sound\":"].map { Pattern(prefix: $0, platform: .android) }
            + ["ios_sound:", "\"ios_sound\":"].map { Pattern(prefix: $0, platform: .ios) }
        let android = [Pattern(prefix: "R.raw.", platform: .android, isIdentifier: true)]
        var byExtension: [String: [Pattern]] = [:]
        for ext in ["swift", "m", "mm", "h"] { byExtension[ext] = apple }
        for ext in javaScriptExtensions { byExtension[ext] = javaScript }
        for ext in ["kt", "java"] { byExtension[ext] = android }
        // flutter_local_notifications: DarwinNotificationDetails(sound: '…') and, for Android,
        // AndroidNotificationDetails(sound: RawResourceAndroidNotificationSound('…')).
        byExtension["dart"] = [
            Pattern(prefix: "RawResourceAndroidNotificationSound(", platform: .android), Pattern(prefix: "sound:", platform: .ios),
        ]
        // awesome_notifications: a channel's `soundSource:` and a notification's `customSound:`,
        // `resource://raw/NAME` (`requests(_:platform:foundBy:)`).
        byExtension["dart", default: []] += awesomePrefixes.prefix(2).map { Pattern(prefix: $0, platform: .crossPlatform) }
        // awesome_notifications_fcm's content, built by a server: `customSound: 'resource://raw/NAME'`.
        for ext in javaScriptExtensions {
            byExtension[ext, default: []] += ["customSound:", "\"customSound\":"].map { Pattern(prefix: $0, platform: .crossPlatform) }
        }
        // KMPNotifier: `NotificationPlatformConfiguration.Ios(notificationSoundName = "chime.wav")`,
        // iOS's whatever source set builds it; only inside that call (an app's own
        // `notificationSoundName = …` property names nothing).
        let kmpNotifier = Pattern(prefix: kmpNotifierSound, platform: .ios, onlyIn: ["NotificationPlatformConfiguration.Ios"])
        byExtension["kt", default: []].append(kmpNotifier)
        // Kotlin in an Apple source set (`iosMain`): Kotlin/Native's `platform.UserNotifications`,
        // `UNNotificationSound.soundNamed("chime.wav")` and `criticalSoundNamed(…)`; no R.raw there.
        byExtension[appleKotlin] = ["soundNamed(", "criticalSoundNamed("].map { Pattern(prefix: $0, platform: .ios) } + [kmpNotifier]
        // Push senders in server code (`NotificationLibrary.catalogue` names each library): a key or keyword
        // argument is decided by the API around it, a method by the object it is called on.
        // Java and Kotlin: firebase-admin-java's `Aps.builder().setSound(…)`,
        // `AndroidNotification.builder().setSound(…)`, `CriticalSound.builder().setName(…)`; pushy's
        // `ApnsPayloadBuilder.setSound(…)`.
        let builders: Set<String> = [
            "Aps", "AndroidNotification", "ApnsPayloadBuilder", "SimpleApnsPayloadBuilder", "JacksonApnsPayloadBuilder",
            "GsonApnsPayloadBuilder",
        ]
        for ext in ["kt", "java"] {
            byExtension[ext, default: []] += [
                Pattern(prefix: ".setSound(", platform: .crossPlatform, isMember: true, onlyIn: builders),
                Pattern(prefix: ".setName(", platform: .ios, isMember: true, onlyIn: ["CriticalSound"]),
            ]
        }
        // Python: firebase-admin's `messaging.Aps(sound=…)`, `AndroidNotification(sound=…)`,
        // `CriticalSound('…')` or `CriticalSound(name=…)`; apns2's `Payload(sound=…)`; pyfcm's
        // `notify_single_device(sound=…)`; aioapns' and any body's dicts (`{"aps": {"sound": …}}`).
        byExtension["py"] =
            ["sound=", "\"sound\":", "'sound':"].map { Pattern(prefix: $0, platform: .crossPlatform) }
            + [Pattern(prefix: "CriticalSound(", platform: .ios), Pattern(prefix: "name=", platform: .ios, onlyIn: ["CriticalSound"])]
            + ["\"customSound\":", "'customSound':"].map { Pattern(prefix: $0, platform: .crossPlatform) }
        // Go: firebase-admin-go's `messaging.Aps{Sound: …}`, `AndroidNotification{Sound: …}`,
        // `CriticalSound{Name: …}`; sideshow/apns2's `payload.NewPayload().Sound(…)`, `.SoundName(…)`.
        byExtension["go"] = [
            Pattern(prefix: "Sound:", platform: .crossPlatform), Pattern(prefix: "\"sound\":", platform: .crossPlatform),
            Pattern(prefix: "Name:", platform: .ios, onlyIn: ["CriticalSound"]),
            Pattern(prefix: "Sound(", platform: .ios, isMember: true, onlyIn: ["NewPayload"]),
            Pattern(prefix: "SoundName(", platform: .ios, isMember: true, onlyIn: ["NewPayload"]),
        ]
        // Ruby: apnotic's, houston's and rpush's `notification.sound = …`, houston's
        // `Houston::Notification.new(sound: …)`, and the fcm gem's hashes.
        byExtension["rb"] = ["sound:", "\"sound\":", "\"sound\" =>", "'sound' =>", ":sound =>", assignedSound].map {
            Pattern(prefix: $0, platform: .crossPlatform)
        }
        // PHP: kreait/firebase-php's arrays (`'apns' => ['payload' => ['aps' => ['sound' => …]]]`) and
        // `ApnsConfig::new()->withSound(…)`, `AndroidConfig::new()->withSound(…)`;
        // laravel-notification-channels' `ApnMessage::create()->sound(…)` and
        // `AndroidNotification::create()->setSound(…)`.
        byExtension["php"] = [
            Pattern(prefix: "'sound' =>", platform: .crossPlatform), Pattern(prefix: "\"sound\" =>", platform: .crossPlatform),
            Pattern(prefix: "->sound(", platform: .ios, isMember: true, onlyIn: ["ApnMessage"]),
            Pattern(prefix: "->withSound(", platform: .crossPlatform, isMember: true, onlyIn: ["ApnsConfig", "AndroidConfig"]),
            Pattern(prefix: "->setSound(", platform: .android, isMember: true, onlyIn: ["AndroidNotification"]),
        ]
        // C#: FirebaseAdmin's `new Aps { Sound = … }`, `new AndroidNotification { Sound = … }`,
        // `new CriticalSound { Name = … }`; dotAPNS's `new ApplePush(…).AddSound(…)`.
        let cSharpSenders = [
            Pattern(prefix: "Sound =", platform: .crossPlatform), Pattern(prefix: "Name =", platform: .ios, onlyIn: ["CriticalSound"]),
            Pattern(prefix: ".AddSound(", platform: .ios, isMember: true, onlyIn: ["ApplePush"]),
        ]
        // An app's own C# (MAUI, .NET for iOS and Android, Xamarin; the catalogue's `dotNet` rows):
        // `UNNotificationSound.GetSound("x.caf")`, `GetCriticalSound(…)`, UILocalNotification's
        // `SoundName`, `Resource.Raw.x`, Shiny's `CustomSoundPath = …`, Plugin.LocalNotification's
        // `Sound`. A key in an object initializer (`new NotificationRequest { Sound = "x.wav" }`) is
        // the senders' generic `Sound =`; an assignment to an object's property
        // (`request.Sound = "x.wav"`) is decided by the object's maker.
        let cSharpApps = [
            Pattern(prefix: "UNNotificationSound.GetSound(", platform: .ios),
            Pattern(prefix: "UNNotificationSound.GetCriticalSound(", platform: .ios),
            Pattern(prefix: "UNNotificationSoundName(", platform: .ios),
            Pattern(prefix: "Resource.Raw.", platform: .android, isIdentifier: true),
            Pattern(prefix: "CustomSoundPath =", platform: .crossPlatform),
            Pattern(prefix: ".Sound =", platform: .crossPlatform),
            Pattern(prefix: "SoundName =", platform: .ios, onlyIn: ["UILocalNotification"]),
            Pattern(prefix: ".SoundName =", platform: .ios, onlyIn: ["UILocalNotification"]),
        ]
        byExtension["cs"] = cSharpSenders + cSharpApps
        return byExtension
    }()

    /// The key of `patterns` for Kotlin in an Apple source set (`KotlinSourceSets`).
    static let appleKotlin = "kt@apple"

    /// KMPNotifier's iOS sound setting, a named argument of `NotificationPlatformConfiguration.Ios`.
    static let kmpNotifierSound = "notificationSoundName ="

    /// awesome_notifications' keys that take a `resource://raw/NAME` (`requests(_:platform:foundBy:)`).
    public static let awesomePrefixes = ["soundSource:", "customSound:", "\"customSound\":", "'customSound':"]

    /// The key of `patterns` (and `prefixSets`) for the file at `file`: its extension, or
    /// `appleKotlin` for Kotlin in an Apple source set.
    static func patternKey(forFile file: String) -> String {
        let ext = fileExtension(of: file)
        return ext == "kt" && KotlinSourceSets.isAppleSourceSet(file) ? appleKotlin : ext
    }

    /// The languages of push backends only: no app is written in them, so a name their code asks
    /// for is a push sender's wherever it lies, and a key inside a known API counts without the
    /// file's other words (`notificationContext`).
    static let serverExtensions: Set<String> = ["py", "go", "rb", "php", "cs"]

    /// The keys that name many things besides a notification's sound (an emoji table's
    /// `sound: '1f50a'`, a widget's `sound:`): they count only in a file that also speaks of
    /// notifications or builds a push body (`notificationContext`), or, in a backend's language,
    /// inside a known API. `name=`, `Name:` and `Name =` count only inside a `CriticalSound`, C#'s
    /// `SoundName =` only inside a `UILocalNotification` (`onlyIn`).
    static let genericPrefixes: Set<String> = Set(
        [
            "sound:", "\"sound\":", "soundName:", "\"soundName\":", assignedSound, "sound=", "'sound':", "Sound:", "\"sound\" =>",
            "'sound' =>", ":sound =>", "Sound =", "Name:", "Name =", "name=", kmpNotifierSound, "SoundName =",
        ] + cSharpAssignedSounds)

    /// An object's sound set by assignment (`content.sound = 'azan.caf'`): the API the object is
    /// passed to later (`scheduleNotificationAsync({ content })`) decides, as for a key.
    static let assignedSound = ".sound ="

    /// C#'s properties that set an object's sound by assignment (`request.Sound = …`,
    /// `notification.SoundName = …`): the object's maker decides.
    static let cSharpAssignedSounds = [".Sound =", ".SoundName ="]

    /// Every prefix that sets an object's sound by assignment: `assignedSound`, and C#'s properties.
    static let assignedSounds = Set([assignedSound] + cSharpAssignedSounds)

    /// The calls and keys of C# apps' own notification APIs: the calls of the catalogue's C# rows
    /// that are no push sender's (Xamarin and .NET for iOS and Android, Plugin.LocalNotification,
    /// Shiny). C# is also a push backend's language (`serverExtensions`); a name one of these asks
    /// for asks its own app.
    static let cSharpAppCalls = Set(
        NotificationLibrary.catalogue.filter { $0.isRead && $0.languages == [.cSharp] }.flatMap(\.calls).filter { !$0.isPushSender }
            .map(\.name))

    /// True for a C# pattern or API of an app's own code (not a push sender's): an API of
    /// `cSharpAppCalls`, or a pattern of them that names its sound itself (a generic key is decided
    /// by its API).
    static func isCSharpAppSide(prefix: String, api: String?) -> Bool {
        if let api, cSharpAppCalls.contains(api) { return true }
        return cSharpAppCalls.contains(prefix) && !genericPrefixes.contains(prefix)
    }

    /// What shows that a file speaks of notifications: their APIs (`Notifications.`,
    /// `PushNotification`, `LocalNotifications`, `DarwinNotificationDetails`, notifee,
    /// cordova-plugin-local-notification's `notification.local`) and the keys
    /// of push bodies (FCM's `notification`, APNs' `aps`, a channel's id).
    static let notificationContext = TokenSet([
        "Notification", "notification:", "\"notification\"", "notification.local", "notifee", "aps:", "\"aps\"", "apns", "APNs",
        "messaging", "channelId", "Parse.Push",
        "channel_id",
    ])

    /// Each extension's pattern prefixes, and `/raw/` (Android code's resource paths).
    static let prefixes: [String: [String]] = patterns.mapValues { $0.map(\.prefix) + [rawPath] }

    /// The same, to find in one pass.
    static let prefixSets: [String: TokenSet] = prefixes.mapValues(TokenSet.init)

    /// The text that ends an Android resource path in a literal (`"android.resource://" + package + "/raw/chime"`).
    static let rawPath = "/raw/"

    /// JavaScript's and TypeScript's extensions.
    static let javaScriptExtensions: Set<String> = ["js", "jsx", "ts", "tsx", "mjs", "cjs"]

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
            let ext = fileExtension(of: file)
            guard patterns[ext] != nil || PushBodyDocument.extensions.contains(ext),
                let bytes = try? readWholeFile(atPath: file, limit: 8 << 20)
            else { return [] }
            return scan(bytes, file: file).uses
        }
    }

    /// What the file `file`, whose bytes are `bytes`, shows: a data file, the push bodies it holds
    /// (`PushBodyDocument`).
    public static func scan(_ bytes: [UInt8], file: String) -> SoundNameScan {
        if PushBodyDocument.extensions.contains(fileExtension(of: file)) {
            return SoundNameScan(uses: PushBodyDocument.uses(in: bytes[...], file: file))
        }
        guard let set = prefixSets[patternKey(forFile: file)] else { return SoundNameScan() }
        let positions = bytes.withUnsafeBytes { set.matches(in: $0) }.map(\.position)
        return scan(bytes[...], file: file, at: positions)
    }

    /// What the file `file` shows, given where in `bytes` its extension's pattern prefixes (and
    /// `/raw/`) occur: most files name no sound, and only the lines found are read as text.
    static func scan(_ bytes: ArraySlice<UInt8>, file: String, at positions: [Int]) -> SoundNameScan {
        let ext = fileExtension(of: file)
        let key = patternKey(forFile: file)
        guard let patterns = patterns[key], !positions.isEmpty else { return SoundNameScan() }
        // Kotlin of an Apple source set is no Android code, nor is `commonMain`'s every literal:
        // only its `android.resource://` URIs ask Android for a raw resource.
        let isAndroidCode =
            androidExtensions.contains(ext) && key != appleKotlin && KotlinSourceSets.sourceSet(of: file)?.set != "commonMain"
        let rawPath = Array(rawPath.utf8)
        let prefixes = patterns.map { Array($0.prefix.utf8) }
        var scan = SoundNameScan()
        // Asked once a file, and only of a file where a generic key was found.
        var speaksOfNotifications: Bool?
        // What the file's calls are for, asked only when a line's statement shows no call.
        var fileShows: SoundNameUse.Purpose?
        guard let language = CodeLanguage(fileExtension: ext) else { return SoundNameScan() }
        let lexer = CodeLexer(bytes, language: language)
        let isServerCode = serverExtensions.contains(ext)
        for (number, lineStart, lineEnd, line) in SourceLines.containing(positions.map { $0 - bytes.startIndex }, in: bytes) {
            let present = patterns.indices.filter { ByteSearch.contains(line, prefixes[$0]) }
            let hasRawPath = ByteSearch.contains(line, rawPath)
            guard !present.isEmpty || hasRawPath else { continue }
            let start = bytes.startIndex + lineStart
            let end = bytes.startIndex + lineEnd
            var seen = Set<String>()
            var namesAtRunTimeHere = false
            // What the statement's call is for: asked once a line, when it names something.
            var statementShows: CallPurpose.Shown??
            func purpose(knownCall: Bool) -> SoundNameUse.Purpose {
                if statementShows == nil { statementShows = CallPurpose.shown(in: bytes, lineStart: start, lineEnd: end) }
                switch statementShows {
                case .notification??: return .notification
                case .app??: return .app
                default: break
                }
                if knownCall { return .notification }
                if fileShows == nil {
                    fileShows = bytes.withUnsafeBytes { all in
                        CallPurpose.notificationCalls.containsAny(all) || !CallPurpose.playerCalls.containsAny(all) ? .notification : .app
                    }
                }
                return fileShows ?? .notification
            }
            func add(
                _ name: String, _ platform: SoundNameUse.Platform, certain: Bool, foundBy: String, knownCall: Bool,
                fromServer: Bool = false,
                onlyNotifies: Bool = false
            ) {
                let name = Self.pluginName(name)
                guard !name.isEmpty, !Self.defaultSounds.contains(name) else { return }
                // A line matched by two patterns (`UNNotificationSoundName(rawValue:` and `UNNotificationSoundName(`) counts once.
                guard seen.insert(name + "\u{0}" + platform.rawValue).inserted else { return }
                scan.uses.append(
                    SoundNameUse(
                        name: name, file: file, line: number, platform: platform, isCertain: certain, foundBy: foundBy,
                        purpose: onlyNotifies ? .notification : purpose(knownCall: knownCall), isFromServer: fromServer))
            }
            for pattern in present.map({ patterns[$0] }) {
                var searchFrom = line.startIndex
                occurrences: while let range = line[searchFrom...].firstRange(of: pattern.prefix) {
                    searchFrom = range.upperBound
                    // `sound:` must not be the end of a longer key (`soundName:`, `playSound:`, `no_sound:`).
                    if range.lowerBound > line.startIndex, pattern.prefix.first?.isLetter == true,
                        isIdentifierCharacter(line[line.index(before: range.lowerBound)])
                    {
                        continue
                    }
                    // `request.Sound =` is the assignment's own pattern (`.Sound =`), not an initializer's key.
                    if range.lowerBound > line.startIndex, line[line.index(before: range.lowerBound)] == ".",
                        prefixes.contains(Array(("." + pattern.prefix).utf8))
                    {
                        continue
                    }
                    var platform = pattern.platform
                    var certain = true
                    var foundBy = pattern.prefix
                    // awesome_notifications is Flutter's: its content keys outside Dart are a server's body.
                    var fromServer = isServerCode || language != .dart && Self.awesomePrefixes.contains(pattern.prefix)
                    func speaks() -> Bool {
                        if speaksOfNotifications == nil {
                            speaksOfNotifications = bytes.withUnsafeBytes { notificationContext.containsAny($0) }
                        }
                        return speaksOfNotifications == true
                    }
                    if genericPrefixes.contains(pattern.prefix), !isServerCode, !speaks() { continue }
                    // Inside a string (a log line's 'sound:') or a comment, it is no call.
                    let keyAt = start + line.utf8.distance(from: line.startIndex, to: range.lowerBound)
                    guard lexer.isCode(at: keyAt) else { continue }
                    if pattern.isMember {
                        // A sender's method: the object it is called on decides, and only a known one names a sound.
                        guard let (api, apiPlatform) = CallReceiver.api(ofMemberAt: keyAt, in: lexer),
                            pattern.onlyIn?.contains(api) != false
                        else { continue }
                        platform = apiPlatform == .crossPlatform ? pattern.platform : apiPlatform
                        foundBy = "\(api) … \(pattern.prefix)"
                        fromServer = true
                    } else if genericPrefixes.contains(pattern.prefix) {
                        // The API around the key decides its platform, and whether the name is certain.
                        var decision = CallContext.decision(in: lexer, at: keyAt)
                        if Self.assignedSounds.contains(pattern.prefix) {
                            // `==` is no assignment.
                            guard line[range.upperBound...].first != "=" else { continue }
                            // The object's maker (`new apn.Notification()`) decides first, then what it is passed to.
                            if let (api, apiPlatform) = CallReceiver.api(ofMemberAt: keyAt, in: lexer) {
                                (decision.api, decision.apiName) = (apiPlatform, api)
                            } else {
                                decision = CallContext.decision(ofObjectAssignedAt: keyAt, in: lexer, around: decision)
                            }
                        }
                        if let onlyIn = pattern.onlyIn {
                            guard let api = decision.apiName, onlyIn.contains(api) else { continue }
                        }
                        // Server code's key with no API around it counts where the file speaks of notifications.
                        if isServerCode, decision.api == nil, !speaks() { continue }
                        // A key is a sound request only where the catalogue knows one may be: not in a
                        // config's other settings (Capacitor's `PushNotifications` has none), not among a
                        // data payload's custom keys (`data: { sound: … }`, which plays nothing).
                        if decision.api == nil, Self.isConfigWithKnownSettings(file) || decision.innermostLabel == "data" { continue }
                        platform = decision.platform
                        certain = decision.api != nil
                        foundBy = decision.apiName.map { "\($0) … \(pattern.prefix)" } ?? pattern.prefix
                        if let api = decision.apiName, CallContext.pushSenderAPIs.contains(api) { fromServer = true }
                    }
                    if language == .cSharp {
                        // An app's own call asks its app; code under `Platforms/iOS` (or in `App.iOS/`) runs on iOS only.
                        let api = foundBy == pattern.prefix ? nil : String(foundBy.prefix { $0 != " " })
                        if Self.isCSharpAppSide(prefix: pattern.prefix, api: api) { fromServer = false }
                        for known in [
                            CSharpPlatformCode.platform(ofFile: file),
                            CSharpPlatformCode.platform(ofDirectivesBefore: keyAt, in: bytes),
                        ] {
                            guard let known else { continue }
                            guard let narrowed = Self.platform(of: known, in: platform) else { continue occurrences }
                            platform = narrowed
                        }
                    }
                    let rest = line[range.upperBound...]
                    if pattern.isIdentifier {
                        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { add(String(name), platform, certain: certain, foundBy: foundBy, knownCall: false) }
                        continue
                    }
                    let valueStart = start + line.utf8.distance(from: line.startIndex, to: range.upperBound)
                    // Its comments blanked: `sound = "a.caf" # was "b.caf"` names `a.caf`.
                    let window = lexer.blankingComments(in: valueStart..<min(bytes.endIndex, valueStart + LiteralBranches.reach))
                    let value = LiteralBranches.value(of: window, language: language)
                    for branch in value.branches {
                        // A generic key's user preference (`sound: 'custom'`) names no file.
                        if !certain, Self.preferenceValues.contains(branch.name.lowercased()) { continue }
                        // A branch its condition sends to the other platform than the call's never reaches the call.
                        guard var asked = Self.platform(of: branch.platform, in: platform) else { continue }
                        // react-native-push-notification's soundName without an extension names a
                        // res/raw resource, as its documentation says; iOS needs a file name.
                        if asked == .crossPlatform, pattern.prefix.contains("soundName"), !branch.name.contains(".") { asked = .android }
                        // awesome_notifications' keys belong to its notification calls alone, whatever else
                        // the statement sets (a channel's `playSound: true`).
                        let onlyNotifies = Self.awesomePrefixes.contains(pattern.prefix)
                        for (name, platform) in Self.requests(branch.name, platform: asked, foundBy: pattern.prefix) {
                            add(
                                name, platform, certain: certain, foundBy: foundBy, knownCall: certain, fromServer: fromServer,
                                onlyNotifies: onlyNotifies)
                        }
                    }
                    // firebase-admin's `sound=messaging.CriticalSound(…)`: the critical sound spells
                    // its name itself (`name=`, its own pattern), on whatever line.
                    if value.atRunTime, !Self.isCriticalSound(window, language: language) {
                        namesAtRunTimeHere = true
                        // A parameter of the function around it: the function is a sender of its own.
                        if SenderWrappers.languages.contains(language), let parameter = Self.identifierValue(window),
                            let wrapper = SenderWrappers.wrapper(passing: parameter, at: keyAt, in: lexer, platform: platform)
                        {
                            scan.wrappers.append(wrapper)
                        }
                    }
                }
            }
            // One call a line, however many patterns it matches (`UNNotificationSound(named: UNNotificationSoundName(rawValue: name))`).
            if namesAtRunTimeHere, seen.isEmpty { scan.runTimeNames += 1 }
            // An Android resource URI (never in Kotlin of an Apple source set): `"android.resource://" +
            // packageName + "/raw/chime"` in Kotlin or Java, or a template (`"android.resource://$packageName/raw/chime"`, `` `…${pkg}/raw/chime` ``).
            if hasRawPath, key != appleKotlin {
                for (literal, package) in Self.rawResourceLiterals(in: start..<end, anyRawPath: isAndroidCode, lexer: lexer) {
                    add(literal, .android, certain: true, foundBy: "/raw/", knownCall: false)
                    if let package, let index = scan.uses.lastIndex(where: { $0.name == literal && $0.line == number }) {
                        scan.uses[index].resourcePackage = package
                    }
                }
            }
            // A package spelled as a literal of its own in a URI built by concatenation
            // (`ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + "com.example.app" + "/" + R.raw.chime`):
            // the line's Android requests name it.
            if key != appleKotlin, let package = Self.concatenatedResourcePackage(in: start..<end, lexer: lexer) {
                for index in scan.uses.indices
                where scan.uses[index].line == number && scan.uses[index].platform == .android && scan.uses[index].resourcePackage == nil {
                    scan.uses[index].resourcePackage = package
                }
            }
        }
        return scan
    }

    /// The package an Android resource URI built by concatenation spells as a literal of its own,
    /// right after its scheme: `ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + "com.example.app"
    /// + "/" + R.raw.chime`, or `"android.resource://" + "com.example.app" + "/raw/chime"`. nil when
    /// the package is code (`context.packageName`) or the line builds no such URI.
    static func concatenatedResourcePackage(in line: Range<Int>, lexer: CodeLexer) -> String? {
        let bytes = lexer.bytes
        let literals = lexer.literals(in: line)
        /// The code between two positions, spaces dropped.
        func code(_ range: Range<Int>) -> String {
            String(decoding: bytes[max(range.lowerBound, line.lowerBound)..<min(range.upperBound, line.upperBound)], as: UTF8.self)
                .filter { $0 != " " && $0 != "\t" }
        }
        for (position, scheme) in literals.enumerated() where position + 1 < literals.count {
            guard let text = lexer.text(of: scheme) else { continue }
            let opensURI =
                text == "android.resource://"
                || text == "://" && code(line.lowerBound..<scheme.start).hasSuffix("SCHEME_ANDROID_RESOURCE+")
            guard opensURI else { continue }
            let next = literals[position + 1]
            guard code(scheme.end..<next.start) == "+", var package = lexer.text(of: next) else { continue }
            if package.hasSuffix("/") { package.removeLast() }
            guard package.contains("."), !package.hasPrefix("."), !package.hasSuffix("."),
                package.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            else { continue }
            return package
        }
        return nil
    }

    /// The identifier that is the whole of the expression `value` starts with (`sound,`,
    /// `sound }`, `sound)`), or nil.
    static func identifierValue(_ value: [UInt8]) -> String? {
        var index = value.startIndex
        while index < value.endIndex, value[index] == UInt8(ascii: " ") || value[index] == UInt8(ascii: "\t") { index += 1 }
        let start = index
        while index < value.endIndex, CallContext.isIdentifierByte(value[index]) { index += 1 }
        guard index > start, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value[start]) else { return nil }
        var next = index
        while next < value.endIndex, value[next] == UInt8(ascii: " ") || value[next] == UInt8(ascii: "\t") { next += 1 }
        guard
            next == value.endIndex
                || [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(value[next])
        else { return nil }
        return String(decoding: value[start..<index], as: UTF8.self)
    }

    /// True when `value`, a sound key's, is a critical sound (`messaging.CriticalSound(…)`,
    /// `&messaging.CriticalSound{…}`), whose name its own key or argument spells.
    static func isCriticalSound(_ value: [UInt8], language: CodeLanguage) -> Bool {
        var index = value.startIndex
        while index < value.endIndex, CallContext.isSpace(value[index]) || value[index] == UInt8(ascii: "&") { index += 1 }
        let start = index
        while index < value.endIndex, CallContext.isIdentifierByte(value[index]) || value[index] == UInt8(ascii: ".") { index += 1 }
        return CallContext.api(named: String(decoding: value[start..<index], as: UTF8.self), language: language)?.0 == "CriticalSound"
    }

    /// The values a generic `sound` key takes as a user's setting, not a file's name: a settings
    /// screen's `sound: 'custom'`, `'none'`, `'vibrate'`. Only an uncertain key's value is dropped;
    /// an API that takes a name gets what it is given.
    static let preferenceValues: Set<String> = [
        "custom", "none", "silent", "off", "on", "enabled", "disabled", "system", "vibrate", "vibration", "mute", "muted",
        "normal", "loud", "quiet", "sound", "true", "false", "yes", "no",
    ]

    /// True for a config file whose sound settings the catalogue knows (`capacitor.config.ts`,
    /// `.js`): a `sound:` key outside them (`PushNotifications`, which has no sound setting,
    /// capacitorjs.com/docs/apis/push-notifications#configuration) names nothing.
    static func isConfigWithKnownSettings(_ file: String) -> Bool {
        fileName(of: file).hasPrefix("capacitor.config.")
    }

    /// The names the APIs take for the default sound: not a name any app ships.
    static let defaultSounds: Set<String> = ["default", "defaultCritical", "defaultRingtone", "platform_default"]

    /// The name a plugin's URI stands for: cordova-plugin-local-notification's `res://chime` is the
    /// native resource `chime` (`res://platform_default` the default sound), and
    /// cordova-plugin-firebase-extended-notification's `res://raw/chime` the raw resource `chime`
    /// (its README, "For sound"); `file://` URIs are files of the app's `www` folder, kept whole
    /// for the cross-check to find.
    static func pluginName(_ name: String) -> String {
        guard name.hasPrefix("res://") else { return name }
        let resource = name.dropFirst(6)
        return String(resource.hasPrefix("raw/") ? resource.dropFirst(4) : resource)
    }

    /// The files a name asks of each platform, as the library whose key `prefix` is maps it
    /// (`NotificationLibrary.NameMapping`): awesome_notifications' `resource://raw/NAME` asks
    /// Android for the raw resource `NAME` and iOS for `NAME.aiff` alone, since its iOS side looks
    /// the name up with the extension `aiff` and plays the default sound otherwise; an
    /// `asset://…` it never plays on iOS (its `getSoundFromAsset` returns nil), which the
    /// cross-check reports as it is written. Every other name is asked as written.
    static func requests(_ name: String, platform: SoundNameUse.Platform, foundBy prefix: String) -> [(String, SoundNameUse.Platform)] {
        guard awesomePrefixes.contains(prefix) else { return [(name, platform)] }
        if name.hasPrefix("resource://") {
            let resource = String(name.split(separator: "/").last ?? "")
            guard !resource.isEmpty else { return [] }
            let asked: [(String, SoundNameUse.Platform)] = [(resource, .android), (resource + ".aiff", .ios)]
            return asked.filter { platform == .crossPlatform || $0.1 == platform }
        }
        if name.hasPrefix("asset://") { return platform == .android ? [] : [(name, .ios)] }
        return []
    }

    /// The platform a branch goes to inside a call that asks `call`: the branch's own where the
    /// call asks both; none where they disagree.
    static func platform(of branch: SoundNameUse.Platform?, in call: SoundNameUse.Platform) -> SoundNameUse.Platform? {
        guard let branch, branch != .crossPlatform else { return call }
        if call == .crossPlatform { return branch }
        return branch == call ? call : nil
    }

    /// The raw resource names the string literals of the line `line` spell after `/raw/`, each
    /// with the package an `android.resource://PACKAGE/raw/NAME` literal spells out,
    /// templates too (`"android.resource://$packageName/raw/chime"`). In Java and Kotlin any
    /// literal holding `/raw/` counts (`anyRawPath`); elsewhere only an `android.resource://` URI,
    /// or a literal that begins with `/raw/` after a `+` (a concatenation's tail). A literal in a
    /// comment is none.
    static func rawResourceLiterals(in line: Range<Int>, anyRawPath: Bool, lexer: CodeLexer) -> [(name: String, package: String?)] {
        var found: [(String, String?)] = []
        let bytes = lexer.bytes
        for literal in lexer.literals(in: line) {
            guard let text = lexer.rawText(of: literal), let raw = text.ranges(of: Self.rawPath).last else { continue }
            var before = literal.start - 1
            while before >= line.lowerBound, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
            let afterPlus = before >= line.lowerBound && bytes[before] == UInt8(ascii: "+")
            guard anyRawPath || text.hasPrefix("android.resource://") || text.hasPrefix(Self.rawPath) && afterPlus else { continue }
            let name = text[raw.upperBound...]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { continue }
            // `android.resource://com.example.app/raw/chime`: a package spelled out, not interpolated.
            let scheme = "android.resource://"
            let package = text.hasPrefix(scheme) ? text[text.index(text.startIndex, offsetBy: scheme.count)..<raw.lowerBound] : ""
            let isLiteralPackage =
                !package.isEmpty && lexer.text(of: literal) != nil
                && package.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            found.append((String(name), isLiteralPackage ? String(package) : nil))
        }
        return found
    }

    /// True for a character an identifier may hold (`_`, `$`, letters and digits).
    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// True when what follows a pattern is a name computed at run time: an identifier, a call,
    /// an interpolated string. `true`, `false`, `null`, `nil`, `undefined` and objects are no
    /// name, nor is an identifier that reads as a switch (`isSilent`, `soundEnabled`,
    /// `settings.playSound`): `sound: true` turns a sound on, it names none.
    static func namesAtRunTime(_ text: Substring) -> Bool {
        let rest = text.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return false }
        if first == "\"" || first == "'" || first == "`" { return true }  // a literal LiteralBranches refused: interpolated
        guard first.isLetter || first == "_" || first == "$" else { return false }
        let path = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }
        let word = String(path.prefix { $0 != "." })
        guard !["true", "false", "null", "nil", "undefined", "None", "new", "YES", "NO"].contains(word) else { return false }
        let last = String(path.split(separator: ".").last ?? "")
        return !Self.readsAsSwitch(last)
    }

    /// True for an identifier that names a yes-or-no setting, not a sound: `isX`, `hasX`,
    /// `shouldX`, `playX`, `enableX`, `xEnabled`, `xOn`.
    static func readsAsSwitch(_ identifier: String) -> Bool {
        for prefix in ["is", "has", "should", "play", "enable", "use", "with"] where identifier.hasPrefix(prefix) {
            let after = identifier.dropFirst(prefix.count)
            if let next = after.first, next.isUppercase || next == "_" { return true }
        }
        return identifier.hasSuffix("Enabled") || identifier.hasSuffix("Disabled") || identifier.hasSuffix("On")
            || identifier.hasSuffix("_enabled")
    }
}
