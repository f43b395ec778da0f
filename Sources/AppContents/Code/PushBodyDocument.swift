import SoundContainers

/// Push bodies kept in data files (`.json`, `.yaml`, `.yml`): a server's templates and sample
/// payloads, read like code, each name on its line. Only a file whose structure is a push body
/// names anything, as `PushBodyShape` (SoundResolver) tells the shapes apart:
/// - an APNs body's `aps.sound` (or its critical `aps.sound.name`), wherever the `aps` object
///   is (FCM's `apns.payload.aps`, `message.apns.payload.aps`): iOS;
/// - an FCM message's `android.notification.sound` (at the top or in `message`): Android;
/// - a legacy FCM request's `notification.sound`, beside `to`, `registration_ids` or
///   `condition`: both platforms;
/// - an Expo push message's `sound` (or `sound.name`) beside `to`, in an object of its fields
///   only: iOS, as Expo documents it;
/// - cordova-plugin-firebase-extended-notification's `data.notificationOptions.sound` when it is a
///   `res://raw/NAME` (Android's `R.raw.NAME`);
/// - awesome_notifications_fcm's `data.content.customSound` (`data.Android.content`,
///   `data.iOS.content` for one platform) when it is a `resource://raw/NAME`.
///
/// Any other `sound` (a config's, a data message's `sound` key) is none: a data file is no call.
/// The files that other readers own (`app.json`, Expo's config) or that hold no push body by
/// their ecosystem's convention (`package.json`, an asset catalog's `Contents.json`) are not read.
enum PushBodyDocument {
    /// The data files' extensions.
    static let extensions: Set<String> = ["json", "yaml", "yml"]

    /// Data files that are configs, never push bodies.
    static let configFiles: Set<String> = [
        "package.json", "package-lock.json", "app.json", "app.config.json", "Contents.json", "tsconfig.json", "jsconfig.json",
        "composer.json", "composer.lock", "pubspec.yaml", "pubspec.lock", "project.yml", "capacitor.config.json",
        "google-services.json", "firebase.json", ".eslintrc.json", "angular.json",
    ]

    /// A scalar of the document: the keys that lead to it (`[]` for an array's element), the
    /// objects along the way (ids, innermost last, the scalar's own object included), its text
    /// when it is a string, and its line.
    struct Scalar {
        let path: [String]
        let objects: [Int]
        let text: String?
        let line: Int
    }

    /// What a document holds: its scalars, and each object's keys.
    struct Document {
        var scalars: [Scalar] = []
        var keys: [Int: Set<String>] = [:]
    }

    /// The names the push bodies in `bytes`, the file `file`, ask for.
    static func uses(in bytes: ArraySlice<UInt8>, file: String) -> [SoundNameUse] {
        let ext = fileExtension(of: file)
        guard extensions.contains(ext), !configFiles.contains(fileName(of: file)), mayHoldPushBody(bytes) else { return [] }
        let document = ext == "json" ? json(bytes) : yaml(bytes)
        var uses: [SoundNameUse] = []
        for scalar in document.scalars {
            guard let name = scalar.text, !name.isEmpty, !SoundNameScanner.defaultSounds.contains(name),
                let (platform, foundBy) = request(scalar, in: document)
            else { continue }
            // awesome_notifications' `resource://raw/NAME` asks each platform for its own file.
            let prefix = foundBy == awesomeContentSound ? "customSound:" : foundBy
            for (asked, askedOf) in SoundNameScanner.requests(SoundNameScanner.pluginName(name), platform: platform, foundBy: prefix) {
                uses.append(
                    SoundNameUse(name: asked, file: file, line: scalar.line, platform: askedOf, foundBy: foundBy, isFromServer: true))
            }
        }
        return uses
    }

    /// The keys of the only scalars `request` can take for a push body's sound: `sound`, a
    /// critical sound's `name`, awesome_notifications_fcm's `customSound`.
    private static let soundKeyNames: Set<String> = ["sound", "name", "customSound"]

    /// The tokens every push body holds: a file without one is not parsed.
    private static let soundKeys = TokenSet(["\"sound\"", "sound:", "'sound'", "customSound"])

