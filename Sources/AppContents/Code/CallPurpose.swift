/// What the call that names a sound is for, read from the statement the name is in: a
/// notification API (`UNNotificationSound`, a channel, flutter_local_notifications, expo, notifee)
/// makes it a notification sound, a player or a bundle lookup (`AVAudioPlayer`,
/// `path(forResource:ofType:)`, `MediaPlayer`, `SoundPool`, audioplayers, expo-av) the app's own
/// sound. When the statement shows neither, its file decides (`SoundUsage`).
enum CallPurpose {
    /// What one statement shows.
    enum Shown: Equatable {
        case notification
        case app
    }

    /// The notification APIs' tokens, found in a statement.
    static let notificationCalls = TokenSet(SoundUsage.notificationTokens)
    /// The players' and bundle lookups' tokens, found in a statement.
    static let playerCalls = TokenSet(SoundUsage.playbackTokens)

    /// How many lines before a name's own are read for its statement.
    static let statementLines = 4

    /// What the statement holding the line that starts at `lineStart` (and ends before `lineEnd`)
    /// in `bytes` shows: a notification API wins over a player, since a notification's options
    /// may say `playSound`.
    static func shown(in bytes: ArraySlice<UInt8>, lineStart: Int, lineEnd: Int) -> Shown? {
        let start = statementStart(in: bytes, lineStart: lineStart)
        return bytes[start..<lineEnd].withUnsafeBytes { statement in
            if notificationCalls.containsAny(statement) { return .notification }
            if playerCalls.containsAny(statement) { return .app }
            return nil
        }
    }

    /// How many lines after a variable's assignment are read for the call it is passed to.
    static let passingLines = 6

    /// What the first of the `passingLines` lines after `lineEnd` in `bytes` that uses the
    /// variable `name` (as a whole word) shows, with its statement (`shown(in:lineStart:lineEnd:)`):
    /// `const tone = 'calls_' + v` followed by `startRingtone(tone, 0)` is the app's own playback.
    static func shown(passing name: String, in bytes: ArraySlice<UInt8>, after lineEnd: Int) -> Shown? {
        let word = Array(name.utf8)
        var start = lineEnd + 1
        for _ in 0..<passingLines {
            guard start < bytes.endIndex else { return nil }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = bytes[start..<end]
            let uses = ByteSearch.positions(of: word, in: Array(line)).contains { offset in
                let before = offset > 0 ? line[line.startIndex + offset - 1] : UInt8(ascii: " ")
                let afterIndex = line.startIndex + offset + word.count
                let after = afterIndex < line.endIndex ? line[afterIndex] : UInt8(ascii: " ")
                return !CallContext.isIdentifierByte(before) && before != UInt8(ascii: ".") && !CallContext.isIdentifierByte(after)
            }
            if uses, let found = shown(in: bytes, lineStart: start, lineEnd: end) { return found }
            start = end + 1
        }
        return nil
    }

    /// Where the statement holding the line at `lineStart` begins: earlier lines count while one
    /// ends with what carries an expression on (`(`, `,`, `[`, `=`, `+`, `?`, `:`, or a `{` that
    /// opens an argument or a value) or the next begins with `.`, `)`, `?` or `:`; at most
    /// `statementLines` of them.
    static func statementStart(in bytes: ArraySlice<UInt8>, lineStart: Int) -> Int {
        var start = lineStart
        for _ in 0..<statementLines {
            guard start > bytes.startIndex else { break }
            let previousEnd = start - 1  // the newline
            var previousStart = previousEnd
            while previousStart > bytes.startIndex, bytes[previousStart - 1] != UInt8(ascii: "\n") { previousStart -= 1 }
            let previous = LiteralBranches.trimmed(bytes[previousStart..<previousEnd])
            let current = LiteralBranches.trimmed(bytes[start..<min(bytes.endIndex, start + 256)])
            let startsContinued = current.first.map { ".)?:".utf8.contains($0) } == true
            guard let last = previous.last else { break }
            var endsOpen = "(,[=+?:".utf8.contains(last)
            if last == UInt8(ascii: "{"), let before = LiteralBranches.trimmed(previous.dropLast()).last {
                endsOpen = "(,:=[".utf8.contains(before)
            }
            guard endsOpen || startsContinued else { break }
            start = previousStart
        }
        return start
    }
}
