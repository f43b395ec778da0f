import SoundContainers

/// A sound name the code builds at run time from literal parts: `'calls_' + tone`,
/// `"alert_" + i + ".caf"`, `` `calls_${t}` ``, `"\(prefix)\(name).caf"`, `f"alert_{i}.caf"`,
/// Kotlin's and Dart's `"calls_$t"`. What the literals fix, a head and a tail, names every
/// shipped file that starts with the head and ends with the tail: `startRingtone('calls_' + t)`
/// names each `calls_*.mp3`, with the purpose of the call it is passed to (`SoundUsage`).
struct BuiltSoundName: Equatable {
    /// The literal text before the first part the code fills in (after its last `/`: a folder
    /// names no file), possibly empty.
    let head: String
    /// The sound extension the name ends with (`.caf`), or empty.
    let tail: String
    /// The literal as written, for the note that names the line.
    let literal: String

    /// True when the file name `name` is one this built name can be.
    func matches(_ name: String) -> Bool {
        name.count > head.count + tail.count && name.hasPrefix(head) && (tail.isEmpty || name.lowercased().hasSuffix(tail))
    }

    /// The tokens that find the lines that may build the names of `soundFiles` (file names):
    /// each stem's heads (its prefixes that end in `_`, `-` or `.`, or before a run of digits:
    /// `calls_`, `alert`), and each sound extension closing a literal (`.caf"`). At least two
    /// bytes each.
    static func searchTokens(forSoundFiles soundFiles: [String]) -> [String] {
        var tokens = Set<String>()
        for file in soundFiles {
            let stem = Array(file.prefix { $0 != "." })
            for index in stem.indices.dropFirst(2) {
                let cut = "_-.".contains(stem[index - 1]) || stem[index].isNumber && !stem[index - 1].isNumber
                if cut { tokens.insert(String(stem[..<index])) }
            }
            let extensionStart = file.lastIndex(of: ".")
            if let extensionStart, SniffedFormat.isNamedLikeSound(file) {
                let ext = file[extensionStart...].lowercased()
                for quote in ["\"", "'", "`"] { tokens.insert(ext + quote) }
            }
        }
        return tokens.sorted()
    }

