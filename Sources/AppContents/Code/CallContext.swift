/// What surrounds a generic key (`sound:`) in source code: the calls and object keys it sits in,
/// read backwards from the key through the brackets that enclose it, and the platform tests
/// (`if (Platform.OS === 'android') {`) of the blocks around it. The API it sits in decides the
/// platform the name is asked of, and whether the name is certain (`CallContext.Decision`).
///
/// One backward pass over at most `reach` bytes of code: `CodeLexer` tells where the strings and
/// comments on the way lie, and they are skipped whole, brackets and quotes they hold too.
enum CallContext {
    /// How far back the enclosing calls are looked for.
    static let reach = 8_192

    /// What encloses a key: the platform its API serves, whether an API (or a push body's platform
    /// field) was found at all, and the platform an `if` around it tests.
    struct Decision: Equatable {
        /// The platform the enclosing API serves: nil when no API is known.
        var api: SoundNameUse.Platform?
        /// The API's or the key's name, as the code spells it (`setNotificationChannelAsync`, `aps`).
        var apiName: String?
        /// The platform the innermost platform test around the key selects.
        var guarded: SoundNameUse.Platform?
        /// The label of the object or call right around the key (`data` for `data: { sound }`).
        var innermostLabel: String?

        /// The platform the key asks: the API's when it serves one platform, else the test's,
        /// else both.
        var platform: SoundNameUse.Platform {
            if let api, api != .crossPlatform { return api }
            return guarded ?? .crossPlatform
        }
    }

    /// The calls and keys a sound key can sit in (`NotificationLibrary.CallKind.enclosing` and
    /// `.legacySend`), by language: each library's row of `NotificationLibrary.catalogue` says
    /// which languages its calls are looked up in, so a name that means another thing in another
    /// language (`Payload`, `Channel`, `android`) counts only where the library is written.
    /// Unqualified names are looked up by a label's last component, qualified ones
    /// (`LocalNotifications.schedule`, `Apnotic.Notification`) by its last two or three.
    /// C# (`.cSharp`) holds FirebaseAdmin's and dotAPNS' rows and the .NET apps' (Xamarin and
    /// .NET for iOS, Plugin.LocalNotification).
    static let apis: [CodeLanguage: [String: SoundNameUse.Platform]] = enclosingCalls(qualified: false)

    /// Calls known only with their object before them: `LocalNotifications.schedule` (Capacitor),
    /// `notification.local.schedule` (cordova-plugin-local-notification), `Parse.Push.send`.
    static let qualifiedAPIs: [CodeLanguage: [String: SoundNameUse.Platform]] = enclosingCalls(qualified: true)

    /// The enclosing calls of the catalogue's rows, by language: qualified ones or the others.
    private static func enclosingCalls(qualified: Bool) -> [CodeLanguage: [String: SoundNameUse.Platform]] {
        var byLanguage: [CodeLanguage: [String: SoundNameUse.Platform]] = [:]
        for library in NotificationLibrary.catalogue where library.isRead {
            for call in library.calls where call.kind == .enclosing || call.kind == .legacySend {
                guard call.name.contains(".") == qualified, !call.name.contains(" ") else { continue }
                for language in library.languages where byLanguage[language]?[call.name] == nil {
                    byLanguage[language, default: [:]][call.name] = call.platform
                }
            }
        }
        return byLanguage
    }

    /// The legacy FCM sends, whose payload's `notification.sound` plays on both platforms (iOS
    /// looks for a bundled file, Android for a `res/raw` resource): firebase-admin for Node's
    /// `sendToDevice`, `sendToTopic`, `sendToDeviceGroup`, `sendToCondition`
    /// (`NotificationMessagePayload.sound`), and the fcm gem's `send_notification`, `send_to_topic`,
    /// `send_to_topic_condition`, `send_with_notification_key`. Only a key of the payload's
    /// `notification` object is a sound; a payload kept in a variable counts where the variable
    /// is passed to one of them.
    static let legacyPayloadAPIs = Set(
        NotificationLibrary.catalogue.filter(\.isRead).flatMap(\.calls).filter { $0.kind == .legacySend }.map(\.name))

    /// The APIs and push-body keys of push senders, server code: a name one asks for asks every
    /// app of the repository (`SoundNameUse.isFromServer`).
    static let pushSenderAPIs = Set(NotificationLibrary.catalogue.filter(\.isRead).flatMap(\.calls).filter(\.isPushSender).map(\.name))

