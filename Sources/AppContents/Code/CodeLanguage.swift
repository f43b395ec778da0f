/// A language whose code soundcheck reads, with the lexical rules `CodeLexer` needs to tell code
/// from strings and comments: which comments it has, which string literals, which of them span
/// lines, escape with a backslash or hold code (`${…}`, `\(…)`, `#{…}`, `{…}`).
public enum CodeLanguage: String, Sendable, CaseIterable {
    /// Swift (`.swift`).
    case swift
    /// Objective-C (`.m`, `.mm`, `.h`).
    case objectiveC
    /// Kotlin (`.kt`, and `.kts` build files).
    case kotlin
    /// Java (`.java`).
    case java
    /// Groovy (`.gradle`, `.groovy`).
    case groovy
    /// Dart (`.dart`).
    case dart
    /// JavaScript and TypeScript, alike lexically.
    case javaScript
    /// Python (`.py`).
    case python
    /// Go (`.go`).
    case go
    /// Ruby (`.rb`).
    case ruby
    /// PHP (`.php`).
    case php
    /// C# (`.cs`).
    case cSharp
    /// YAML (`.yaml`, `.yml`).
    case yaml
    /// JSON (`.json`).
    case json

    /// The language of a file with the (lowercased) extension `ext`: `.gradle` is Groovy, `.kts`
    /// (a `.gradle.kts` build file) Kotlin, TypeScript JavaScript's lexically.
    public init?(fileExtension ext: String) {
        switch ext {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        case "kt", "kts": self = .kotlin
        case "java": self = .java
        case "gradle", "groovy": self = .groovy
        case "dart": self = .dart
        case "js", "jsx", "ts", "tsx", "mjs", "cjs": self = .javaScript
        case "py": self = .python
        case "go": self = .go
        case "rb": self = .ruby
        case "php": self = .php
        case "cs": self = .cSharp
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }

    /// `//` line comments and `/* … */` blocks.
    var hasSlashComments: Bool {
        switch self {
        case .python, .ruby, .yaml, .json: return false
        default: return true
        }
    }

    /// `#` line comments: Python, Ruby, PHP (not an attribute's `#[`), YAML (after a space or at a
    /// line's start).
    var hasHashComments: Bool {
        switch self {
        case .python, .ruby, .php, .yaml: return true
        default: return false
        }
    }

    /// Block comments nest: `/* /* */ */` is one comment in Swift, Kotlin and Dart.
    var nestsBlockComments: Bool {
        switch self {
        case .swift, .kotlin, .dart: return true
        default: return false
        }
    }

    /// Where a string literal's code opens and with what it closes: `${` … `}` (JavaScript's
    /// templates; Kotlin, Dart and Groovy strings), `{$` … `}` (PHP), `\(` … `)` (Swift), `#{` … `}` (Ruby);
    /// C#'s `$"…"` and Python's f-strings open with `{` (`StringForm.braceInterpolation`).
    var interpolation: (open: [UInt8], close: UInt8)? {
        switch self {
        case .javaScript, .kotlin, .dart, .groovy: return (Array("${".utf8), UInt8(ascii: "}"))
        case .php: return (Array("{$".utf8), UInt8(ascii: "}"))
        case .swift: return (Array("\\(".utf8), UInt8(ascii: ")"))
        case .ruby: return (Array("#{".utf8), UInt8(ascii: "}"))
        default: return nil
        }
    }

    /// A `$` before a name in an interpolating string reads the variable: Kotlin's, Groovy's,
    /// Dart's and PHP's `"$name"` (JavaScript's templates need `${`).
    var interpolatesDollarNames: Bool {
        switch self {
        case .kotlin, .groovy, .dart, .php: return true
        default: return false
        }
    }

    /// The string literal that a quote at `index` of `bytes` opens in code, or nil when the quote
    /// opens none (a JSON or YAML `` ` ``). `index` is a quote: `"`, `'` or `` ` ``. What precedes
    /// it may make it another form: Python's `r`/`b`/`f` prefixes, Dart's `r`, C#'s `@` and `$`.
    func stringForm(openedAt index: Int, in bytes: ArraySlice<UInt8>) -> StringForm? {
        let quote = bytes[index]
        let tripled = index + 2 < bytes.endIndex && bytes[index + 1] == quote && bytes[index + 2] == quote
        let backtick = UInt8(ascii: "`")
        var form = StringForm(quote: quote)
        switch self {
        case .swift:
            if quote == UInt8(ascii: "'") { return form }
            if quote == backtick { return form.plain() }  // an escaped identifier
            form.interpolation = interpolation
            if tripled { form = form.tripled(spansLines: true) }
        case .objectiveC, .java:
            if tripled && self == .java && quote == UInt8(ascii: "\"") { form = form.tripled(spansLines: true) }
            if quote == backtick { return form.plain() }
        case .kotlin:
            if quote == backtick { return form.plain() }  // an escaped identifier
            if quote == UInt8(ascii: "\"") {
                form.interpolation = interpolation
                // A raw string: no escapes.
                if tripled { form = form.tripled(spansLines: true).plain(keepingInterpolation: true) }
            }
        case .groovy:
            if quote == backtick { return form.plain() }
            if quote == UInt8(ascii: "\"") { form.interpolation = interpolation }
            if tripled { form = form.tripled(spansLines: true) }
        case .dart:
            if quote == backtick { return form.plain() }
            form.interpolation = interpolation
            if tripled { form = form.tripled(spansLines: true) }
            // `r'…'`: a raw string, no escapes, no interpolation.
            if Self.prefix(before: index, in: bytes).lowercased() == "r" { form = form.plain() }
        case .javaScript:
            if quote == backtick {
                form.spansLines = true
                form.interpolation = interpolation
            }
        case .python:
            if quote == backtick { return nil }
            if tripled { form = form.tripled(spansLines: true) }
            // `f"…{x}…"`: an f-string's braces hold code (`{{` is a brace). A raw string's
            // backslash still keeps the quote after it in the string.
            let prefix = Self.prefix(before: index, in: bytes).lowercased()
            if prefix.count <= 2, prefix.contains("f"), prefix.allSatisfy({ "rbfu".contains($0) }) { form.braceInterpolation = true }
        case .go:
            // A back-quoted raw string spans lines and has no escapes; `'x'` is a rune.
            if quote == backtick { form = form.plain(); form.spansLines = true }
        case .ruby:
            if quote != UInt8(ascii: "'") { form.interpolation = interpolation }
        case .php:
            if quote != UInt8(ascii: "'") { form.interpolation = interpolation }
        case .cSharp:
            if quote == backtick { return nil }
            if quote == UInt8(ascii: "'") { return form }
            // `@"…"` (verbatim: no escapes, `""` a quote, lines spanned), `$"…{x}…"`
            // (interpolated), `$@"…"` both; `"""…"""` raw (no escapes, lines spanned).
            let prefix = Self.prefix(before: index, in: bytes, allowing: [UInt8(ascii: "@"), UInt8(ascii: "$")])
            if prefix.contains("$") { form.braceInterpolation = prefix.filter { $0 == "$" }.count == 1 }
            if tripled {
                form = form.tripled(spansLines: true)
                form.escape = nil
            } else if prefix.contains("@") {
                form.escape = nil
                form.doubledQuote = true
                form.spansLines = true
            }
        case .yaml:
            if quote == backtick { return nil }
            // `'it''s'`: a single-quoted scalar doubles its quote and has no escapes.
            if quote == UInt8(ascii: "'") {
                form.escape = nil
                form.doubledQuote = true
            }
        case .json:
            if quote != UInt8(ascii: "\"") { return nil }
        }
        return form
    }

    /// The letters (or `allowing` bytes) right before `index`, standing alone: a literal's prefix.
    static func prefix(before index: Int, in bytes: ArraySlice<UInt8>, allowing extra: Set<UInt8> = []) -> String {
        var start = index
        while start > bytes.startIndex, index - start < 3 {
            let byte = bytes[start - 1]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard isLetter || extra.contains(byte) else { break }
            start -= 1
        }
        guard start < index else { return "" }
        // `ref"…"` or `x$"…"` is no prefix: the prefix starts a word.
        if start > bytes.startIndex, CallContext.isIdentifierByte(bytes[start - 1]) { return "" }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}

/// How one kind of string literal ends and what it holds.
struct StringForm {
    /// The bytes that close it.
    var close: [UInt8]
    /// The byte that escapes the next one (a backslash), or nil in a raw string.
    var escape: UInt8? = UInt8(ascii: "\\")
    /// A doubled closing quote is a quote (C#'s `@"a""b"`, YAML's `'it''s'`).
    var doubledQuote = false
    /// It may span lines; a string that may not ends at its line's end, whatever it holds, so that
    /// a quote misread (a regular expression's, an apostrophe in prose) never hides later lines.
    var spansLines = false
    /// What opens code inside it, and the bracket that closes that code.
    var interpolation: (open: [UInt8], close: UInt8)?
    /// `{` opens code, `{{` is a brace (C#'s `$"…"`, Python's f-strings).
    var braceInterpolation = false
    /// A heredoc's terminator: the string ends on the line that starts (after spaces) with it.
    var terminator: [UInt8]?

    init(quote: UInt8) {
        close = [quote]
    }

    /// A heredoc or nowdoc that ends at `terminator`, with `interpolation` or none.
    init(terminator: [UInt8], escapes: Bool, interpolation: (open: [UInt8], close: UInt8)?) {
        close = []
        self.terminator = terminator
        self.escape = escapes ? UInt8(ascii: "\\") : nil
        self.interpolation = interpolation
        spansLines = true
    }

    /// The same form with its quote tripled (`"""`).
    func tripled(spansLines: Bool) -> StringForm {
        var form = self
        form.close = close + close + close
        form.spansLines = spansLines
        return form
    }

    /// The same form without escapes, and without interpolation unless `keepingInterpolation`.
    func plain(keepingInterpolation: Bool = false) -> StringForm {
        var form = self
        form.escape = nil
        if !keepingInterpolation {
            form.interpolation = nil
            form.braceInterpolation = false
        }
        return form
    }
}