    /// The names `line` (code in `language`) builds from literal parts: a literal that `+`
    /// joins to code after it (with a later `+ ".caf"` as its tail), a `+ ".caf"` alone, and an
    /// interpolated literal's text around its code. A literal whose whole text is fixed is a
    /// name, not a built one (`SoundUsage.soundNames(in:language:)` reads it).
    static func names(in line: Substring, language: CodeLanguage) -> [BuiltSoundName] {
        let line = CodeLexer.beforeLineComment(line, language: language)
        let bytes = Array(line.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        let literals = lexer.literals(in: bytes.indices).filter(\.isClosed)
        var found: [BuiltSoundName] = []
        var tailTaken = Set<Int>()
        for (index, literal) in literals.enumerated() {
            guard let raw = lexer.rawText(of: literal) else { continue }
            if literal.isInterpolated {
                let parts = interpolatedParts(of: raw, language: language)
                if parts.head.count >= 2 || !parts.tail.isEmpty {
                    found.append(BuiltSoundName(head: parts.head, tail: parts.tail, literal: raw))
                }
                continue
            }
            guard let text = lexer.text(of: literal), !tailTaken.contains(index) else { continue }
            let joinedAfter = nextCodeByte(after: literal.end, in: bytes) == UInt8(ascii: "+")
            let joinedBefore = previousCodeByte(before: literal.start, in: bytes) == UInt8(ascii: "+")
            if joinedAfter, !isSoundExtension(text) {
                let head = String(text.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
                // The tail: a later literal on the line that `+` joins and that is a sound extension.
                let tail = literals.indices.dropFirst(index + 1).first { later in
                    previousCodeByte(before: literals[later].start, in: bytes) == UInt8(ascii: "+")
                        && lexer.text(of: literals[later]).map(isSoundExtension) == true
                }
                if let tail { tailTaken.insert(tail) }
                let tailText = tail.flatMap { lexer.text(of: literals[$0]) }?.lowercased() ?? ""
                if head.count >= 2 || !tailText.isEmpty { found.append(BuiltSoundName(head: head, tail: tailText, literal: text)) }
            } else if joinedBefore, isSoundExtension(text) {
                found.append(BuiltSoundName(head: "", tail: text.lowercased(), literal: text))
            }
        }
        return found
    }

    /// The variable a line assigns its value to (`tone` in `const tone = 'calls_' + value`,
    /// `sound` in `sound = "\(sound).caf"`, the last name of `config.ringtoneSound = …`), or nil
    /// when it assigns nothing: the name it builds is passed on through that variable.
    static func assignedVariable(in line: Substring) -> String? {
        let bytes = Array(line.utf8)
        guard
            let equals = bytes.indices.first(where: { index in
                guard bytes[index] == UInt8(ascii: "=") else { return false }
                let before = index > 0 ? bytes[index - 1] : 0
                let after = index + 1 < bytes.count ? bytes[index + 1] : 0
                // Not `==`, `!=`, `<=`, `>=`, `=>`, `+=`.
                return !"=!<>+-*/:".utf8.contains(before) && after != UInt8(ascii: "=") && after != UInt8(ascii: ">")
            })
        else { return nil }
        var end = equals
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        // A declared type (`let tone: String =`) stands between the name and the sign.
        if let colon = bytes[..<end].lastIndex(of: UInt8(ascii: ":")) { end = colon }
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var start = end
        while start > 0, CallContext.isIdentifierByte(bytes[start - 1]) { start -= 1 }
        guard start < end, !(bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9")) else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// True for `.caf`, `.mp3` and the other sound extensions, alone.
    private static func isSoundExtension(_ text: String) -> Bool {
        text.first == "." && text.count <= 6 && SniffedFormat.soundFileExtensions.contains(String(text.dropFirst()).lowercased())
    }

    /// The literal text of `raw` (an interpolated literal's source between its quotes) before
    /// its first hole (after the last `/` there), and the sound extension it ends with after its
    /// last, if any.
    static func interpolatedParts(of raw: String, language: CodeLanguage) -> (head: String, tail: String) {
        let bytes = Array(raw.utf8)
        var openers: [[UInt8]] = []
        if let interpolation = language.interpolation { openers.append(interpolation.open) }
        if language == .python || language == .cSharp { openers.append([UInt8(ascii: "{")]) }
        var holeStart = bytes.count
        var index = 0
        search: while index < bytes.count {
            // `{{` is a brace in an f-string and in C#'s `$"…"`.
            if bytes[index...].starts(with: [UInt8(ascii: "{"), UInt8(ascii: "{")]), language == .python || language == .cSharp {
                index += 2
                continue
            }
            for opener in openers where bytes[index...].starts(with: opener) {
                holeStart = index
                break search
            }
            if language.interpolatesDollarNames, bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count,
                CallContext.isIdentifierByte(bytes[index + 1])
            {
                holeStart = index
                break
            }
            index += 1
        }
        let headText = String(decoding: bytes[..<holeStart], as: UTF8.self)
        let head = String(headText.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        var tail = ""
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot >= holeStart,
            case let text = String(decoding: bytes[dot...], as: UTF8.self), isSoundExtension(text)
        {
            tail = text.lowercased()
        }
        return (head, tail)
    }

    /// The first byte after `position` that is not a space or tab, or nil at the line's end.
    private static func nextCodeByte(after position: Int, in bytes: [UInt8]) -> UInt8? {
        bytes[min(position, bytes.count)...].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    }

    /// The last byte before the literal opening at `position` that is not a space or tab (the
    /// literal's prefix, Python's `f` or C#'s `$`, is the literal's), or nil at the line's start.
    private static func previousCodeByte(before position: Int, in bytes: [UInt8]) -> UInt8? {
        let prefix = CodeLanguage.prefix(before: position, in: bytes[...], allowing: [UInt8(ascii: "@"), UInt8(ascii: "$")])
        var index = position - prefix.utf8.count - 1
        while index >= 0, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index -= 1 }
        return index >= 0 ? bytes[index] : nil
    }
}