    /// What finds awesome_notifications_fcm's `data.content.customSound`: it ends with the
    /// library's key, as the cross-check's hint for it asks.
    static let awesomeContentSound = "awesome_notifications_fcm content customSound:"

    private static func mayHoldPushBody(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { soundKeys.containsAny($0) }
    }

    /// The platform a push body asks `scalar` of, and the field that asks it; nil when it is no push body's sound.
    static func request(_ scalar: Scalar, in document: Document) -> (SoundNameUse.Platform, String)? {
        var path = scalar.path
        var objects = scalar.objects
        // A critical sound's dictionary: `sound: { name: … }`.
        if path.last == "name", path.dropLast().last == "sound" {
            path.removeLast()
            objects.removeLast()
        }
        // awesome_notifications_fcm: `data.content.customSound`, or `data.Android.content` and
        // `data.iOS.content` for one platform (its README, "Sending Push Notifications").
        if path.last == "customSound", path.dropLast().last == "content", scalar.text?.hasPrefix("resource://") == true {
            let platform = path.contains("Android") ? SoundNameUse.Platform.android : path.contains("iOS") ? .ios : .crossPlatform
            return (platform, awesomeContentSound)
        }
        guard path.last == "sound" else { return nil }
        let parent = path.dropLast().last
        let grandparent = path.dropLast(2).last
        if parent == "aps" { return (.ios, "aps.sound") }
        if parent == "notification", grandparent == "android" { return (.android, "android.notification.sound") }
        // The object that holds the sound, and the one above it.
        let owner = objects.last.flatMap { document.keys[$0] } ?? []
        let above = objects.dropLast().last.flatMap { document.keys[$0] } ?? []
        if parent == "notification", !above.isDisjoint(with: ["to", "registration_ids", "condition"]) {
            return (.crossPlatform, "notification.sound (legacy FCM)")
        }
        if owner.contains("to"), owner.isSubset(of: expoMessageKeys) { return (.ios, "an Expo push message's sound") }
        // cordova-plugin-firebase-extended-notification's data message: `res://raw/NAME` is R.raw.NAME.
        if parent == "notificationOptions", scalar.text?.hasPrefix("res://") == true {
            return (.android, "notificationOptions.sound")
        }
        return nil
    }

    /// An Expo push message's fields, as Expo's message request format lists them: an object
    /// with `to` and no other key is one (a table of names that holds a `to` is not).
    static let expoMessageKeys: Set<String> = [
        "to", "data", "title", "body", "ttl", "expiration", "priority", "subtitle", "sound", "badge", "interruptionLevel",
        "channelId", "icon", "richContent", "categoryId", "mutableContent", "_contentAvailable",
    ]