    /// The last component of a call that makes its object (`Aps.builder()`, `ApnsConfig::new()`,
    /// `Apnotic::Notification.new(…)`, `ApnMessage::create()`): the type before it is the API.
    static let factories: Set<String> = ["new", "builder", "newBuilder", "create", "fromArray", "init"]

    /// What encloses the byte at `position` (an absolute index) of the code `code` lexes.
    static func decision(in code: CodeLexer, at position: Int) -> Decision {
        let bytes = code.bytes
        var (decision, innermostObject, payload) = enclosing(position, in: code)
        // A legacy FCM payload kept in a variable, passed to a send later.
        if decision.api == nil, let payload {
            let passed = self.decision(ofObject: payload.name, after: payload.end, in: code)
            if let name = passed?.apiName, legacyPayloadAPIs.contains(name), payload.keyIsNotifications {
                (decision.api, decision.apiName) = (.crossPlatform, name)
            }
        }
        if decision.api == nil, let object = innermostObject, isExpoPushMessage(object, keyAt: position, in: bytes) {
            (decision.api, decision.apiName) = (.ios, "an Expo push message")
        }
        if decision.api == nil, let object = innermostObject, isLegacyFCMBody(notificationAt: object, in: code) {
            (decision.api, decision.apiName) = (.crossPlatform, legacyBodyKey)
        }
        // A channel's definition, passed to `createChannel` elsewhere (notifee's
        // `importance: AndroidImportance.HIGH` beside the key): Android's, still uncertain.
        if decision.api == nil, decision.guarded == nil, let object = innermostObject,
            ByteSearch.contains(Array(bytes[object..<min(bytes.endIndex, position + 400)]), Array("AndroidImportance".utf8))
        {
            decision.guarded = .android
        }
        return decision
    }

    /// An object literal assigned to a variable (`const payload = { notification: { … } }`): its
    /// name, where it ends, and whether the key sits right inside its `notification` object.
    struct AssignedPayload {
        let name: [UInt8]
        let end: Int
        let keyIsNotifications: Bool
    }

    /// What the brackets around `position` show, where the innermost object opens, and the object
    /// assigned to a variable that holds it.
    private static func enclosing(_ position: Int, in code: CodeLexer) -> (Decision, innermostObject: Int?, payload: AssignedPayload?) {
        let (bytes, language) = (code.bytes, code.language)
        var decision = Decision()
        let lowest = max(bytes.startIndex, position - reach)
        var depth = 0
        var index = position - 1
        var enclosers = 0
        var innermostObject: Int?
        var innermostLabel: String?
        var payload: AssignedPayload?
        var walk = code.backwards(from: position)
        while index >= lowest, enclosers < 16 {
            // A string or a comment on the way is skipped whole.
            index = walk.codePosition(atOrBefore: index)
            guard index >= lowest else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth += 1
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth > 0 {
                    depth -= 1
                } else {
                    enclosers += 1
                    if innermostObject == nil, byte == UInt8(ascii: "{") { innermostObject = index }
                    let label = self.label(before: index, in: code, lowest: lowest)
                    let isFirst = innermostLabel == nil
                    if isFirst {
                        innermostLabel = label
                        decision.innermostLabel = label
                    }
                    // A legacy send counts only its payload's `notification.sound` (or, where a
                    // variable holding the payload is passed, that argument).
                    if decision.api == nil, let (name, platform) = api(named: label, language: language),
                        !legacyPayloadAPIs.contains(name) || isFirst || innermostLabel == "notification"
                    {
                        decision.api = platform
                        decision.apiName = name
                    }
                    if payload == nil, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["),
                        let name = assignedName(before: index, in: bytes, lowest: lowest),
                        let end = code.matchingClose(of: index, before: index + reach)
                    {
                        payload = AssignedPayload(name: name, end: end, keyIsNotifications: innermostLabel == "notification" && !isFirst)
                    }
                    if decision.guarded == nil, byte == UInt8(ascii: "{") {
                        decision.guarded = guardedPlatform(ofBlockAt: index, in: code, lowest: lowest)
                    }
                    if decision.api != nil, decision.api != .crossPlatform || decision.guarded != nil {
                        return (decision, innermostObject, payload)
                    }
                }
            default:
                break
            }
            index -= 1
        }
        return (decision, innermostObject, payload)
    }

