/// `CodeLexer`'s state machine: one byte or delimiter a step, lazily, as far as a query asks.
struct CodeScanner {
    typealias Span = CodeLexer.Span
    typealias Literal = CodeLexer.Literal
    typealias Kind = CodeLexer.Kind

    let bytes: ArraySlice<UInt8>
    let language: CodeLanguage
    /// The strings and comments lexed so far, in order; the last one's end is `Int.max` while it is open.
    private(set) var spans: [Span] = []
    /// The string literals lexed so far, in the order they open (a literal inside another's
    /// interpolation after it).
    private(set) var literals: [Literal] = []
    /// The literal the string being lexed belongs to.
    private var currentLiteral = 0
    private(set) var index: Int
    private var mode = Mode.code

    private enum Mode {
        case code
        case lineComment
        case blockComment(depth: Int)
        /// Ruby's `=begin` … `=end`.
        case documentation
        case string(StringForm)
    }

    /// An interpolation open: the string it sits in, the brackets that open and close its code, and
    /// how many of its opening bracket are open inside it.
    private struct Frame {
        let form: StringForm
        let literal: Int
        let open: UInt8
        let close: UInt8
        var depth = 0
    }

    private var frames: [Frame] = []
    /// Heredocs opened on the current line: their bodies start on the next.
    private var pendingHeredocs: [StringForm] = []

    init(bytes: ArraySlice<UInt8>, language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
        index = bytes.startIndex
    }

    mutating func lex(through position: Int) {
        while index <= position, index < bytes.endIndex {
            switch mode {
            case .code: stepCode()
            case .lineComment: stepLineComment()
            case .blockComment(let depth): stepBlockComment(depth: depth)
            case .documentation: stepDocumentation()
            case .string(let form): stepString(form, through: position)
            }
        }
    }

    // MARK: Code

