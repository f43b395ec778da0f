/// The names an expression can give, read from its text: a string literal; each literal branch of
/// a conditional (`c ? 'a' : 'b'`, Kotlin's and Dart's `if (c) "a" else "b"`, a `when` or
/// `switch` expression's arms, `Platform.select({ ios: 'a', android: 'b' })`). A branch whose
/// condition tests the platform (`PlatformTest`) goes to that platform. A branch that is no
/// literal (a variable, a call) is a name chosen at run time; `null`, `true` and the like are none.
///
/// Its strings are the language's, as `CodeLexer` reads them: a bracket, a `?` or a comma inside
/// one is no code, and a literal that holds code (`${x}`, `\(x)`, `"$x"`) is chosen at run time.
struct LiteralBranches {
    /// A name one branch gives, and the platform its condition selects (nil: any).
    struct Branch: Equatable {
        let name: String
        let platform: SoundNameUse.Platform?
    }

    /// What an expression gives: its literal names, and whether a branch is chosen at run time.
    struct Value: Equatable {
        var branches: [Branch] = []
        var atRunTime = false
    }

    /// The most an expression is read over: a conditional of literals fits well within it.
    static let reach = 1_024

    /// The lexer of the expression's text.
    private let code: CodeLexer

    /// The value of the expression that starts `text` (after a key or an opening parenthesis), in
    /// `language`, its comments blanked.
    static func value(of text: [UInt8], language: CodeLanguage) -> Value {
        let reader = LiteralBranches(code: CodeLexer(text.prefix(reach), language: language))
        let end = reader.expressionEnd(from: 0)
        return reader.value(of: reader.code.bytes[0..<end], platform: nil)
    }