    /// The variable an object literal opened at `index` is assigned to (`payload = {`, `payload := {`,
    /// `$payload = [`), or nil.
    static func assignedName(before index: Int, in bytes: ArraySlice<UInt8>, lowest: Int) -> [UInt8]? {
        var end = index - 1
        while end >= lowest, isSpace(bytes[end]) { end -= 1 }
        guard end > lowest, bytes[end] == UInt8(ascii: "=") else { return nil }
        end -= 1
        if bytes[end] == UInt8(ascii: ":") { end -= 1 }
        guard end >= lowest, !"=!<>+-*/".utf8.contains(bytes[end]) else { return nil }
        while end >= lowest, isSpace(bytes[end]) { end -= 1 }
        var start = end
        while start >= lowest, isIdentifierByte(bytes[start]) { start -= 1 }
        guard start < end else { return nil }
        return Array(bytes[(start + 1)...end].drop { $0 == UInt8(ascii: "$") })
    }

    /// How far after an assignment to an object's `sound` the call it is passed to is looked for.
    static let assignmentReach = 2_048

    /// What decides an object's `sound` set by assignment at `position` (`content.sound = …`,
    /// the `.` at `position`): the API the object is passed to later in the same stretch of code
    /// (`scheduleNotificationAsync({ content: content })`, `notify(content)`), with the platform
    /// test around the assignment (`around`, its own decision) kept.
    static func decision(ofObjectAssignedAt position: Int, in code: CodeLexer, around: Decision) -> Decision {
        let bytes = code.bytes
        var end = position - 1
        while end >= bytes.startIndex, isIdentifierByte(bytes[end]) { end -= 1 }
        let object = Array(bytes[(end + 1)..<position])
        guard !object.isEmpty, object != Array("this".utf8) else { return around }
        guard let passed = decision(ofObject: object, after: position + 1, in: code) else { return around }
        var decided = around
        (decided.api, decided.apiName) = (passed.api, passed.apiName)
        return decided
    }

    /// The decision where the variable `object` is first passed to a known API after `after`: as an
    /// argument or an object's value (`(content`, `, content`, `content: content`), in code.
    static func decision(ofObject object: [UInt8], after: Int, in code: CodeLexer) -> Decision? {
        let bytes = code.bytes
        guard after < bytes.endIndex, !object.isEmpty else { return nil }
        let window = Array(bytes[after..<min(bytes.endIndex, after + assignmentReach)])
        for offset in ByteSearch.positions(of: object, in: window) {
            let at = after + offset
            let next = at + object.count
            // PHP's `$payload` and Ruby's `@payload` are the variable too.
            var previous = at - 1
            if bytes[previous] == UInt8(ascii: "$") || bytes[previous] == UInt8(ascii: "@") { previous -= 1 }
            guard previous >= bytes.startIndex, !isIdentifierByte(bytes[previous]), bytes[previous] != UInt8(ascii: "."),
                next >= bytes.endIndex || !isIdentifierByte(bytes[next]) && bytes[next] != UInt8(ascii: ".")
            else { continue }
            while previous > bytes.startIndex, isSpace(bytes[previous]) { previous -= 1 }
            guard "(,:".utf8.contains(bytes[previous]), code.isCode(at: at) else { continue }
            let passed = decision(in: code, at: at)
            if passed.api != nil { return passed }
        }
        return nil
    }

    /// The name a raw legacy FCM body's sound is found by: the FCM legacy row's body key.
    static let legacyBodyKey = "notification.sound"

