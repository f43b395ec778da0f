import SoundContainers

/// The text rules of an Android module's build that decide whether release builds keep a raw
/// resource: the `release` build type's resource shrinking in a Gradle build file (Groovy or
/// Kotlin DSL, read as text, never run), and the `tools:keep` / `tools:discard` patterns of its
/// resource XML. Pure functions of text, so a fuzzer can feed them anything.
public enum AndroidBuildRules {
    /// Where the `release` build type turns resource shrinking on, or off: `file:line` when it is
    /// on, nil when it is off or not set, unless Flutter's plugin turns it on. A brace in a string
    /// or a comment opens and closes no block.
    public static func releaseShrinking(in text: String, file: String) -> String? {
        let language = CodeLanguage(fileExtension: fileExtension(of: file)) ?? .groovy
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        let code = lexer.blankingComments(in: bytes.indices)
        var depth = 0
        var releaseDepth: Int?
        var setting: (on: Bool, line: Int)?
        for (index, line) in lineRanges(of: code).enumerated() {
            let compact = String(decoding: code[line].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }, as: UTF8.self)
            if releaseDepth == nil, Self.opensReleaseBlock(compact) { releaseDepth = depth }
            // `shrinkResources true`, `shrinkResources = true`, `isShrinkResources = true`, `shrinkResources(true)`.
            if releaseDepth != nil, compact.hasPrefix("shrinkResources") || compact.hasPrefix("isShrinkResources") {
                let value = compact.filter { $0 != ")" && $0 != ";" }
                if value.hasSuffix("true") || value.hasSuffix("false") { setting = (value.hasSuffix("true"), index + 1) }
            }
            for position in line where code[position] == UInt8(ascii: "{") || code[position] == UInt8(ascii: "}") {
                guard lexer.span(around: position) == nil else { continue }
                if code[position] == UInt8(ascii: "{") {
                    depth += 1
                } else {
                    depth -= 1
                    if let release = releaseDepth, depth <= release { releaseDepth = nil }
                }
            }
        }
        if let setting { return setting.on ? "\(file):\(setting.line)" : nil }
        let flutter = text.contains("dev.flutter.flutter-gradle-plugin") || text.contains("flutter.gradle")
        return flutter ? "the Flutter Gradle plugin, which shrinks release builds unless \(fileName(of: file)) turns it off" : nil
    }

    /// True for a line end as an editor counts lines: `\n`, `\r\n` or `\r` (a vertical tab or a
    /// form feed is none, though Swift's `isNewline` says so).
    static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The literal value a Gradle build file in `language` (Groovy, or Kotlin for a `.gradle.kts`)
    /// gives `setting` (`applicationId "com.example"`, `versionCode = 42`), the first one in code;
    /// nil for a value a script computes (`flutter.versionCode`, a variable, a string that holds
    /// `$name` or `${…}` where the language reads one there).
    public static func literalSetting(_ setting: String, in text: String, language: CodeLanguage = .groovy) -> String? {
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        let name = Array(setting.utf8)
        for line in lineRanges(of: bytes) {
            var at = skippingSpaceAndComments(lexer, from: line.lowerBound, extra: [])
            // A line that goes on a string holds no setting.
            guard at < bytes.count, lexer.isCode(at: at), bytes[at...].starts(with: name) else { continue }
            at = skippingSpaceAndComments(lexer, from: at + name.count, extra: [UInt8(ascii: "="), UInt8(ascii: "(")])
            if let literal = lexer.literal(at: at) {
                guard literal.isClosed else { continue }
                let value = lexer.text(of: literal)
                return value?.isEmpty == false ? value : nil
            }
            let digits = bytes[at...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            let after = skippingSpaceAndComments(lexer, from: at + digits.count, extra: [UInt8(ascii: ")")])
            if !digits.isEmpty, after >= bytes.count || bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r") {
                return String(decoding: digits, as: UTF8.self)
            }
        }
        return nil
    }

    /// The first position at or after `position` that holds neither a space, a tab, one of
    /// `extra`, nor a comment: code, a string's opening delimiter, a line end or the text's end.
    private static func skippingSpaceAndComments(_ lexer: CodeLexer, from position: Int, extra: Set<UInt8>) -> Int {
        var position = position
        while position < lexer.bytes.endIndex {
            let byte = lexer.bytes[position]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || extra.contains(byte) {
                position += 1
            } else if let span = lexer.span(around: position), span.kind != .string {
                position = span.end
            } else {
                break
            }
        }
        return position
    }

    /// The lines of `bytes`, their line ends left out: a line ends at `\n`, `\r\n` or `\r`, as
    /// `isLineEnd` counts them.
    static func lineRanges(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            lines.append(start..<index)
            index += byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            start = index
        }
        lines.append(start..<bytes.count)
        return lines
    }

    /// True when a line (spaces removed) opens the release build type: `release {`,
    /// `getByName("release") {`, `named("release") {`, after anything but a name's characters.
    public static func opensReleaseBlock(_ compact: String) -> Bool {
        for opener in ["release{", "getByName(\"release\"){", "named(\"release\"){", "release.configure{"] {
            var rest = compact[...]
            while let range = rest.firstRange(of: opener) {
                let before = range.lowerBound > compact.startIndex ? compact[compact.index(before: range.lowerBound)] : " "
                if !(before.isLetter || before.isNumber || before == "_") { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// The value of `name="…"` in an XML text.
    public static func attribute(_ name: String, in text: String) -> String? {
        var copy = text
        if let value = copy.withUTF8({ asciiAttribute(name, in: $0) }) { return value }
        guard let start = text.firstRange(of: name + "=\"") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[start.upperBound..<end])
    }

    /// `attribute(_:in:)` of a text and a name whose bytes are all ASCII (each byte a character),
    /// found with `memmem`: nil for any other text, `.some(nil)` when the attribute is not there.
    private static func asciiAttribute(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        let opener = Array((name + "=\"").utf8)
        guard opener.allSatisfy({ $0 < 0x80 }), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let found = ByteSearch.firstPosition(of: opener, in: UnsafeRawBufferPointer(bytes)) else { return .some(nil) }
        let start = found + opener.count
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return .some(nil) }
        return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }

    /// The raw resources an XML text references as `@raw/NAME` (a layout, a preference's
    /// default, a manifest's meta-data).
    public static func rawReferences(in text: String) -> [String] {
        var copy = text
        if let names = copy.withUTF8({ asciiRawReferences(in: $0) }) { return names }
        var names: [String] = []
        var rest = text[...]
        while let range = rest.firstRange(of: "@raw/") {
            let name = rest[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if !name.isEmpty { names.append(String(name)) }
            rest = rest[range.upperBound...]
        }
        return names
    }

    /// `rawReferences(in:)` of a text whose bytes are all ASCII (each byte a character), found with
    /// `memmem`: searching a module's resource XML by characters cost a third of a run at the root
    /// of an Android app. Nil for any other text.
    private static func asciiRawReferences(in bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let reference = Array("@raw/".utf8)
        return ByteSearch.positions(of: reference, in: UnsafeRawBufferPointer(bytes)).compactMap { start in
            let name = bytes[(start + reference.count)...].prefix { byte in
                byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            }
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
    }

    /// The raw-resource patterns of a `tools:keep` or `tools:discard` value: `@raw/chime,@raw/alert_*`.
    public static func rawPatterns(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").compactMap { item in
            let trimmed = item.trimmingCharacters(in: " \n\t")
            return trimmed.hasPrefix("@raw/") ? String(trimmed.dropFirst(5)) : nil
        }
    }

    /// Whether a keep pattern (`*` any run of characters) matches `name`.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == name }
        var rest = Substring(name)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.firstRange(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last ?? "")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
