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
        let tokens = ScriptTokens(bytes, language: .javaScript).all
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

/// The tokens of a config written as code (an Expo `app.config.js` in JavaScript or TypeScript, a
/// Tuist manifest in Swift), as far as reading a literal takes: string literals, the brackets and
/// the punctuation between values, and words for everything else. `CodeLexer` tells strings,
/// comments and JavaScript's regular expressions from code in the file's language; comments and
/// white space are dropped. A literal that holds code (a template's `${…}`, Swift's `\(…)`) or
/// that its line cut off is a word, as are a regular expression and Swift's back-quoted
/// identifier, so that nothing computed reads as a value.
struct ScriptTokens {
    enum Token: Equatable {
        case string(String)
        case punctuation(String)
        case word(String)
    }

    /// Every token, in order.
    let all: [Token]

    /// The tokens of `bytes`, a file in `language`.
    init(_ bytes: [UInt8], language: CodeLanguage) {
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        var tokens: [Token] = []
        var index = 0
        for span in lexer.spans where span.start >= index {
            tokens += Self.codeTokens(bytes[index..<span.start])
            index = min(span.end, bytes.count)
            switch span.kind {
            case .lineComment, .blockComment: continue
            case .regularExpression:
                tokens.append(.word(String(decoding: bytes[span.start..<index], as: UTF8.self)))
                continue
            case .string: break
            }
            guard let literal = lexer.literal(at: span.start) else { continue }
            index = min(literal.end, bytes.count)
            let isIdentifier = language == .swift && bytes[literal.start] == UInt8(ascii: "`")
            if !isIdentifier, let value = lexer.value(of: literal) {
                tokens.append(.string(value))
            } else {
                let textStart = min(literal.textStart, index)
                let text = bytes[textStart..<max(textStart, min(literal.textEnd, index))]
                tokens.append(.word(String(decoding: text, as: UTF8.self)))
            }
        }
        tokens += Self.codeTokens(bytes[index...])
        all = tokens
    }

    /// The tokens of `code`, which holds no string, comment or regular expression: words, `...`,
    /// and one punctuation token for every other byte that is not white space.
    private static func codeTokens(_ code: ArraySlice<UInt8>) -> [Token] {
        var tokens: [Token] = []
        var index = code.startIndex
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x24
        }
        while index < code.endIndex {
            let byte = code[index]
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x20:
                index += 1
            case UInt8(ascii: "."):
                let isSpread = index + 2 < code.endIndex && code[index + 1] == byte && code[index + 2] == byte
                tokens.append(.punctuation(isSpread ? "..." : "."))
                index += isSpread ? 3 : 1
            case _ where isWordByte(byte):
                let start = index
                while index < code.endIndex, isWordByte(code[index]) { index += 1 }
                tokens.append(.word(String(decoding: code[start..<index], as: UTF8.self)))
            default:
                tokens.append(.punctuation(String(UnicodeScalar(byte))))
                index += 1
            }
        }
        return tokens
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