    /// True when the object opened at `object` is the `notification` of a raw legacy FCM body that
    /// the file posts itself: its label is `notification`, the object around it has a
    /// `registration_ids` or `to` key, and the file names the legacy endpoint (`/fcm/send`). Its
    /// `sound` plays on both platforms, as Firebase's legacy HTTP reference documents it.
    static func isLegacyFCMBody(notificationAt object: Int, in code: CodeLexer) -> Bool {
        let bytes = code.bytes
        let lowest = max(bytes.startIndex, object - reach)
        guard label(before: object, in: code, lowest: lowest) == "notification",
            bytes.withUnsafeBytes({ ByteSearch.contains($0, Array("/fcm/send".utf8)) })
        else { return false }
        let (_, parent, _) = enclosing(object, in: code)
        guard let parent, let end = code.matchingClose(of: parent, before: min(bytes.endIndex, parent + reach)) else { return false }
        let body = Array(bytes[parent..<end])
        for key in ["registration_ids", "to"] {
            for offset in ByteSearch.positions(of: Array(key.utf8), in: body) {
                let at = parent + offset
                let after = at + key.utf8.count
                guard at > bytes.startIndex, !isIdentifierByte(bytes[at - 1]), after < end, !isIdentifierByte(bytes[after]) else {
                    continue
                }
                // A key: `to:`, `"to":`, `'to' =>`, `to=` (Python's keyword), quoted or not.
                var next = after
                if bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "'") { next += 1 }
                while next < end, isSpace(bytes[next]) { next += 1 }
                if next < end, bytes[next] == UInt8(ascii: ":") || bytes[next] == UInt8(ascii: "=") { return true }
            }
        }
        return false
    }

    /// What shows a file sends Expo push messages: expo-server-sdk and its calls, Expo's push API.
    static let expoPushMarkers = [
        "expo-server-sdk", "ExpoPushMessage", "sendPushNotificationsAsync", "isExpoPushToken", "exp.host/--/api/v2/push",
    ]
    .map { Array($0.utf8) }

    /// True when the object opened at `object` is an Expo push message (a `to:` key in a file
    /// that sends them): its `sound` is iOS's alone, as Expo's push API documents it (Android
    /// plays the channel's sound).
    static func isExpoPushMessage(_ object: Int, keyAt position: Int, in bytes: ArraySlice<UInt8>) -> Bool {
        let window = bytes[object..<min(bytes.endIndex, position + 400)]
        let to = Array("to:".utf8)
        let hasTo = ByteSearch.positions(of: to, in: Array(window)).contains { offset in
            offset == 0 || !isIdentifierByte(window[window.startIndex + offset - 1])
        }
        guard hasTo else { return false }
        return bytes.withUnsafeBytes { all in expoPushMarkers.contains { ByteSearch.contains(all, $0) } }
    }

    /// The API a label names in code of `language`: by its last component, or by its last two or
    /// three for the calls known only with their object.
    /// `::`, `->` and `\\` separate a name's components as `.` does (Ruby, PHP), and a factory's
    /// name (`Aps.builder`, `Apnotic::Notification.new`) stands for its type's.
    static func api(named label: String, language: CodeLanguage = .javaScript) -> (String, SoundNameUse.Platform)? {
        guard !label.isEmpty else { return nil }
        var components = label.replacing("::", with: ".").replacing("->", with: ".").replacing("\\", with: ".")
            .split(separator: ".").map { $0.drop { $0 == "$" || $0 == "@" } }
        if components.count > 1, let last = components.last, factories.contains(String(last)) { components.removeLast() }
        for count in [3, 2] where components.count >= count {
            let qualified = components.suffix(count).joined(separator: ".")
            if let platform = qualifiedAPIs[language]?[qualified] { return (qualified, platform) }
        }
        guard let last = components.last.map(String.init) else { return nil }
        if let platform = apis[language]?[last] { return (last, platform) }
        return nil
    }

    /// The name written before the bracket at `index`: a call's (dotted) name, or an object key
    /// (`android: {`, `"aps": {`); empty when there is none (an argument list's `{`).
    static func label(before index: Int, in code: CodeLexer, lowest: Int) -> String {
        let bytes = code.bytes
        var end = index - 1
        while end >= lowest, isSpace(bytes[end]) { end -= 1 }
        guard end >= lowest else { return "" }
        // A Go map literal's type between the key and its brace: `"aps": map[string]any{`.
        if let mapStart = goMapTypeStart(endingAt: end, in: bytes, lowest: lowest) {
            var colon = mapStart - 1
            while colon >= lowest, isSpace(bytes[colon]) { colon -= 1 }
            if colon >= lowest, bytes[colon] == UInt8(ascii: ":") { end = colon }
        }
        if bytes[end] == UInt8(ascii: ":") || bytes[end] == UInt8(ascii: "=") {
            // `key: {` or `key = {`, not `=> {`, `== {`, `?: {`.
            if bytes[end] == UInt8(ascii: "="), end > lowest, "=!<>+-*/".utf8.contains(bytes[end - 1]) { return "" }
            end -= 1
            while end >= lowest, isSpace(bytes[end]) { end -= 1 }
            guard end >= lowest else { return "" }
            // An array type's brackets (`const list: LocalNotificationSchema[] = [`).
            if bytes[end] == UInt8(ascii: "]"), end - 1 >= lowest, bytes[end - 1] == UInt8(ascii: "[") {
                end -= 2
                guard end >= lowest else { return "" }
            }
            // A quoted key: the literal's text (`"aps": {`).
            if let key = code.literal(endingAt: end) { return code.text(of: key) ?? "" }
        }
        // A PHP or Ruby array's or hash's key: `'aps' => [`, `"aps" => {`, `:aps => {`.
        if bytes[end] == UInt8(ascii: ">"), end > lowest, bytes[end - 1] == UInt8(ascii: "="),
            let key = arrowKey(before: end - 1, in: code, lowest: lowest)
        {
            return key
        }
        // An arrow function's body: its declared return type names what it builds
        // (`(): LocalNotificationSchema => {`).
        if bytes[end] == UInt8(ascii: ">"), end > lowest, bytes[end - 1] == UInt8(ascii: "=") {
            let (type, typeStart) = word(before: end - 1, in: bytes, lowest: lowest)
            var colon = typeStart - 1
            while colon >= lowest, isSpace(bytes[colon]) { colon -= 1 }
            return !type.isEmpty && colon >= lowest && bytes[colon] == UInt8(ascii: ":") ? type : ""
        }
        // Generic arguments between the name and its bracket (`Foo<Bar>(`) are skipped.
        if bytes[end] == UInt8(ascii: ">") {
            var start = end - 1
            while start >= lowest, bytes[start] != UInt8(ascii: "<"), bytes[start] != UInt8(ascii: "\n") { start -= 1 }
            guard start >= lowest, bytes[start] == UInt8(ascii: "<") else { return "" }
            end = start - 1
        }
        // A C# object initializer after empty parentheses: `new Aps() {`.
        if end > lowest, bytes[end] == UInt8(ascii: ")"), bytes[end - 1] == UInt8(ascii: "(") {
            end -= 2
            while end >= lowest, isSpace(bytes[end]) { end -= 1 }
            guard end >= lowest else { return "" }
        }
        let start = nameStart(endingAt: end, in: bytes, lowest: lowest)
        guard start <= end else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// Where the Go map type that ends at `end` starts (`map[string]any`, `map[string]interface{}`),
    /// or nil when none does.
    static func goMapTypeStart(endingAt end: Int, in bytes: ArraySlice<UInt8>, lowest: Int) -> Int? {
        var start = end
        while start >= lowest, isIdentifierByte(bytes[start]) || "[]{}.*".utf8.contains(bytes[start]) { start -= 1 }
        start += 1
        guard start <= end, bytes[start...].starts(with: "map[".utf8) else { return nil }
        return start
    }

    /// Where the qualified name that ends at `end` starts: identifiers joined by `.`, `::`, `->`
    /// or `\\` (a PHP namespace).
    static func nameStart(endingAt end: Int, in bytes: ArraySlice<UInt8>, lowest: Int) -> Int {
        var start = end
        while start >= lowest {
            let byte = bytes[start]
            if isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "\\") {
                start -= 1
            } else if start > lowest,
                byte == UInt8(ascii: ":") && bytes[start - 1] == UInt8(ascii: ":")
                    || byte == UInt8(ascii: ">") && bytes[start - 1] == UInt8(ascii: "-")
            {
                start -= 2
            } else {
                break
            }
        }
        return start + 1
    }

    /// The key before a `=>` whose `=` is at `arrow`: a quoted string or a Ruby symbol.
    private static func arrowKey(before arrow: Int, in code: CodeLexer, lowest: Int) -> String? {
        let bytes = code.bytes
        var end = arrow - 1
        while end >= lowest, isSpace(bytes[end]) { end -= 1 }
        guard end > lowest else { return nil }
        if let key = code.literal(endingAt: end) { return code.text(of: key) }
        var start = end
        while start >= lowest, isIdentifierByte(bytes[start]) { start -= 1 }
        guard start < end, start >= lowest, bytes[start] == UInt8(ascii: ":") else { return nil }
        return String(decoding: bytes[(start + 1)...end], as: UTF8.self)
    }

    /// The platform an `if` selects for the block whose `{` is at `index`: `if (Platform.OS ===
    /// 'android') {` gives Android; its `else {` the other one.
    static func guardedPlatform(ofBlockAt index: Int, in code: CodeLexer, lowest: Int) -> SoundNameUse.Platform? {
        let bytes = code.bytes
        var end = index - 1
        while end >= lowest, isSpace(bytes[end]) { end -= 1 }
        guard end >= lowest else { return nil }
        if bytes[end] == UInt8(ascii: ")") {
            guard let (condition, open) = parenthesized(endingAt: end, in: code, lowest: lowest),
                word(before: open, in: bytes, lowest: lowest).word == "if"
            else { return nil }
            return PlatformTest.platforms(testedBy: condition).whenTrue
        }
        // `} else {`: the test of the `if` block before it, turned around.
        let (word, wordStart) = word(before: end + 1, in: bytes, lowest: lowest)
        guard word == "else" else { return nil }
        var close = wordStart - 1
        while close >= lowest, isSpace(bytes[close]) { close -= 1 }
        guard close >= lowest, bytes[close] == UInt8(ascii: "}"), let open = code.matchingOpen(of: close, notBefore: lowest) else {
            return nil
        }
        var testEnd = open - 1
        while testEnd >= lowest, isSpace(bytes[testEnd]) { testEnd -= 1 }
        guard testEnd >= lowest, bytes[testEnd] == UInt8(ascii: ")"),
            let (condition, parenthesis) = parenthesized(endingAt: testEnd, in: code, lowest: lowest),
            Self.word(before: parenthesis, in: bytes, lowest: lowest).word == "if"
        else { return nil }
        return PlatformTest.platforms(testedBy: condition).whenFalse
    }

    /// The text inside the parentheses that close at `close`, and where they open.
    static func parenthesized(endingAt close: Int, in code: CodeLexer, lowest: Int) -> (String, Int)? {
        guard let open = code.matchingOpen(of: close, notBefore: lowest) else { return nil }
        return (String(decoding: code.bytes[(open + 1)..<close], as: UTF8.self), open)
    }

    /// The identifier that ends right before `end` (spaces skipped), and where it starts.
    static func word(before end: Int, in bytes: ArraySlice<UInt8>, lowest: Int) -> (word: String, start: Int) {
        var last = end - 1
        while last >= lowest, isSpace(bytes[last]) { last -= 1 }
        var start = last
        while start >= lowest, isIdentifierByte(bytes[start]) { start -= 1 }
        guard start < last else { return ("", end) }
        return (String(decoding: bytes[(start + 1)...last], as: UTF8.self), start + 1)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}