    private func value(of bytes: ArraySlice<UInt8>, platform: SoundNameUse.Platform?) -> Value {
        let expression = Self.trimmed(bytes)
        guard !expression.isEmpty else { return Value() }
        let text = String(decoding: expression, as: UTF8.self)
        // A plain string literal, the whole expression.
        if let literal = literal(at: expression.startIndex), literal.isClosed, literal.end <= expression.endIndex,
            Self.trimmed(expression[literal.end...]).isEmpty
        {
            guard let text = code.text(of: literal), !text.isEmpty else { return Value(atRunTime: true) }
            return Value(branches: [Branch(name: text, platform: platform)])
        }
        // A TypeScript union of literals (`sound: 'custom' | 'default'` in a type) is a type, no value.
        if isUnionType(expression) { return Value() }
        if text.hasPrefix("Platform.select"), let open = expression.firstIndex(of: UInt8(ascii: "{")) {
            return selected(in: expression[(open + 1)...], platform: platform)
        }
        if text.hasPrefix("if"), expression.dropFirst(2).first.map({ $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: " ") }) == true,
            let open = expression.firstIndex(of: UInt8(ascii: "(")), let close = closing(of: open, in: expression),
            let elseRange = topLevel("else", in: expression[(close + 1)...])
        {
            let condition = String(decoding: expression[(open + 1)..<close], as: UTF8.self)
            return branches(
                condition: condition, then: expression[(close + 1)..<elseRange.lowerBound], else: expression[elseRange.upperBound...],
                platform: platform)
        }
        if text.hasPrefix("when") || text.hasPrefix("switch"), let open = expression.firstIndex(of: UInt8(ascii: "{")),
            let close = closing(of: open, in: expression)
        {
            return arms(of: expression[(open + 1)..<close], platform: platform)
        }
        if let question = topLevelQuestionMark(in: expression), let colon = matchingColon(after: question, in: expression) {
            let condition = String(decoding: expression[..<question], as: UTF8.self)
            return branches(
                condition: condition, then: expression[(question + 1)..<colon], else: expression[(colon + 1)...], platform: platform)
        }
        return Value(atRunTime: SoundNameScanner.namesAtRunTime(Substring(text)))
    }

    /// True for literals joined by single `|` at the top level: a union type.
    private func isUnionType(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = split(bytes, at: UInt8(ascii: "|"))
        return parts.count > 1
            && parts.allSatisfy { part in
                let part = Self.trimmed(part)
                guard !part.isEmpty, let literal = literal(at: part.startIndex), literal.isClosed else { return false }
                return literal.end == part.endIndex
            }
    }

    /// The literal that opens at `start`: at its quote, or after a prefix of one or two letters,
    /// `@` or `$` (Objective-C's and C#'s `@"…"`, C#'s `$"…"`, Python's `r'…'` and `f"…"`).
    private func literal(at start: Int) -> CodeLexer.Literal? {
        let bytes = code.bytes
        var quote = start
        while quote < min(bytes.endIndex, start + 3), Self.isPrefixByte(bytes[quote]) { quote += 1 }
        guard quote < bytes.endIndex else { return nil }
        return code.literal(at: quote)
    }

    private static func isPrefixByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// The two branches of a conditional, each sent to the platform the condition selects.
    private func branches(
        condition: String, then: ArraySlice<UInt8>, else otherwise: ArraySlice<UInt8>, platform: SoundNameUse.Platform?
    ) -> Value {
        let tested = PlatformTest.platforms(testedBy: condition)
        let first = value(of: then, platform: narrowed(platform, tested.whenTrue))
        let second = value(of: otherwise, platform: narrowed(platform, tested.whenFalse))
        return Value(branches: first.branches + second.branches, atRunTime: first.atRunTime || second.atRunTime)
    }

    /// The platform a branch goes to inside another branch's: the inner test's where the outer one set none.
    private func narrowed(_ outer: SoundNameUse.Platform?, _ inner: SoundNameUse.Platform?) -> SoundNameUse.Platform? {
        outer ?? inner
    }

    /// `Platform.select`'s object: `ios:`, `android:`, `default:` and `native:` keys.
    private func selected(in body: ArraySlice<UInt8>, platform: SoundNameUse.Platform?) -> Value {
        var result = Value()
        for entry in split(body, at: UInt8(ascii: ",")) {
            guard let colon = entry.firstIndex(of: UInt8(ascii: ":")) else { continue }
            // `ios:` or `'ios':`.
            let written = Self.trimmed(entry[..<colon])
            let quoted = literal(at: written.startIndex).flatMap { $0.end == written.endIndex ? code.text(of: $0) : nil }
            let key = quoted ?? String(decoding: written, as: UTF8.self)
            let keyPlatform: SoundNameUse.Platform? = key == "ios" ? .ios : key == "android" ? .android : nil
            guard keyPlatform != nil || key == "default" || key == "native" else { continue }
            let part = value(of: entry[(colon + 1)...], platform: platform ?? keyPlatform)
            result.branches += part.branches
            result.atRunTime = result.atRunTime || part.atRunTime
        }
        return result
    }

    /// A `when` or `switch` expression's arms: what follows each `->` or `=>`.
    private func arms(of body: ArraySlice<UInt8>, platform: SoundNameUse.Platform?) -> Value {
        var result = Value()
        var index = body.startIndex
        while index + 1 < body.endIndex {
            if (body[index] == UInt8(ascii: "-") || body[index] == UInt8(ascii: "=")) && body[index + 1] == UInt8(ascii: ">") {
                let start = index + 2
                var end = start
                var depth = 0
                while end < body.endIndex {
                    let byte = body[end]
                    if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
                    if depth <= 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\n") { break }
                    if let literal = literal(at: end) {
                        end = literal.end
                        continue
                    }
                    end += 1
                }
                let part = value(of: body[start..<end], platform: platform)
                result.branches += part.branches
                result.atRunTime = result.atRunTime || part.atRunTime
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// Where the expression that starts at `start` ends: at a comma, semicolon or closing bracket
    /// outside its own brackets, or at a line end that no operator carries on over.
    private func expressionEnd(from start: Int) -> Int {
        let bytes = code.bytes
        var depth = 0
        var index = start
        var lastCode: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let span = code.span(around: index) {
                // A literal whole; one its line cut off ends the expression.
                guard span.kind == .string else {
                    index = span.end
                    continue
                }
                guard let literal = code.literal(at: index), literal.isClosed else { return index }
                index = literal.end
                lastCode = byte
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                if depth == 0 { return index }
            case UInt8(ascii: "\n"):
                if depth == 0 {
                    let next = bytes[(index + 1)...].first { !CallContext.isSpace($0) }
                    let continues =
                        "?:+.|&".utf8.contains(lastCode) || next.map { "?:+.|&".utf8.contains($0) } == true
                        || String(decoding: bytes[start..<index], as: UTF8.self).trimmingSpaces.hasSuffix("else")
                        || next == UInt8(ascii: "e") && bytes[(index + 1)...].drop(while: CallContext.isSpace).starts(with: "else".utf8)
                    if !continues { return index }
                }
            default:
                break
            }
            if !CallContext.isSpace(byte) { lastCode = byte }
            index += 1
        }
        return bytes.count
    }

    /// `bytes` without spaces at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !CallContext.isSpace($0) }),
            let last = bytes.lastIndex(where: { !CallContext.isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// The first index from `start` on, outside string literals (each skipped whole), that `accepts` takes: it is
    /// called with each byte and the bracket depth there, the byte's own bracket counted.
    private func firstIndex(
        in bytes: ArraySlice<UInt8>, from start: Int, where accepts: (_ index: Int, _ byte: UInt8, _ depth: Int) -> Bool
    ) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if let span = code.span(around: index) {
                index = span.kind == .string ? code.literal(at: span.start)?.end ?? span.end : span.end
                continue
            }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            if accepts(index, byte, depth) { return index }
            index += 1
        }
        return nil
    }

    /// Where the bracket opened at `open` closes, strings skipped.
    private func closing(of open: Int, in bytes: ArraySlice<UInt8>) -> Int? {
        firstIndex(in: bytes, from: open) { _, byte, depth in
            depth == 0 && (byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"))
        }
    }

    /// The parts of `bytes` between the top-level `separator`s.
    private func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        let end =
            firstIndex(in: bytes, from: bytes.startIndex) { index, byte, depth in
                if depth == 0, byte == separator {
                    parts.append(bytes[start..<index])
                    start = index + 1
                }
                return depth < 0
            } ?? bytes.endIndex
        parts.append(bytes[start..<end])
        return parts
    }

    /// The range of the word `word` at the top level of `bytes`, standing alone.
    private func topLevel(_ word: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let pattern = Array(word.utf8)
        let found = firstIndex(in: bytes, from: bytes.startIndex) { index, _, depth in
            depth == 0 && bytes[index...].starts(with: pattern)
                && (index == bytes.startIndex || !CallContext.isIdentifierByte(bytes[index - 1]))
                && (index + pattern.count >= bytes.endIndex || !CallContext.isIdentifierByte(bytes[index + pattern.count]))
        }
        return found.map { $0..<($0 + pattern.count) }
    }

    /// The first `?` of a conditional at the top level (not `?.`, `??` nor a nullable type's `?`).
    private func topLevelQuestionMark(in bytes: ArraySlice<UInt8>) -> Int? {
        firstIndex(in: bytes, from: bytes.startIndex) { index, byte, depth in
            guard depth == 0, byte == UInt8(ascii: "?") else { return false }
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            let previous = index > bytes.startIndex ? bytes[index - 1] : 0
            return next != UInt8(ascii: ".") && next != UInt8(ascii: "?") && previous != UInt8(ascii: "?")
        }
    }

    /// The `:` that closes the conditional whose `?` is at `question` (nested conditionals counted).
    private func matchingColon(after question: Int, in bytes: ArraySlice<UInt8>) -> Int? {
        var pending = 0
        return firstIndex(in: bytes, from: question + 1) { index, byte, depth in
            guard depth == 0 else { return false }
            if byte == UInt8(ascii: "?"), bytes[(index + 1)...].first != UInt8(ascii: ".") { pending += 1 }
            guard byte == UInt8(ascii: ":") else { return false }
            if pending == 0 { return true }
            pending -= 1
            return false
        }
    }
}
