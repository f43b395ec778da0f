/// What the readers of configs written as code ask `CodeLexer` beyond where strings and comments
/// lie: the value a string literal spells, and where the next code is.
extension CodeLexer {
    /// The value `literal` spells, its escapes resolved the way a name or a path needs them: a
    /// backslash dropped and the byte after it kept (`\'` a quote, `\\` a backslash). A string
    /// without escapes (Swift's `#"…"#`, Go's back-quoted one, Kotlin's `"""…"""`) keeps its
    /// backslashes. Nil when it holds code or did not close.
    func value(of literal: Literal) -> String? {
        guard let text = text(of: literal) else { return nil }
        guard literal.escapes, text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var resolved: [UInt8] = []
        var escaped = false
        for byte in bytes[literal.textStart..<literal.textEnd] {
            if byte == UInt8(ascii: "\\"), !escaped {
                escaped = true
                continue
            }
            escaped = false
            resolved.append(byte)
        }
        return String(decoding: resolved, as: UTF8.self)
    }

    /// The first position at or after `position` that is neither white space nor in a comment:
    /// code, a string's opening quote, or the text's end.
    func skippingSpaceAndComments(from position: Int) -> Int {
        var position = position
        while position < bytes.endIndex {
            if let span = span(around: position), span.kind == .lineComment || span.kind == .blockComment {
                position = span.end
            } else if CallContext.isSpace(bytes[position]) {
                position += 1
            } else {
                break
            }
        }
        return min(position, bytes.endIndex)
    }
}
