/// The one scanner of source code's bytes that tells code from string literals and comments, in
/// every language soundcheck reads (`CodeLanguage` holds each one's differences): line comments
/// (`//`, `#`), block comments (`/* … */`, nested where the language nests them, Ruby's
/// `=begin`/`=end`), JavaScript's regular expressions, strings with their escapes, strings that span lines (JavaScript's templates,
/// triple quotes, Go's back-quoted raw strings, C#'s verbatim `@"…"`, Swift's `#"…"#`, heredocs
/// and nowdocs), and the code that interpolation puts back inside a string (`${…}`, `\(…)`,
/// `#{…}`, `{…}`).
///
/// One pass, forward and lazy: it lexes only as far as it is asked, and remembers where each
/// string and comment lies, so a question about an earlier position costs a search. A quote that
/// opens a string which may not span lines closes at its line's end whatever it holds: a quote
/// misread (a regular expression's, an apostrophe in prose) never hides more than its line.
final class CodeLexer {
    /// What a stretch of text that is no code is.
    enum Kind: Equatable {
        case string
        case lineComment
        case blockComment
        /// JavaScript's `/…/flags`.
        case regularExpression
    }

    /// A string literal or a comment, its delimiters included: `start..<end`, absolute indices.
    /// An interpolation splits a string in two spans around the code it holds.
    struct Span: Equatable {
        let start: Int
        var end: Int
        let kind: Kind
        /// A string's literal, its index in `literals`.
        var literal: Int?
    }

    /// A string literal whole, from its opening quote to past its closing one, with the code its
    /// interpolations hold: one literal for the spans an interpolation splits it in.
    struct Literal: Equatable {
        /// Its opening delimiter's first byte (the quote after a prefix such as `r`, `@` or `$`,
        /// a heredoc's body's first byte), an absolute index.
        let start: Int
        /// Past its closing delimiter, or where its line or the text cut it off; `Int.max` while it is open.
        var end = Int.max
        /// Where its text between the delimiters starts, and ends (`Int.max` while it is open).
        let textStart: Int
        var textEnd = Int.max
        /// It holds code: an interpolation (`${x}`, `\(x)`, `#{x}`, `{x}`) or a `$name` where the
        /// language reads one (Kotlin, Groovy, Dart, PHP).
        var isInterpolated = false
        /// It ended on its closing delimiter, not at its line's end or the text's.
        var isClosed = false
        /// A backslash escapes the byte after it: not in a raw string (Swift's `#"…"#`, Go's
        /// back-quoted, Kotlin's `"""…"""`, C#'s `@"…"`, a nowdoc).
        var escapes = true
    }

    let bytes: ArraySlice<UInt8>
    let language: CodeLanguage
    /// The strings and comments lexed so far, in order; the last one's end is `Int.max` while it is open.
    var spans: [Span] { scanner.spans }
    /// The string literals lexed so far, in the order they open (a literal inside another's
    /// interpolation after it).
    var literals: [Literal] { scanner.literals }
    /// Where lexing has got to.
    private var index: Int { scanner.index }
    /// The lexing itself, a value whose state one call changes at a time: the hot loop runs on it
    /// without the run-time exclusivity checks a class's own properties would cost at every byte.
    private var scanner: Scanner

    /// Ready to lex `bytes`, the text of a file in `language`.
    init(_ bytes: ArraySlice<UInt8>, language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
        scanner = Scanner(bytes: bytes, language: language)
    }

    /// True when the byte at `position` (an absolute index) is code, or opens a string or a
    /// comment there: it lies in no string or comment opened before it.
    func isCode(at position: Int) -> Bool {
        guard let span = span(around: position) else { return true }
        return span.start == position
    }

