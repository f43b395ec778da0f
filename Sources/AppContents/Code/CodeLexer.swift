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
    private var scanner: CodeScanner

    /// Ready to lex `bytes`, the text of a file in `language`.
    init(_ bytes: ArraySlice<UInt8>, language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
        scanner = CodeScanner(bytes: bytes, language: language)
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
        var found = spans[low - 1]
        if found.end == .max { found.end = bytes.endIndex }  // open where the text ends
        return found
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

    /// The text of the string literal that fills `range` exactly, from its opening quote to past
    /// its closing one; nil when none does, or it holds code or did not close (`text(of:)`).
    func textOfLiteral(filling range: Range<Int>) -> String? {
        guard let literal = literal(at: range.lowerBound), literal.end == range.upperBound else { return nil }
        return text(of: literal)
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
        let bytes = utf8Bytes(of: line)
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        guard let comment = lexer.spans.first(where: { $0.kind == .lineComment }) else { return line }
        return line[..<line.utf8.index(line.startIndex, offsetBy: comment.start)]
    }
}
