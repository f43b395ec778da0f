import Dispatch
import SharedState
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
        /// Only a file that shows no call names it, by its file name: a table of names the code
        /// reads at run time. What for, the code does not show.
        case named(Use)
    }

    /// The extensions of the files read as code: apps' languages, push backends' (Python, Go, Ruby,
    /// PHP, C#), and the data files that may hold a push body (`PushBodyDocument`), read for the
    /// names their bodies ask for only.
    public static let sourceExtensions: Set<String> = [
        "swift", "m", "mm", "kt", "java", "dart", "js", "jsx", "ts", "tsx", "py", "go", "rb", "php", "cs", "json", "yaml", "yml",
    ]

    /// Tokens of the notification APIs: UserNotifications, Android's channels and compat builder,
    /// flutter_local_notifications, expo-notifications, notifee, react-native-push-notification;
    /// C#'s Plugin.LocalNotification, Shiny, Xamarin.iOS's `UILocalNotification` and .NET for
    /// Android's `SetSound(` (Android's `setSound`, bound with a capital);
    /// and `Library/Sounds`, the app container's folder the system searches first for a
    /// notification's sound (`UNNotificationSound`): a step that copies a sound there makes it one.
    static let notificationTokens = [
        "UNNotificationSound", "UNMutableNotificationContent", "criticalSoundNamed", "NotificationChannel", "NotificationCompat",
        "setSound(", "RawResourceAndroidNotificationSound", "DarwinNotificationDetails", "AndroidNotificationDetails",
        "scheduleNotificationAsync", "setNotificationChannelAsync", "notifee", "PushNotification.", "localNotification",
        "Library/Sounds", "NotificationRequest", "CustomSoundPath", "UILocalNotification", "SetSound(",
    ]
    /// Tokens of the APIs an app plays its own sounds with: AVFoundation, AudioToolbox, bundle
    /// lookups, MediaPlayer and SoundPool, audioplayers and just_audio, expo-av, react-native-sound;
    /// and a call of a ringtone (Android's `RingtoneManager.getRingtone(…)`, an app's own
    /// `startRingtone(…)`): a call tone the app plays while it rings. In C#: MAUI's app-package
    /// files (`FileSystem.OpenAppPackageFileAsync`), Plugin.Maui.Audio's `CreatePlayer`, an
    /// assembly's embedded resources (`GetManifestResourceStream`), Android's `MediaPlayer.Create`.
    static let playbackTokens = [
        "AVAudioPlayer", "AVPlayer", "AudioServicesCreateSystemSoundID", "SystemSoundID", "URLForResource", "url(forResource",
        "pathForResource", "path(forResource", "MediaPlayer", "SoundPool", "AudioPlayer", "AssetSource", "AudioCache",
        "setAsset(", "Audio.Sound", "createAsync", "new Sound(", "useAudioPlayer", "SoundPlayer", "playSound", "audioURL", "soundURL",
        "Ringtone(", "OpenAppPackageFileAsync", "CreatePlayer(", "GetManifestResourceStream", "MediaPlayer.Create(",
    ]

    /// A sound file's name closing a string literal (`"chime.caf"`, `'ring.mp3'`): a file that
    /// holds one may keep a table of names the code reads at run time.
    static let soundFileLiteralTokens = ["caf", "wav", "aiff", "aif", "mp3", "m4a", "ogg"].flatMap { [".\($0)\"", ".\($0)'"] }

    /// What makes a line's bare name a sound's: a call of either kind, or words that say so.
    static let lineSoundWords = TokenSet(notificationTokens + playbackTokens + ["forResource", "ofType", "sound", "Sound"])

    /// The names the notification calls spell (`SoundNameScanner`), in file and line order.
    public private(set) var nameUses: [SoundNameUse] = []
    /// The notification calls that name their sound at run time, not with a literal.
    public private(set) var runTimeNames: [String] = []

    /// A file that calls a notification API or plays sounds: only its literals can say what a
    /// sound is for. `order` is its place among the files read.
    private struct APIFile: Sendable {
        let file: String
        let order: Int
        let notifies: Bool
        let plays: Bool
        /// It spells a sound file's name in a literal (`soundFileLiteralTokens`).
        var namesSoundFiles = false
    }

    /// Whether reading searches for the names the calls spell (`nameUses`, `runTimeNames`).
    private var scansNames = true
    /// The functions read that pass a parameter to a push body's sound (`SenderWrappers`).
    private var wrappers: Set<SenderWrapper> = []
    /// The files read in a language whose wrappers are read (`SenderWrappers.languages`), with
    /// their places: where calls to `wrappers` are looked for.
    private var wrapperFiles: [(file: String, order: Int)] = []
    /// The files read that use one of the APIs, in reading order.
    private var apiFiles: [APIFile] = []
    /// How many files have been read.
    private var filesRead = 0
    /// The first use of each name a notification call spells, with its file's place.
    private var firstNameUses: [String: (order: Int, use: Use)] = [:]
    /// The first use of each name a player's call spells (`MediaPlayer.create(context, R.raw.tone)`).
    private var firstAppUses: [String: (order: Int, use: Use)] = [:]
    /// The literals of notification files and of playback files, by the sound name they are, with
    /// their file's place (`findPurposes(of:)`).
    private var notificationLiterals: [String: (order: Int, use: Use)] = [:]
    private var appLiterals: [String: (order: Int, use: Use)] = [:]
    /// The sound file names spelled in files that show no call (tables of names).
    private var namedLiterals: [String: (order: Int, use: Use)] = [:]

    /// Reads `files` (paths as shown) and looks for the sounds named `soundFiles` (file names):
    /// `init(reading:)` then `findPurposes(of:)`.
    public init(files: [String], soundFiles: [String]) {
        self.init(reading: files)
        readSenderWrapperCalls()
        findPurposes(of: soundFiles)
    }

    /// Reads `files` (paths as shown), on every core: a repository has thousands. Each is read
    /// once for the names its calls spell and the APIs it uses; only the files that use one are
    /// read again, by `findPurposes(of:)`, once the sounds are known. What comes first in `files`
    /// comes first in the answers, whatever order the reads finish in.
    public init(reading files: [String]) {
        let sources = files
        let chunkCount = min(sources.count, 64)
        guard chunkCount > 1 else {
            read(sources)
            return
        }
        let chunks = LockedState([SoundUsage?](repeating: nil, count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var part = SoundUsage()
            part.read(sources[(chunk * sources.count / chunkCount)..<((chunk + 1) * sources.count / chunkCount)])
            chunks.withLock { $0[chunk] = part }
        }
        for part in chunks.withLock({ $0 }) {
            if let part { append(part) }
        }
    }

    /// No files read: nothing shows any sound's purpose. With `scanningNames` false, the files
    /// read later are searched for the APIs they use only, not for the names their calls spell
    /// (`nameUses` and `runTimeNames` stay empty): for a run that reports neither.
    public init(scanningNames: Bool = true) {
        self.scansNames = scanningNames
    }

    /// Adds what `later` read after what this one read (a repository's files read in batches).
    public mutating func append(_ later: SoundUsage) {
        let offset = filesRead
        nameUses += later.nameUses
        runTimeNames += later.runTimeNames
        apiFiles += later.apiFiles.map {
            APIFile(file: $0.file, order: $0.order + offset, notifies: $0.notifies, plays: $0.plays, namesSoundFiles: $0.namesSoundFiles)
        }
        for (name, first) in later.firstNameUses where firstNameUses[name] == nil {
            firstNameUses[name] = (first.order + offset, first.use)
        }
        for (name, first) in later.firstAppUses where firstAppUses[name] == nil {
            firstAppUses[name] = (first.order + offset, first.use)
        }
        wrappers.formUnion(later.wrappers)
        wrapperFiles += later.wrapperFiles.map { ($0.file, $0.order + offset) }
        filesRead += later.filesRead
    }

    /// Reads the calls to the repository's own sender wrappers, once every file is read: a
    /// literal passed at a wrapper's sound parameter is a certain request of its platform, and a
    /// function that passes its own parameter there is a wrapper too, followed
    /// `SenderWrappers.depth` levels up. Only the files in a wrapper's language are read again,
    /// and only when a wrapper was found.
    public mutating func readSenderWrapperCalls() {
        var level = Array(wrappers)
        var known = wrappers
        guard !level.isEmpty else { return }
        var buffer: [UInt8] = []
        func place(_ use: SoundNameUse) -> String { "\(use.file):\(use.line):\(use.name)" }
        var found = Set(nameUses.filter(\.isCertain).map { place($0) + ":\($0.platform)" })
        // A generic key's uncertain find on the same line (`sound="x.wav"` passed by keyword) gives way.
        var certainNow = Set<String>()
        for _ in 0..<SenderWrappers.depth where !level.isEmpty {
            var next: [SenderWrapper] = []
            let names = TokenSet(Set(level.map(\.name)).map { $0 + "(" })
            for (file, order) in wrapperFiles {
                guard let language = CodeLanguage(fileExtension: fileExtension(of: file)),
                    level.contains(where: { $0.language == language }),
                    let count = try? readWholeFile(atPath: file, limit: Self.fileSizeLimit, into: &buffer)
                else { continue }
                let bytes = buffer[..<count]
                guard bytes.withUnsafeBytes({ names.containsAny($0) }) else { continue }
                let calls = SenderWrappers.calls(to: level, in: bytes, file: file, language: language)
                for use in calls.uses where found.insert(place(use) + ":\(use.platform)").inserted {
                    nameUses.append(use)
                    certainNow.insert(place(use))
                    if firstNameUses[use.name] == nil {
                        firstNameUses[use.name] = (order, Use(literal: use.name, file: file, line: use.line))
                    }
                }
                next += calls.forwarding.filter { known.insert($0).inserted }
            }
            level = next
        }
        if !certainNow.isEmpty { nameUses.removeAll { !$0.isCertain && certainNow.contains(place($0)) } }
    }

    /// The code's evidence for the sound file named `name`: notification wins over app. Within a
    /// notification file, a name its calls spell comes before a literal that merely names it.
    public func evidence(forSoundNamed name: String) -> Evidence? {
        let stem = String(name.prefix { $0 != "." })
        func first(_ key: String, in maps: [[String: (order: Int, use: Use)]]) -> Use? {
            maps.compactMap { $0[key] }.min { $0.order < $1.order }?.use
        }
        let notifications = [firstNameUses, notificationLiterals]
        if let use = first(name, in: notifications) ?? first(stem, in: notifications) { return .notification(use) }
        if let use = first(name, in: [appLiterals, firstAppUses]) ?? first(stem, in: [appLiterals, firstAppUses]) { return .app(use) }
        if let use = namedLiterals[name]?.use { return .named(use) }
        return nil
    }

    /// The tokens every file is searched for in one pass: the name scanner's prefixes and the APIs'.
    private static let search = APISearch(scanningNames: true)
    /// The APIs' tokens alone, for a reading that does not scan for names.
    private static let apiSearch = APISearch(scanningNames: false)

    private struct APISearch: Sendable {
        let tokens: TokenSet
        /// The scanner prefixes each source extension uses, as indices of `tokens`.
        let scannerTokens: [String: Set<Int>]
        let notificationTokens: Range<Int>
        let playbackTokens: Range<Int>
        let soundFileLiteralTokens: Range<Int>

        init(scanningNames: Bool) {
            let prefixes = scanningNames ? Set(SoundNameScanner.prefixes.values.joined()).sorted() : []
            let index = Dictionary(uniqueKeysWithValues: prefixes.enumerated().map { ($1, $0) })
            scannerTokens = SoundNameScanner.prefixes.mapValues { Set($0.compactMap { index[$0] }) }
            notificationTokens = prefixes.count..<(prefixes.count + SoundUsage.notificationTokens.count)
            playbackTokens = notificationTokens.upperBound..<(notificationTokens.upperBound + SoundUsage.playbackTokens.count)
            soundFileLiteralTokens = playbackTokens.upperBound..<(playbackTokens.upperBound + SoundUsage.soundFileLiteralTokens.count)
            tokens = TokenSet(prefixes + SoundUsage.notificationTokens + SoundUsage.playbackTokens + SoundUsage.soundFileLiteralTokens)
        }
    }

    /// Reads `files` one after the other (after those read before): the names their calls spell,
    /// and whether each uses an API. A file of another extension than `sourceExtensions` is
    /// counted, not read.
    public mutating func read(_ files: some Sequence<String>) {
        var buffer: [UInt8] = []
        for file in files { read(file, buffer: &buffer) }
    }

    private mutating func read(_ file: String, buffer: inout [UInt8]) {
        let order = filesRead
        filesRead += 1
        guard Self.sourceExtensions.contains(fileExtension(of: file)),
            let count = try? readWholeFile(atPath: file, limit: Self.fileSizeLimit, into: &buffer)
        else { return }
        let bytes = buffer[..<count]
        if PushBodyDocument.extensions.contains(fileExtension(of: file)) {
            guard scansNames else { return }
            let uses = PushBodyDocument.uses(in: bytes, file: file)
            nameUses += uses
            for use in uses where firstNameUses[use.name] == nil {
                firstNameUses[use.name] = (order, Use(literal: use.name, file: use.file, line: use.line))
            }
            return
        }
        let search = scansNames ? Self.search : Self.apiSearch
        let matches = bytes.withUnsafeBytes { search.tokens.matches(in: $0) }
        if scansNames {
            // The calls that name a sound are notification evidence wherever they are (server code too).
            let scannerTokens = search.scannerTokens[SoundNameScanner.patternKey(forFile: file)] ?? []
            let scan = SoundNameScanner.scan(bytes, file: file, at: matches.filter { scannerTokens.contains($0.token) }.map(\.position))
            nameUses += scan.uses
            runTimeNames += Array(repeating: file, count: scan.runTimeNames)
            wrappers.formUnion(scan.wrappers)
            if let language = CodeLanguage(fileExtension: fileExtension(of: file)), SenderWrappers.languages.contains(language) {
                wrapperFiles.append((file, order))
            }
            for use in scan.uses {
                let first = (order, Use(literal: use.name, file: use.file, line: use.line))
                switch use.purpose {
                case .notification: if firstNameUses[use.name] == nil { firstNameUses[use.name] = first }
                case .app: if firstAppUses[use.name] == nil { firstAppUses[use.name] = first }
                }
            }
        }
        let notifies = matches.contains { search.notificationTokens.contains($0.token) }
        let plays = matches.contains { search.playbackTokens.contains($0.token) }
        let namesSoundFiles = matches.contains { search.soundFileLiteralTokens.contains($0.token) }
        if notifies || plays || namesSoundFiles {
            apiFiles.append(APIFile(file: file, order: order, notifies: notifies, plays: plays, namesSoundFiles: namesSoundFiles))
        }
    }

    /// The largest source file read (a generated or minified one is no app code to search).
    static let fileSizeLimit = 4 << 20

    /// Finds the sounds named `soundFiles` (file names) in the literals of the files that use an
    /// API, read again now (a few of a repository's files): a file that spells none of their
    /// stems is searched no further.
    public mutating func findPurposes(of soundFiles: [String]) {
        let stems = Set(soundFiles.map { String($0.prefix { $0 != "." }) }).filter { !$0.isEmpty }.sorted()
        guard !stems.isEmpty, !apiFiles.isEmpty else { return }
        let names = TokenSet(stems)
        // The lines that may build a sound's name from literal parts (`BuiltSoundName`).
        let builtTokens = TokenSet(BuiltSoundName.searchTokens(forSoundFiles: soundFiles))
        let shipped = Array(Set(soundFiles))
        let files = apiFiles
        // `byStatement`: a built name's purpose is its statement's call alone, never its file's.
        typealias Named = (name: String, use: Use, shown: CallPurpose.Shown?, byStatement: Bool)
        let found = LockedState([[Named]](repeating: [], count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard let bytes = try? readWholeFile(atPath: files[index].file, limit: Self.fileSizeLimit) else { return }
            guard let language = CodeLanguage(fileExtension: fileExtension(of: files[index].file)) else { return }
            let positions = bytes.withUnsafeBytes { names.matches(in: $0) }.map(\.position)
            var named: [Named] = []
            for (number, start, end, line) in SourceLines.containing(positions, in: bytes) {
                let found = Self.soundNames(in: line, language: language)
                guard !found.isEmpty else { continue }
                // The call in the name's statement decides its purpose; the file only where it shows none.
                let shown = CallPurpose.shown(in: bytes[...], lineStart: start, lineEnd: end)
                for (literal, name) in found {
                    named.append((name, Use(literal: literal, file: files[index].file, line: number), shown, false))
                }
            }
            // A name built from literal parts names every shipped file it can build, with the purpose of the call
            // it is passed to: `name + ".mp3"` in a file that also notifies is no notification's name.
            let builtPositions = bytes.withUnsafeBytes { builtTokens.matches(in: $0) }.map(\.position)
            for (number, start, end, line) in SourceLines.containing(builtPositions, in: bytes) {
                let built = BuiltSoundName.names(in: line, language: language)
                guard !built.isEmpty else { continue }
                // The call it is passed to: in its statement, or a few lines on through the variable it is kept in.
                let shown =
                    CallPurpose.shown(in: bytes[...], lineStart: start, lineEnd: end)
                    ?? BuiltSoundName.assignedVariable(in: line).flatMap {
                        CallPurpose.shown(passing: $0, in: bytes[...], after: end)
                    }
                for name in built {
                    for file in shipped where name.matches(file) {
                        named.append((file, Use(literal: name.literal, file: files[index].file, line: number), shown, true))
                    }
                }
            }
            found.withLock { $0[index] = named }
        }
        for (file, named) in zip(files, found.withLock { $0 }) {
            for (name, use, shown, byStatement) in named {
                let notifies = shown == .notification || shown == nil && file.notifies && !byStatement
                let plays = shown == .app || shown == nil && file.plays && !byStatement
                if notifies, notificationLiterals[name] == nil { notificationLiterals[name] = (file.order, use) }
                if plays, appLiterals[name] == nil { appLiterals[name] = (file.order, use) }
                // A file name spelled where no call shows what for: a table the code reads.
                if !notifies, !plays, SniffedFormat.isNamedLikeSound(name), namedLiterals[name] == nil {
                    namedLiterals[name] = (file.order, use)
                }
            }
        }
    }

    /// The sound names a line writes, each with the literal that writes it: names with a sound
    /// extension; `R.raw.NAME`; and bare names on a line that calls an API or names an extension
    /// (`forResource: "chime", withExtension: "caf"` names `chime.caf`, not every `chime`). The
    /// line is code in `language`: what its comment says is not read.
    static func soundNames(in line: Substring, language: CodeLanguage) -> [(literal: String, name: String)] {
        // Most lines hold no literal and no R.raw: they cost one pass over their bytes.
        let quotesOrR = line.utf8.contains { byte in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "R")
        }
        guard quotesOrR else { return [] }
        let line = CodeLexer.beforeLineComment(line, language: language)
        let literals = literals(in: line, language: language)
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

    /// The names of Android raw resources a source file (`text`, code in `language`) refers to as
    /// `R.raw.NAME` in its code: not in a comment, nor in a string.
    public static func rawResourceNames(inCodeOf text: Substring, language: CodeLanguage) -> [String] {
        let reference = Array("R.raw.".utf8)
        // Most files name none: they are searched once, not copied and lexed.
        guard ByteSearch.contains(text, reference) else { return [] }
        let bytes = utf8Bytes(of: text)
        let lexer = CodeLexer(bytes[...], language: language)
        return ByteSearch.positions(of: reference, in: bytes).compactMap { start in
            guard start == 0 || !CallContext.isIdentifierByte(bytes[start - 1]), lexer.isCode(at: start) else { return nil }
            let name = bytes[(start + reference.count)...].prefix { CallContext.isIdentifierByte($0) && $0 != UInt8(ascii: "$") }
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
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

    /// The plain string literals of `text` (a line, or a whole file), code in `language`, as
    /// `CodeLexer` reads them: closed, holding no code (no `${x}`, `\(x)`, `"$name"` where the
    /// language interpolates), not empty; their text as written, escapes and all. A back-quoted
    /// literal counts where the language's strings are (JavaScript's templates, Go's raw strings),
    /// not where it is an identifier.
    public static func literals(in text: Substring, language: CodeLanguage) -> [String] {
        let bytes = utf8Bytes(of: text)
        let lexer = CodeLexer(bytes[...], language: language)
        let backQuoted = language == .javaScript || language == .go
        return lexer.literals(in: bytes.indices).compactMap { literal in
            guard backQuoted || bytes[literal.start] != UInt8(ascii: "`"), let text = lexer.text(of: literal), !text.isEmpty else {
                return nil
            }
            return text
        }
    }
}