    /// The string or comment that holds the byte at `position`, if any, lexed to its end.
    func span(around position: Int) -> Span? {
        lex(through: position)
        var spans = self.spans
        // The last span that starts at or before `position`.
        var (low, high) = (0, spans.count)
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].start <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0, spans[low - 1].end > position else { return nil }
        while spans[low - 1].end == .max, index < bytes.endIndex {
            lex(through: index)
            spans = self.spans
        }
        return spans[low - 1].end == .max ? Span(start: spans[low - 1].start, end: bytes.endIndex, kind: spans[low - 1].kind, literal: spans[low - 1].literal) : spans[low - 1]
    }

    /// The bytes of `range` with every comment's blanked (spaces; line ends kept): what an
    /// expression that starts there reads as code.
    func blankingComments(in range: Range<Int>) -> [UInt8] {
        lex(through: range.upperBound)
        let spans = self.spans
        var result = Array(bytes[range])
        var (low, high) = (0, spans.count)
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].end <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        for span in spans[low...] where span.kind != .string {
            guard span.start < range.upperBound else { break }
            for index in max(span.start, range.lowerBound)..<min(span.end, range.upperBound)
            where result[index - range.lowerBound] != UInt8(ascii: "\n") && result[index - range.lowerBound] != UInt8(ascii: "\r") {
                result[index - range.lowerBound] = UInt8(ascii: " ")
            }
        }
        return result
    }

    /// Lexes the whole text.
    func lexAll() {
        lex(through: bytes.endIndex)
    }

    private func lex(through position: Int) {
        scanner.lex(through: position)
    }

}

extension CodeLexer {
    /// The string literal that opens at `position` (its quote, past any prefix), lexed to its end;
    /// nil when none opens there.
    func literal(at position: Int) -> Literal? {
        guard let found = literalIndex(at: position) else { return nil }
        while literals[found].end == .max, index < bytes.endIndex { lex(through: index) }
        return finished(literals[found])
    }

    /// The string literal whose closing delimiter's last byte is at `last`, or nil.
    func literal(endingAt last: Int) -> Literal? {
        guard let span = span(around: last), span.end == last + 1, let owner = span.literal, literals[owner].end == last + 1 else {
            return nil
        }
        return literals[owner]
    }

    /// The text of `literal` between its delimiters, escapes as written; nil when it holds code
    /// (`isInterpolated`) or did not close.
    func text(of literal: Literal) -> String? {
        guard literal.isClosed, !literal.isInterpolated, literal.textStart <= literal.textEnd else { return nil }
        return String(decoding: bytes[literal.textStart..<literal.textEnd], as: UTF8.self)
    }

    /// The source of `literal` between its delimiters, its interpolations as written
    /// (`android.resource://${pkg}/raw/chime`); nil when it did not close.
    func rawText(of literal: Literal) -> String? {
        guard literal.isClosed, literal.textStart <= literal.textEnd else { return nil }
        return String(decoding: bytes[literal.textStart..<literal.textEnd], as: UTF8.self)
    }

    /// The string literals that open in `range`, each whole (those inside another's interpolation too).
    func literals(in range: Range<Int>) -> [Literal] {
        lex(through: range.upperBound)
        var found: [Literal] = []
        for position in firstLiteral(startingAfter: range.lowerBound - 1)..<literals.count {
            guard literals[position].start < range.upperBound else { break }
            if let literal = literal(at: literals[position].start) { found.append(literal) }
        }
        return found
    }

    /// Where the bracket opened at `open` (`(`, `[` or `{` in code) closes, the brackets of strings
    /// and comments skipped; nil when it does not close before `limit`.
    func matchingClose(of open: Int, before limit: Int) -> Int? {
        var depth = 0
        var position = open
        let highest = min(bytes.endIndex, limit)
        while position < highest {
            if let span = span(around: position) {
                position = min(span.end, highest)
                continue
            }
            let nesting = Self.nesting(bytes[position])
            depth += nesting
            if nesting < 0, depth == 0 { return position }
            position += 1
        }
        return nil
    }

    /// Where the bracket closed at `close` (in code) opens, the brackets of strings and comments
    /// skipped; nil when it does not open at or after `lowest`.
    func matchingOpen(of close: Int, notBefore lowest: Int) -> Int? {
        var depth = 0
        var position = close
        var walk = backwards(from: close)
        while position >= lowest {
            position = walk.codePosition(atOrBefore: position)
            guard position >= lowest else { return nil }
            let nesting = Self.nesting(bytes[position])
            depth -= nesting
            if nesting > 0, depth == 0 { return position }
            position -= 1
        }
        return nil
    }

