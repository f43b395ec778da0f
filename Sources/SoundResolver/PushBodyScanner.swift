import AppContents

/// Reads a push body's UTF-8 bytes once, front to back, without building a JSON value: it checks
/// that they are JSON exactly as `JSONParser` (AppContents) does — the same refusals, worded the
/// same, at the same bytes, nesting at most `JSONParser.maximumDepth` deep — and notes where the
/// value of each key a shape reads (`PushBodyField`) starts. A repeated key keeps its last value,
/// as in the parser's dictionaries: a new value under a key forgets what was noted under the old.
///
/// A body of a few hundred bytes is read in well under a microsecond, with no heap allocation:
/// the notes are a fixed-size value on the stack.
struct PushBodyScanner {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var offsets = PushBodyOffsets()

    private let knownStrings: KnownStrings?

    private init(_ bytes: UnsafeRawBufferPointer, knownStrings: KnownStrings?) {
        self.bytes = bytes
        self.knownStrings = knownStrings
    }

    /// Calls `read` with each body in `bytes` — the object, or each element of an array of them —
    /// as soon as it is scanned, and stops calling it after its first error. What throws is what
    /// reading the whole text as JSON first, then each body in order, would throw: a syntax error
    /// anywhere; else an element that is no object, or the first error of `read`
    /// (`.inElement(index, …)` in an array); else `.notAnObject(element: nil)` for a text that is
    /// neither an object nor an array.
    static func forEachBody(
        in bytes: UnsafeRawBufferPointer, knownStrings: KnownStrings?, _ read: (PushBody) throws(PayloadError) -> Void
    ) throws(PayloadError) {
        var scanner = PushBodyScanner(bytes, knownStrings: knownStrings)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else { throw scanner.syntaxError("unexpected end of input") }
        var deferred: PayloadError?
        switch bytes[scanner.index] {
        case UInt8(ascii: "{"):
            try scanner.value(depth: 0, field: .body)
            try scanner.end()
            try read(PushBody(bytes: bytes, offsets: scanner.offsets, knownStrings: knownStrings))
            return
        case UInt8(ascii: "["):
            try scanner.bodies { body, element throws(PayloadError) in
                guard deferred == nil else { return }
                guard let body else {
                    deferred = .notAnObject(element: element)
                    return
                }
                do throws(PayloadError) {
                    try read(body)
                } catch {
                    deferred = .inElement(element, error.description)
                }
            }
        default:
            try scanner.value(depth: 0, field: nil)
            deferred = .notAnObject(element: nil)
        }
        try scanner.end()
        if let deferred { throw deferred }
    }

