/// The string a config written as data or code gives one of its keys, where the file spells it
/// out: JSON's `"webDir": "dist"`, a JavaScript or TypeScript object's `webDir: 'www'` or
/// `"webDir": "www"`. `CodeLexer` reads the file in its language, so that a key or a value in a
/// comment, or inside another string, does not count.
public enum KeyedStringValue {
    /// The string literal given to the first `key` in `text` (a file in `language`) that a `:`
    /// follows: the key a word of code, or a string literal that is the key whole. Nil when no
    /// such key is there, or its value is not one string literal alone (a variable, a call, a
    /// template with `${…}`, a concatenation): a `,`, `}` or `;` follows the literal, or nothing.
    public static func value(of key: String, in text: String, language: CodeLanguage) -> String? {
        let bytes = Array(text.utf8)
        let name = Array(key.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        for start in ByteSearch.positions(of: name, in: bytes) {
            guard let keyEnd = keyEnd(name, at: start, lexer: lexer) else { continue }
            let colon = lexer.skippingSpaceAndComments(from: keyEnd)
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { continue }
            let valueStart = lexer.skippingSpaceAndComments(from: colon + 1)
            guard let literal = lexer.literal(at: valueStart), let value = lexer.value(of: literal) else { return nil }
            let next = lexer.skippingSpaceAndComments(from: literal.end)
            guard next == bytes.count || [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ";")].contains(bytes[next]) else {
                return nil
            }
            return value
        }
        return nil
    }

    /// Where the key `name` found at `start` ends: past the word, when it is a whole word of code,
    /// or past the string literal that holds it whole; nil when it is neither.
    private static func keyEnd(_ name: [UInt8], at start: Int, lexer: CodeLexer) -> Int? {
        let bytes = lexer.bytes
        let end = start + name.count
        if lexer.isCode(at: start) {
            let before = start > bytes.startIndex ? bytes[start - 1] : UInt8(ascii: " ")
            let after = end < bytes.endIndex ? bytes[end] : UInt8(ascii: " ")
            guard !CallContext.isIdentifierByte(before), before != UInt8(ascii: "."), !CallContext.isIdentifierByte(after) else {
                return nil
            }
            return end
        }
        guard start > bytes.startIndex, let literal = lexer.literal(at: start - 1), literal.textStart == start,
            literal.textEnd == end, literal.isClosed, !literal.isInterpolated
        else { return nil }
        return literal.end
    }
}
