import SoundContainers

/// Where a repository's text names Android raw resources: code in any language, XML, JSON,
/// YAML, property lists and build files. Release shrinking keeps a raw resource only when Java or
/// Kotlin code references `R.raw.NAME` or a keep rule names it (`AndroidModule`); this search
/// tells the resources it removes apart: one the repository names elsewhere (a Dart string, a push
/// body, a URI built from a template) is asked for and will be missing, one nothing names may
/// only be a leftover.
///
/// A name counts where it is a whole word (no letter, digit or `_` touches it) and is written
/// as a name, not as code's own identifier: inside a string literal (as `CodeLexer` reads the
/// file's language: not in the code an interpolation holds), or in code after a `/` (a path or an
/// `android.resource://…/raw/NAME` URI), before a sound's extension (`chime.mp3`) or after
/// `R.raw.`; or anywhere in a data file (XML, JSON, YAML, a property list, a properties file). A
/// comment (`// was R.raw.chime`) and documentation (Markdown, plain text) name nothing.
public enum RawResourceMentions {
    /// Where a name is written.
    public struct Mention: Sendable, Equatable {
        /// The file, as the walk shows it.
        public let file: String
        /// The 1-based line.
        public let line: Int

        /// Creates a mention.
        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    /// The extensions of the files searched: the app code `SoundUsage` reads, other languages a
    /// push server is written in, build files, and data files.
    public static let textExtensions: Set<String> = SoundUsage.sourceExtensions.union([
        "mjs", "cjs", "vue", "svelte", "html", "py", "rb", "go", "php", "cs", "rs", "c", "h", "cc", "cpp", "scala", "groovy",
        "ex", "exs", "sh", "gradle", "kts",
    ]).union(dataExtensions)

    /// The data files, where every whole-word occurrence of a name counts.
    static let dataExtensions: Set<String> = ["xml", "json", "yaml", "yml", "plist", "properties", "toml"]

    /// The language whose strings and comments a searched file that `CodeLanguage` does not name
    /// is read by: the script of a web page or component, C and C++ as Objective-C, Rust and Scala
    /// as Kotlin (nested block comments), Elixir and shell scripts as Ruby (`#` comments, heredocs).
    /// Any other is read as JavaScript, whose three quotes all open strings.
    static let kindredLanguages: [String: CodeLanguage] = [
        "vue": .javaScript, "svelte": .javaScript, "html": .javaScript, "c": .objectiveC, "cc": .objectiveC, "cpp": .objectiveC,
        "rs": .kotlin, "scala": .kotlin, "ex": .ruby, "exs": .ruby, "sh": .ruby,
    ]

    /// The language `file` is read in, by its extension.
    static func language(of file: String) -> CodeLanguage {
        let ext = fileExtension(of: file)
        return CodeLanguage(fileExtension: ext) ?? kindredLanguages[ext] ?? .javaScript
    }

    /// The largest file searched (a generated or minified one names nothing).
    static let fileSizeLimit = 4 << 20

    /// The first place among `files` (in their order) that names each of `names`, where
    /// `counts(name, file)` is true: a name found nowhere has no entry. A file that cannot be read
    /// names nothing.
    public static func first(
        of names: Set<String>, in files: [String], where counts: (String, String) -> Bool = { _, _ in true }
    ) -> [String: Mention] {
        guard !names.isEmpty else { return [:] }
        let sorted = names.filter { !$0.isEmpty }.sorted()
        let tokens = TokenSet(sorted)
        var found: [String: Mention] = [:]
        var buffer: [UInt8] = []
        for file in files where found.count < sorted.count {
            guard let count = try? readWholeFile(atPath: file, limit: fileSizeLimit, into: &buffer) else { continue }
            for (name, line) in mentions(in: buffer[..<count], tokens: tokens, names: sorted, file: file)
            where found[name] == nil && counts(name, file) {
                found[name] = Mention(file: file, line: line)
            }
        }
        return found
    }

    /// Each name of `names` that `text`, the text of `file`, writes, with the line of its first mention.
    static func mentions(in text: String, of names: [String], file: String) -> [(name: String, line: Int)] {
        mentions(in: Array(text.utf8)[...], tokens: TokenSet(names), names: names, file: file)
    }

    private static func mentions(in bytes: ArraySlice<UInt8>, tokens: TokenSet, names: [String], file: String) -> [(
        name: String, line: Int
    )] {
        let isData = dataExtensions.contains(fileExtension(of: file))
        // Lexed only when a word needs it, and only as far as the word.
        var lexer: CodeLexer?
        func kind(at start: Int) -> CodeLexer.Kind? {
            let code = lexer ?? CodeLexer(bytes, language: language(of: file))
            lexer = code
            return code.span(around: bytes.startIndex + start)?.kind
        }
        return bytes.withUnsafeBytes { buffer in
            var result: [(name: String, line: Int)] = []
            var seen = Set<Int>()
            var line = 1
            var counted = 0
            for match in tokens.matches(in: buffer) where !seen.contains(match.token) {
                let start = match.position
                let end = start + tokens.tokens[match.token].count
                guard isWordEdge(buffer, start - 1), isWordEdge(buffer, end) else { continue }
                if !isData {
                    // A comment names nothing; a string, a path or a file name does.
                    let place = kind(at: start)
                    guard place == .string || place == nil && isWrittenAsName(buffer, start: start, end: end) else { continue }
                }
                for index in counted..<start where buffer[index] == UInt8(ascii: "\n") { line += 1 }
                counted = start
                seen.insert(match.token)
                result.append((names[match.token], line))
            }
            return result
        }
    }

    /// True when the byte at `index` is outside the text or is no letter, digit or `_`.
    private static func isWordEdge(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return true }
        let byte = bytes[index]
        return
            !(byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80)
    }

    /// True when the word at `start..<end` is written as a name by the bytes around it: after `/`
    /// or `R.raw.`, or before a sound's extension.
    private static func isWrittenAsName(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Bool {
        if start > 0, bytes[start - 1] == UInt8(ascii: "/") { return true }
        if start >= 6, String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start - 6)..<start]), as: UTF8.self) == "R.raw." {
            return true
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            var extensionEnd = end + 1
            while extensionEnd < bytes.count, !isWordEdge(bytes, extensionEnd), extensionEnd - end <= 8 { extensionEnd += 1 }
            let name = "x" + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[end..<extensionEnd]), as: UTF8.self)
            if SniffedFormat.isNamedLikeSound(name) { return true }
        }
        return false
    }
}
