import SoundContainers

/// An Expo config written in JavaScript or TypeScript (`app.config.js`, `.ts`, `.mjs`, `.cjs`),
/// read as text and never run: its `expo-notifications` plugin entry is read where it is written
/// out, `["expo-notifications", { sounds: ["./a.wav", …] }]`, the options an object literal and
/// `sounds` an array of string literals. A config that computes any of that (a variable, a call,
/// a spread, a template with `${…}`, the plugin named more than once) is not read: only Node can
/// say what it evaluates to.
enum ExpoConfigScript {
    /// The file names of an Expo config that Node evaluates.
    static let fileNames: Set<String> = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]

    /// The plugin's `sounds` as written in `bytes`; nil when the file does not spell them out as
    /// literals (or names the plugin without options, which its other plugins' spread may hold).
    static func pluginSounds(in bytes: [UInt8]) -> [String]? {
        let tokens = ScriptTokens(bytes).all
        let plugin = tokens.indices.filter { tokens[$0] == .string("expo-notifications") }
        guard plugin.count == 1, let at = plugin.first, at > 0, tokens[at - 1] == .punctuation("["), at + 2 < tokens.count,
            tokens[at + 1] == .punctuation(","), tokens[at + 2] == .punctuation("{")
        else { return nil }
        var depth = 0
        var index = at + 2
        var sounds: [String]? = nil
        while index < tokens.count {
            switch tokens[index] {
            case .punctuation("{"), .punctuation("["), .punctuation("("): depth += 1
            case .punctuation("}"), .punctuation("]"), .punctuation(")"):
                depth -= 1
                if depth == 0 { return sounds }
            case .punctuation("...") where depth == 1: return nil
            case .word("sounds"), .string("sounds"):
                guard depth == 1, index + 2 < tokens.count, tokens[index + 1] == .punctuation(":") else { break }
                guard tokens[index + 2] == .punctuation("["), let (listed, end) = stringArray(tokens, from: index + 3) else { return nil }
                sounds = listed
                index = end
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The string literals of an array whose elements start at `start`, and the index of its `]`;
    /// nil when an element is anything else.
    private static func stringArray(_ tokens: [ScriptTokens.Token], from start: Int) -> ([String], Int)? {
        var values: [String] = []
        var index = start
        while index < tokens.count {
            switch tokens[index] {
            case .punctuation("]"): return (values, index)
            case .string(let value):
                values.append(value)
                index += 1
                guard index < tokens.count else { return nil }
                if tokens[index] == .punctuation(",") { index += 1 } else if tokens[index] != .punctuation("]") { return nil }
            default: return nil
            }
        }
        return nil
    }
}

/// The tokens of JavaScript or TypeScript text, as far as reading a literal takes: string literals
/// (a template without `${` is one; with one it is a word, as is a string holding Swift's `\(…)`,
/// so that a Tuist manifest reads the same way), the brackets and the punctuation between values,
/// and words for everything else. Comments and white space are dropped.
struct ScriptTokens {
    enum Token: Equatable {
        case string(String)
        case punctuation(String)
        case word(String)
    }

    /// Every token, in order.
    let all: [Token]

    init(_ bytes: [UInt8]) {
        var tokens: [Token] = []
        var index = 0
        let slash = UInt8(ascii: "/")
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x24
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x20:
                index += 1
            case slash where index + 1 < bytes.count && bytes[index + 1] == slash:
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case slash where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == slash) { index += 1 }
                index += 2
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                var value: [UInt8] = []
                var computed = false
                index += 1
                while index < bytes.count, bytes[index] != byte {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        index += 1
                        if byte == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "(") { computed = true }
                    } else if byte == UInt8(ascii: "`"), bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count,
                        bytes[index + 1] == UInt8(ascii: "{")
                    {
                        computed = true
                    }
                    value.append(bytes[index])
                    index += 1
                }
                index += 1
                let text = String(decoding: value, as: UTF8.self)
                tokens.append(computed ? .word(text) : .string(text))
            case UInt8(ascii: "."):
                let isSpread = index + 2 < bytes.count && bytes[index + 1] == byte && bytes[index + 2] == byte
                tokens.append(.punctuation(isSpread ? "..." : "."))
                index += isSpread ? 3 : 1
            case _ where isWordByte(byte):
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                tokens.append(.word(String(decoding: bytes[start..<index], as: UTF8.self)))
            default:
                tokens.append(.punctuation(String(UnicodeScalar(byte))))
                index += 1
            }
        }
        all = tokens
    }
}

extension ExpoConfig {
    /// Reads the Expo config in JavaScript or TypeScript at `path` without running it: nil when
    /// it cannot be read, or does not spell out its `expo-notifications` sounds as literals
    /// (`ExpoConfigScript`).
    public static func readScript(_ path: String) -> ExpoConfig? {
        guard let bytes = try? readWholeFile(atPath: path, limit: 16 << 20) else { return nil }
        return ExpoConfig(script: bytes, path: path)
    }

    /// The config in JavaScript or TypeScript `bytes`, from `path`; nil when it does not spell out
    /// its `expo-notifications` sounds as literals.
    init?(script bytes: [UInt8], path: String) {
        guard let sounds = ExpoConfigScript.pluginSounds(in: bytes) else { return nil }
        self.path = path
        folder = parentFolder(of: path)
        usesNotificationsPlugin = true
        isExpoConfig = true
        self.sounds = sounds
    }

    /// True for a file name of an Expo config that Node evaluates (`app.config.js`, `.ts`, …).
    public static func isScript(named name: String) -> Bool {
        ExpoConfigScript.fileNames.contains(name)
    }
}