/// Whether a condition tests the platform the code runs on, and which one it selects when true
/// and when false: `Platform.OS === 'ios'` (React Native), `Platform.isAndroid` (Dart),
/// `defaultTargetPlatform == TargetPlatform.iOS` (Flutter), `device.platform == 'Android'`
/// (Cordova), `Capacitor.getPlatform() === 'ios'`; `!==`, `!=` and a leading `!` turn it around.
/// `enabled && Platform.OS === 'ios'` holds only on iOS, but may fail on both. A condition that
/// names both platforms, or may hold on both (`||`), selects none.
enum PlatformTest {
    static func platforms(testedBy condition: String) -> (whenTrue: SoundNameUse.Platform?, whenFalse: SoundNameUse.Platform?) {
        let text = condition.trimmingSpaces
        guard text.contains("latform") || text.contains("isIOS") || text.contains("isAndroid"), !text.contains("||") else {
            return (nil, nil)
        }
        let lowered = text.lowercased()
        let namesIOS =
            lowered.contains("'ios'") || lowered.contains("\"ios\"") || lowered.contains("isios") || lowered.contains("platform.ios")
        let namesAndroid =
            lowered.contains("'android'") || lowered.contains("\"android\"") || lowered.contains("isandroid")
            || lowered.contains("platform.android")
        guard namesIOS != namesAndroid else { return (nil, nil) }
        let negated = text.contains("!=") || text.hasPrefix("!")
        let tested: SoundNameUse.Platform = namesIOS ? .ios : .android
        let other: SoundNameUse.Platform = namesIOS ? .android : .ios
        let (whenTrue, whenFalse) = negated ? (other, tested) : (tested, other)
        guard text.contains("&&") else { return (whenTrue, whenFalse) }
        return negated ? (nil, nil) : (whenTrue, nil)
    }
}

extension String {
    /// The text without spaces, tabs and newlines at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