    /// A JSON document's scalars whose key is one of `soundKeyNames` (the only ones `request` can take),
    /// and every object's keys; its strings read by `CodeLexer`.
    static func json(_ bytes: ArraySlice<UInt8>) -> Document {
        let lexer = CodeLexer(bytes, language: .json)
        lexer.lexAll()
        var document = Document()
        // The open containers: the key that leads to each, its object id (nil for an array).
        var stack: [(key: String, object: Int?)] = []
        var pendingKey: String?
        var expectsKey = false
        var nextObject = 0
        var line = 1
        var index = bytes.startIndex
        var spanIndex = 0
        func path(_ last: String) -> [String] { stack.dropFirst().map(\.key) + [last] }
        func objects() -> [Int] { stack.compactMap(\.object) }
        while index < bytes.endIndex {
            if spanIndex < lexer.spans.count, lexer.spans[spanIndex].start == index {
                let span = lexer.spans[spanIndex]
                spanIndex += 1
                let end = min(span.end, bytes.endIndex)
                let text = { String(decoding: bytes[(index + 1)..<max(index + 1, end - 1)], as: UTF8.self) }
                if expectsKey, let object = stack.last?.object {
                    let key = text()
                    pendingKey = key
                    document.keys[object, default: []].insert(key)
                    expectsKey = false
                } else {
                    // Only a `sound`, a critical sound's `name` or a `customSound` can be a push body's
                    // (`request`): a large data file (a million-byte emoji table) costs no path for each
                    // of its strings.
                    if let key = pendingKey, Self.soundKeyNames.contains(key) {
                        document.scalars.append(Scalar(path: path(key), objects: objects(), text: text(), line: line))
                    }
                    pendingKey = nil
                }
                line += bytes[index..<end].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                index = end
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                stack.append((pendingKey ?? "[]", nextObject))
                nextObject += 1
                (pendingKey, expectsKey) = (nil, true)
            case UInt8(ascii: "["):
                stack.append((pendingKey ?? "[]", nil))
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                pendingKey = nil
            case UInt8(ascii: ","):
                expectsKey = stack.last?.object != nil
                pendingKey = nil
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
            index += 1
        }
        return document
    }

    /// A YAML document's scalars, read by the block structure of its lines (`key: value`,
    /// `key:` opening a mapping, `- ` opening a list's element), its strings and comments by
    /// `CodeLexer`. Flow collections (`{ … }`) are not read.
    static func yaml(_ bytes: ArraySlice<UInt8>) -> Document {
        let lexer = CodeLexer(bytes, language: .yaml)
        var document = Document()
        // The open mappings: the indentation of their keys, the key that leads to each, its id.
        var stack: [(indent: Int, key: String, object: Int)] = [(-1, "", 0)]
        var nextObject = 1
        var lineStart = bytes.startIndex
        var number = 0
        while lineStart < bytes.endIndex {
            number += 1
            var lineEnd = lineStart
            while lineEnd < bytes.endIndex, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            // The line without its comment, and where its content starts.
            var end = lineEnd
            if let comment = (lineStart..<lineEnd).first(where: { lexer.span(around: $0)?.kind == .lineComment }) { end = comment }
            var start = lineStart
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            while end > start, CallContext.isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { continue }
            if bytes[start...].starts(with: "---".utf8) {
                stack = [(-1, "", 0)]
                continue
            }
            var indent = start - lineStart
            // A list's element: a mapping of its own, its keys further in.
            var opensElement = false
            while start < end, bytes[start] == UInt8(ascii: "-"), start + 1 == end || bytes[start + 1] == UInt8(ascii: " ") {
                start = min(end, start + 2)
                while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
                opensElement = true
            }
            while let last = stack.last, last.indent >= indent, stack.count > 1 { stack.removeLast() }
            if opensElement {
                stack.append((indent, "[]", nextObject))
                nextObject += 1
                indent = start - lineStart
            }
            guard start < end, let colon = keyEnd(in: bytes, from: start, to: end, lexer: lexer) else { continue }
            let key = unquoted(start..<colon, lexer: lexer)
            let object = stack[stack.count - 1].object
            document.keys[object, default: []].insert(key)
            var valueStart = colon + 1
            while valueStart < end, bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
            let path = stack.dropFirst().map(\.key) + [key]
            if valueStart >= end {
                stack.append((indent, key, nextObject))
                nextObject += 1
                continue
            }
            // A flow collection (`{ … }`, `[ … ]`) or a block scalar (`|`, `>`) is no name.
            let value = bytes[valueStart..<end]
            let text = "{[|>".utf8.contains(value[value.startIndex]) ? nil : unquoted(valueStart..<end, lexer: lexer)
            document.scalars.append(Scalar(path: path, objects: stack.map(\.object), text: text, line: number))
        }
        return document
    }

    /// Where a block mapping's key that starts at `start` ends: its `:` followed by a space or the
    /// line's end, outside quotes.
    private static func keyEnd(in bytes: ArraySlice<UInt8>, from start: Int, to end: Int, lexer: CodeLexer) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == UInt8(ascii: " "), lexer.isCode(at: index) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// A plain scalar's text, or a quoted one's between its quotes (escapes as written), when the
    /// string literal `CodeLexer` found at its start is all of it.
    private static func unquoted(_ range: Range<Int>, lexer: CodeLexer) -> String {
        lexer.textOfLiteral(filling: range) ?? String(decoding: lexer.bytes[range], as: UTF8.self)
    }
}