    /// What a byte does to the brackets open: `(`, `[` and `{` open one, `)`, `]` and `}` close one.
    private static func nesting(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): return 1
        case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): return -1
        default: return 0
        }
    }

    /// The last byte of code at or before `position`: `position` itself, or the byte before the
    /// string or comment that holds it (before its opening delimiter).
    func codePosition(atOrBefore position: Int) -> Int {
        var walk = backwards(from: position)
        return walk.codePosition(atOrBefore: position)
    }

    /// The code before `position` (and at it), for a walk backwards from there.
    func backwards(from position: Int) -> BackwardWalk {
        lex(through: position)
        return BackwardWalk(spans: spans)
    }

    /// A walk backwards over code: the strings and comments it meets are stepped over whole.
    /// Each position asked is at or before the last one, so a step costs no search.
    struct BackwardWalk {
        fileprivate let spans: [Span]
        /// The last span that may start at or before the position asked.
        private var candidate: Int

        fileprivate init(spans: [Span]) {
            self.spans = spans
            candidate = spans.count - 1
        }

        /// The last byte of code at or before `position`, which is at or before the last one asked.
        mutating func codePosition(atOrBefore position: Int) -> Int {
            var position = position
            while true {
                while candidate >= 0, spans[candidate].start > position { candidate -= 1 }
                guard candidate >= 0, spans[candidate].end > position else { return position }
                position = spans[candidate].start - 1
            }
        }
    }

    /// The index in `literals` of the one that opens at `position`.
    private func literalIndex(at position: Int) -> Int? {
        lex(through: position)
        let candidate = firstLiteral(startingAfter: position - 1)
        guard candidate < literals.count, literals[candidate].start == position else { return nil }
        return candidate
    }

    /// The index of the first literal that opens after `position`.
    private func firstLiteral(startingAfter position: Int) -> Int {
        let literals = self.literals
        var (low, high) = (0, literals.count)
        while low < high {
            let middle = (low + high) / 2
            if literals[middle].start <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `literal` as it stands where the text ended: cut off there when still open.
    private func finished(_ literal: Literal) -> Literal {
        guard literal.end == .max else { return literal }
        var cut = literal
        cut.end = bytes.endIndex
        cut.textEnd = bytes.endIndex
        return cut
    }
    /// `line`, read alone, up to the comment that ends it (`//`, `#`), or whole.
    static func beforeLineComment(_ line: Substring, language: CodeLanguage) -> Substring {
        let bytes = Array(line.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        guard let comment = lexer.spans.first(where: { $0.kind == .lineComment }) else { return line }
        return line[..<line.utf8.index(line.startIndex, offsetBy: comment.start)]
    }
}

/// `CodeLexer`'s state machine: one byte or delimiter a step, lazily, as far as a query asks.
private struct Scanner {
    typealias Span = CodeLexer.Span
    typealias Literal = CodeLexer.Literal
    typealias Kind = CodeLexer.Kind

    let bytes: ArraySlice<UInt8>
    let language: CodeLanguage
    /// The strings and comments lexed so far, in order; the last one's end is `Int.max` while it is open.
    var spans: [Span] = []
    /// The string literals lexed so far, in the order they open (a literal inside another's
    /// interpolation after it).
    var literals: [Literal] = []
    /// The literal the string being lexed belongs to.
    var currentLiteral = 0
    var index: Int
    var mode = Mode.code

    enum Mode {
        case code
        case lineComment
        case blockComment(depth: Int)
        /// Ruby's `=begin` … `=end`.
        case documentation
        case string(StringForm)
    }

    /// An interpolation open: the string it sits in, the brackets that open and close its code, and
    /// how many of its opening bracket are open inside it.
    struct Frame {
        let form: StringForm
        let literal: Int
        let open: UInt8
        let close: UInt8
        var depth = 0
    }

    var frames: [Frame] = []
    /// Heredocs opened on the current line: their bodies start on the next.
    var pendingHeredocs: [StringForm] = []

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
            case .string(let form): stepString(form)
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

    private mutating func stepString(_ form: StringForm) {
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
                form, open: interpolation.open.last == UInt8(ascii: "(") ? UInt8(ascii: "(") : UInt8(ascii: "{"), close: interpolation.close
            )
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
