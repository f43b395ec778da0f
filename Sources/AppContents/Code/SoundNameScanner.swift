import SoundContainers

/// A sound name written as a string literal where the code asks for a notification sound.
public struct SoundNameUse: Sendable, Equatable {
    /// The name, as the literal spells it.
    public let name: String
    /// The source file.
    public let file: String
    /// The 1-based line.
    public let line: Int
}

/// Finds the sound names that source code passes to the notification APIs as string literals.
/// Only literals are found: a name built at run time, read from a constant defined elsewhere or
/// from a server is not (the CLI's help and the README say so).
public enum SoundNameScanner {
    /// What comes right before the literal, per language.
    static let patterns: [String: [String]] = {
        let apple = [
            "UNNotificationSound(named:", "UNNotificationSoundName(rawValue:", "UNNotificationSoundName(", "soundNamed:",
            "criticalSoundNamed:", "criticalSoundNamed(",
        ]
        // expo-notifications content `sound:`, notifee `ios: { sound: }`, react-native-push-notification `soundName:`.
        let javaScript = ["sound:", "\"sound\":", "soundName:", "\"soundName\":"]
        var byExtension: [String: [String]] = [:]
        for ext in ["swift", "m", "mm", "h"] { byExtension[ext] = apple }
        for ext in ["js", "jsx", "ts", "tsx", "mjs", "cjs"] { byExtension[ext] = javaScript }
        // flutter_local_notifications: DarwinNotificationDetails(sound: '…') (IOSNotificationDetails before v10).
        byExtension["dart"] = ["sound:"]
        return byExtension
    }()

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
            guard let patterns = patterns[fileExtension(of: file)],
                let bytes = try? readWholeFile(atPath: file, limit: 8 << 20)
            else { return [] }
            return uses(in: bytes, patterns: patterns, file: file)
        }
    }

    /// The uses in one file's bytes.
    static func uses(in bytes: [UInt8], patterns: [String], file: String) -> [SoundNameUse] {
        var found: [SoundNameUse] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for pattern in patterns {
                var searchFrom = line.startIndex
                while let range = line[searchFrom...].firstRange(of: pattern) {
                    searchFrom = range.upperBound
                    // `sound:` must not be the end of a longer key (`soundName:`, `playSound:`).
                    if range.lowerBound > line.startIndex, pattern.first?.isLetter == true,
                        line[line.index(before: range.lowerBound)].isLetter
                    {
                        continue
                    }
                    if let name = literal(after: line[range.upperBound...]) {
                        found.append(SoundNameUse(name: name, file: file, line: index + 1))
                    }
                }
            }
        }
        // A line matched by two patterns (`UNNotificationSoundName(rawValue:` and `UNNotificationSoundName(`) counts once.
        var seen = Set<String>()
        return found.filter { seen.insert("\($0.line)\u{0}\($0.name)").inserted }
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