    private mutating func stepCode() {
        let byte = bytes[index]
        if !frames.isEmpty, byte == frames[frames.count - 1].open || byte == frames[frames.count - 1].close {
            let last = frames.count - 1
            if byte == frames[last].open {
                frames[last].depth += 1
            } else if frames[last].depth > 0 {
                frames[last].depth -= 1
            } else {
                // The interpolation closes: its string goes on, from its closing bracket.
                let frame = frames.removeLast()
                currentLiteral = frame.literal
                open(.string, length: 1, mode: .string(frame.form))
                return
            }
            index += 1
            return
        }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            // An interpolation of a string that may not span lines ends with the line, as the string does.
            if frames.contains(where: { !$0.form.spansLines }) {
                for frame in frames where literals[frame.literal].end == .max {
                    (literals[frame.literal].end, literals[frame.literal].textEnd) = (index, index)
                }
                frames.removeAll()
            }
            index += 1
            if byte == UInt8(ascii: "\n"), !pendingHeredocs.isEmpty {
                let form = pendingHeredocs.removeFirst()
                openLiteral(form, length: 0)
            }
        case UInt8(ascii: "/") where language.hasSlashComments:
            let next = following(1)
            if next == UInt8(ascii: "/") {
                open(.lineComment, length: 2, mode: .lineComment)
            } else if next == UInt8(ascii: "*") {
                open(.blockComment, length: 2, mode: .blockComment(depth: 1))
            } else if language == .javaScript, opensRegularExpression(), let end = regularExpressionEnd() {
                spans.append(Span(start: index, end: end, kind: .regularExpression))
                index = end
            } else {
                index += 1
            }
        case UInt8(ascii: "#"):
            codeHash()
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
            guard let form = language.stringForm(openedAt: index, in: bytes) else {
                index += 1
                return
            }
            openLiteral(form, length: form.close.count)
        case UInt8(ascii: "<") where language == .ruby || language == .php:
            if let (form, length) = heredoc() {
                pendingHeredocs.append(form)
                index += length
            } else {
                index += 1
            }
        case UInt8(ascii: "=") where language == .ruby && atLineStart(index) && startsWord("=begin", at: index):
            open(.blockComment, length: 6, mode: .documentation)
        default:
            index += 1
        }
    }

    /// What a `/` after it (spaces and comments between skipped) divides: a name, a number, a
    /// closing bracket or a string. After anything else (an operator, an opening bracket, `,`,
    /// `;`, a line's start, a keyword such as `return`) a `/` opens a regular expression, as
    /// ECMAScript's grammar reads it.
    private func opensRegularExpression() -> Bool {
        var before = index - 1
        // Spaces and comments between are skipped.
        var comment = spans.count - 1
        while true {
            while before >= bytes.startIndex, CallContext.isSpace(bytes[before]) { before -= 1 }
            guard comment >= 0, spans[comment].end == before + 1,
                spans[comment].kind == .lineComment || spans[comment].kind == .blockComment
            else { break }
            before = spans[comment].start - 1
            comment -= 1
        }
        guard before >= bytes.startIndex else { return true }
        let byte = bytes[before]
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "/")
        {
            return false
        }
        guard CallContext.isIdentifierByte(byte) else { return true }
        var start = before
        while start > bytes.startIndex, CallContext.isIdentifierByte(bytes[start - 1]) { start -= 1 }
        return Self.keywordsBeforeExpressions.contains(String(decoding: bytes[start...before], as: UTF8.self))
    }

    /// JavaScript's keywords that an expression follows.
    private static let keywordsBeforeExpressions: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
    ]

    /// Past the flags of the regular expression whose `/` is at `index`: its body ends at a `/`
    /// outside a class (`[…]`) and unescaped, on its line; nil when the line ends first.
    private func regularExpressionEnd() -> Int? {
        var at = index + 1
        var inClass = false
        while at < bytes.endIndex {
            switch bytes[at] {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            case UInt8(ascii: "\\"): at += 1
            case UInt8(ascii: "["): inClass = true
            case UInt8(ascii: "]"): inClass = false
            case UInt8(ascii: "/") where !inClass:
                at += 1
                while at < bytes.endIndex, CallContext.isIdentifierByte(bytes[at]) { at += 1 }
                return min(at, bytes.endIndex)
            default: break
            }
            at += 1
        }
        return nil
    }

    /// A `#` in code: a shebang line, a Swift raw string (`#"…"#`), or a comment where `#` opens one.
    private mutating func codeHash() {
        if index == bytes.startIndex, following(1) == UInt8(ascii: "!") {
            open(.lineComment, length: 2, mode: .lineComment)
            return
        }
        switch language {
        case .swift:
            var quote = index
            while quote < bytes.endIndex, bytes[quote] == UInt8(ascii: "#") { quote += 1 }
            guard quote < bytes.endIndex, bytes[quote] == UInt8(ascii: "\"") else {
                index = quote
                return
            }
            let hashes = [UInt8](repeating: UInt8(ascii: "#"), count: quote - index)
            let tripled = quote + 2 < bytes.endIndex && bytes[quote + 1] == bytes[quote] && bytes[quote + 2] == bytes[quote]
            var form = StringForm(quote: UInt8(ascii: "\""))
            if tripled { form = form.tripled(spansLines: true) }
            form.close += hashes
            form.escape = nil
            form.interpolation = (Array("\\".utf8) + hashes + Array("(".utf8), UInt8(ascii: ")"))
            openLiteral(form, length: hashes.count + (tripled ? 3 : 1))
        case .php where following(1) == UInt8(ascii: "["):
            index += 1  // an attribute, `#[Route(…)]`
        case .yaml where index > bytes.startIndex && !CallContext.isSpace(bytes[index - 1]):
            index += 1  // `a#b` is a plain scalar's text
        case .python, .ruby, .php, .yaml:
            open(.lineComment, length: 1, mode: .lineComment)
        default:
            index += 1
        }
    }

    /// The heredoc or nowdoc that opens at `index` in Ruby (`<<~EOS`, `<<-EOS`, `<<EOS`, with the
    /// name quoted or not) or PHP (`<<<EOT`, `<<<"EOT"`, `<<<'EOT'`), and the length of its opener;
    /// its body starts on the next line. A single-quoted name makes it raw.
    private func heredoc() -> (StringForm, Int)? {
        var at = index
        let arrows = language == .php ? 3 : 2
        for _ in 0..<arrows {
            guard at < bytes.endIndex, bytes[at] == UInt8(ascii: "<") else { return nil }
            at += 1
        }
        var squiggly = false
        if language == .ruby, at < bytes.endIndex, bytes[at] == UInt8(ascii: "~") || bytes[at] == UInt8(ascii: "-") {
            squiggly = true
            at += 1
        }
        if language == .php { while at < bytes.endIndex, bytes[at] == UInt8(ascii: " ") { at += 1 } }
        var quote: UInt8?
        if at < bytes.endIndex, bytes[at] == UInt8(ascii: "'") || bytes[at] == UInt8(ascii: "\"") {
            quote = bytes[at]
            at += 1
        }
        let nameStart = at
        while at < bytes.endIndex, CallContext.isIdentifierByte(bytes[at]), bytes[at] != UInt8(ascii: "$") { at += 1 }
        guard at > nameStart, !(bytes[nameStart] >= UInt8(ascii: "0") && bytes[nameStart] <= UInt8(ascii: "9")) else { return nil }
        // Ruby's bare `<<NAME` wants a capital (`list <<item` appends); a quoted name closes.
        if language == .ruby, !squiggly, quote == nil, !(bytes[nameStart] >= UInt8(ascii: "A") && bytes[nameStart] <= UInt8(ascii: "Z")) {
            return nil
        }
        if let quote {
            guard at < bytes.endIndex, bytes[at] == quote else { return nil }
            at += 1
        }
        let raw = quote == UInt8(ascii: "'")
        let form = StringForm(
            terminator: Array(bytes[nameStart..<(quote == nil ? at : at - 1)]), escapes: !raw,
            interpolation: raw ? nil : language.interpolation)
        return (form, at - index)
    }

    // MARK: Comments

    private mutating func stepLineComment() {
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
        close(at: index)
    }

    private mutating func stepBlockComment(depth: Int) {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        while index + 1 < bytes.endIndex {
            let byte = bytes[index]
            if byte == star, bytes[index + 1] == slash {
                index += 2
                if depth == 1 { close(at: index) } else { mode = .blockComment(depth: depth - 1) }
                return
            }
            if byte == slash, bytes[index + 1] == star, language.nestsBlockComments {
                index += 2
                mode = .blockComment(depth: depth + 1)
                return
            }
            index += 1
        }
        index = bytes.endIndex
    }

    /// Ruby's `=begin` block, up to the end of its `=end` line.
    private mutating func stepDocumentation() {
        while index < bytes.endIndex {
            if atLineStart(index), startsWord("=end", at: index) {
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                close(at: index)
                return
            }
            index += 1
        }
    }

    // MARK: Strings

    /// Lexes the string of `form` from `index` as far as `position`, until something other than
    /// its text comes (its end, an escape's pair, an interpolation): each step of `lex(through:)`
    /// copies the mode's form out (three arrays retained and released), so its text is not
    /// lexed a byte a step.
    private mutating func stepString(_ form: StringForm, through position: Int) {
        while index <= position, index < bytes.endIndex {
            if let terminator = form.terminator, atLineStart(index), let end = heredocEnd(terminator) {
                endLiteral(form, textEnd: index, end: end, closed: true)
                index = end
                close(at: end)
                return
            }
            let byte = bytes[index]
            if let interpolation = form.interpolation, byte == interpolation.open[0], starts(with: interpolation.open) {
                index += interpolation.open.count
                interpolate(
                    form, open: interpolation.open.last == UInt8(ascii: "(") ? UInt8(ascii: "(") : UInt8(ascii: "{"),
                    close: interpolation.close)
                return
            }
            if form.braceInterpolation, byte == UInt8(ascii: "{") {
                if following(1) == UInt8(ascii: "{") {
                    index += 2
                } else {
                    index += 1
                    interpolate(form, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
                }
                return
            }
            if byte == form.escape {
                // The escaped byte is the string's, a quote too; an escaped line end carries the string on.
                index = min(bytes.endIndex, index + 2)
                return
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), !form.spansLines {
                endLiteral(form, textEnd: index, end: index, closed: false)
                close(at: index)
                return
            }
            if !form.close.isEmpty, byte == form.close[0], starts(with: form.close) {
                if form.doubledQuote, following(1) == form.close[0] {
                    index += 2
                    return
                }
                endLiteral(form, textEnd: index, end: index + form.close.count, closed: true)
                index += form.close.count
                close(at: index)
                return
            }
            index += 1
        }
    }

    /// Ends the string span before the code an interpolation holds, and lexes that code.
    private mutating func interpolate(_ form: StringForm, open: UInt8, close: UInt8) {
        self.close(at: index)
        literals[currentLiteral].isInterpolated = true
        frames.append(Frame(form: form, literal: currentLiteral, open: open, close: close))
    }

    /// Opens a string literal at `index`, its opening delimiter `length` bytes long.
    private mutating func openLiteral(_ form: StringForm, length: Int) {
        currentLiteral = literals.count
        literals.append(Literal(start: index, textStart: min(bytes.endIndex, index + length), escapes: form.escape != nil))
        open(.string, length: length, mode: .string(form))
    }

    /// Ends the literal being lexed: its text ends at `textEnd`, the literal at `end`.
    private mutating func endLiteral(_ form: StringForm, textEnd: Int, end: Int, closed: Bool) {
        var literal = literals[currentLiteral]
        literal.end = end
        literal.textEnd = textEnd
        literal.isClosed = closed
        if !literal.isInterpolated, form.interpolation != nil || form.braceInterpolation, language.interpolatesDollarNames,
            namesVariable(in: literal.textStart..<textEnd)
        {
            literal.isInterpolated = true
        }
        literals[currentLiteral] = literal
    }

    /// True when `range` holds a `$` before a name's first letter: Kotlin's, Groovy's, Dart's and
    /// PHP's `"$name"`.
    private func namesVariable(in range: Range<Int>) -> Bool {
        guard range.lowerBound < range.upperBound else { return false }
        for dollar in range.dropLast() where bytes[dollar] == UInt8(ascii: "$") {
            let next = bytes[dollar + 1]
            if next == UInt8(ascii: "_") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) { return true }
        }
        return false
    }

    /// Where the heredoc's terminator line, at `index`, ends its body: after the name, when the
    /// line holds it first (after spaces) and it stands alone as a word.
    private func heredocEnd(_ terminator: [UInt8]) -> Int? {
        var at = index
        while at < bytes.endIndex, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
        guard bytes[at...].starts(with: terminator) else { return nil }
        let end = at + terminator.count
        guard end >= bytes.endIndex || !CallContext.isIdentifierByte(bytes[end]) else { return nil }
        return end
    }

    // MARK: Helpers

    /// Opens a span of `kind` at `index`, `length` bytes of delimiter long, and lexes on in `mode`.
    private mutating func open(_ kind: Kind, length: Int, mode: Mode) {
        spans.append(Span(start: index, end: .max, kind: kind, literal: kind == .string ? currentLiteral : nil))
        index = min(bytes.endIndex, index + length)
        self.mode = mode
    }

    /// Closes the open span at `end`: code goes on.
    private mutating func close(at end: Int) {
        spans[spans.count - 1].end = end
        mode = .code
    }

    private func following(_ offset: Int) -> UInt8 {
        index + offset < bytes.endIndex ? bytes[index + offset] : 0
    }

    private func starts(with delimiter: [UInt8]) -> Bool {
        bytes[index...].starts(with: delimiter)
    }

    private func atLineStart(_ position: Int) -> Bool {
        position == bytes.startIndex || bytes[position - 1] == UInt8(ascii: "\n") || bytes[position - 1] == UInt8(ascii: "\r")
    }

    /// True when `word` is at `position`, followed by a space or a line's end.
    private func startsWord(_ word: String, at position: Int) -> Bool {
        let word = Array(word.utf8)
        guard bytes[position...].starts(with: word) else { return false }
        let end = position + word.count
        return end >= bytes.endIndex || CallContext.isSpace(bytes[end])
    }
}