    /// The elements of the array of bodies at `index`, each scanned and handed to `each` with its
    /// position (nil for an element that is no object).
    private mutating func bodies(_ each: (PushBody?, Int) throws(PayloadError) -> Void) throws(PayloadError) {
        // As the parser's array(depth: 1), whose elements are values at depth 1.
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        var element = 0
        repeat {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                offsets = PushBodyOffsets()
                offsets[.body] = index
                try object(depth: 2, field: .body)
                try each(PushBody(bytes: bytes, offsets: offsets, knownStrings: knownStrings), element)
            } else {
                try value(depth: 1, field: nil)
                try each(nil, element)
            }
            element += 1
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw syntaxError("expected ',' or ']'") }
    }

    /// Nothing but whitespace after the value, as the parser requires.
    private mutating func end() throws(PayloadError) {
        skipWhitespace()
        guard index == bytes.count else { throw syntaxError("unexpected text after the value") }
    }

    /// One value, noted as `field`'s when it is one a shape reads.
    private mutating func value(depth: Int, field: PushBodyField?) throws(PayloadError) {
        skipWhitespace()
        guard index < bytes.count else { throw syntaxError("unexpected end of input") }
        if let field {
            offsets.forget(field.subtree)
            offsets[field] = index
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth + 1, field: field)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw syntaxError("unexpected character")
        }
    }

    /// An object at `index`; its keys are looked up among `field`'s children when it is a field.
    private mutating func object(depth: Int, field: PushBodyField?) throws(PayloadError) {
        guard depth <= JSONParser.maximumDepth else { throw syntaxError("nested deeper than \(JSONParser.maximumDepth)") }
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key") }
            let key = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw syntaxError("expected ':'") }
            try value(depth: depth, field: field?.child(named: key, in: bytes))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw syntaxError("expected ',' or '}'") }
    }

    /// An array at `index`: no field lies inside one.
    private mutating func array(depth: Int) throws(PayloadError) {
        guard depth <= JSONParser.maximumDepth else { throw syntaxError("nested deeper than \(JSONParser.maximumDepth)") }
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try value(depth: depth, field: nil)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw syntaxError("expected ',' or ']'") }
    }

    /// A string starting at its opening quote: its escapes checked (not decoded) and its text
    /// checked to be UTF-8 once it ends, as the parser decodes then checks it.
    private mutating func string() throws(PayloadError) -> JSONStringBytes {
        index += 1
        let start = index
        skipPlainText()
        var escaped = false
        while true {
            guard index < bytes.count else { throw syntaxError("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                // The escapes are ASCII, and each decodes to a whole scalar: the text is UTF-8
                // exactly when the bytes between the quotes are.
                guard UTF8Check.isValid(bytes, start..<index - 1) else {
                    throw syntaxError("a string that is not UTF-8", at: start)
                }
                return JSONStringBytes(range: start..<index - 1, isEscaped: escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                try escape()
            case ..<0x20:
                throw syntaxError("a control character inside a string", at: index - 1)
            default:
                break
            }
        }
    }

    /// Skips the string's bytes up to the first quote, backslash or control character: eight at a
    /// time while a word holds none (the bit tricks of "Bit Twiddling Hacks", Sean Eron Anderson:
    /// a byte below n, a byte equal to n), then byte by byte.
    private mutating func skipPlainText() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while bytes.count - index >= 8 {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            guard found & highs == 0 else { break }
            index += 8
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
    }

    /// The escape after a backslash.
    private mutating func escape() throws(PayloadError) {
        guard index < bytes.count else { throw syntaxError("unterminated string") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw syntaxError("a lone UTF-16 surrogate") }
                guard (0xDC00..<0xE000).contains(try hexQuad()) else { throw syntaxError("a lone UTF-16 surrogate") }
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw syntaxError("a lone UTF-16 surrogate")
            }
        default:
            throw syntaxError("an unknown escape", at: index - 2)
        }
    }

    private mutating func hexQuad() throws(PayloadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = JSONStringBytes.hexDigit(bytes[index]) else {
                throw syntaxError("expected 4 hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A number as the grammar has it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// refused when it is too large for a `Double`, as the parser refuses it. Its size is told
    /// from its digits without converting it, but at the one decimal magnitude (10³⁰⁸) where
    /// only converting can tell.
    private mutating func number() throws(PayloadError) {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        var integerDigits = 0
        if !consume(UInt8(ascii: "0")) {
            integerDigits = digits()
            guard integerDigits > 0 else { throw syntaxError("a malformed number", at: start) }
        }
        // The power of ten of the first digit that is not zero, before the exponent.
        var magnitude = integerDigits - 1
        var isZero = integerDigits == 0
        if consume(UInt8(ascii: ".")) {
            let fractionStart = index
            guard digits() > 0 else { throw syntaxError("a malformed number", at: start) }
            if isZero, let first = bytes[fractionStart..<index].firstIndex(where: { $0 != UInt8(ascii: "0") }) {
                magnitude = fractionStart - first - 1
                isZero = false
            }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            var negative = false
            if !consume(UInt8(ascii: "+")) { negative = consume(UInt8(ascii: "-")) }
            var exponent = 0
            let exponentStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                exponent = Swift.min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1 << 40)
                index += 1
            }
            guard index > exponentStart else { throw syntaxError("a malformed number", at: start) }
            magnitude += negative ? -exponent : exponent
        }
        // Below 10³⁰⁸ a number is finite; from 10³⁰⁹ it is past Double's largest (1.8 × 10³⁰⁸).
        guard isZero || magnitude < 308 else {
            guard magnitude == 308, JSONNumber.double(bytes, start..<index)?.isFinite == true else {
                throw syntaxError("a number out of range", at: start)
            }
            return
        }
    }

    /// Skips decimal digits; how many there were.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(PayloadError) {
        let end = index + word.utf8CodeUnitCount
        guard end <= bytes.count, JSONStringBytes.equal(bytes, index..<end, word) else {
            throw syntaxError("unexpected character")
        }
        index = end
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The parser's refusal, as `PayloadError.notJSON` words it.
    private func syntaxError(_ problem: String, at offset: Int? = nil) -> PayloadError {
        .notJSON("\(problem) at byte \(offset ?? index)")
    }
}
