/// A JSON string where it lies in checked bytes: the bytes between its quotes, and whether they
/// hold escapes. Compared and decoded in place, so that a key or a token is matched without
/// making a `String`.
struct JSONStringBytes {
    /// The bytes between the quotes.
    let range: Range<Int>
    /// A backslash escape is among them.
    let isEscaped: Bool

    /// The string whose opening quote is at `quote` in checked JSON.
    init(at quote: Int, in bytes: UnsafeRawBufferPointer) {
        var index = quote + 1
        var escaped = false
        while bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        self.init(range: quote + 1..<index, isEscaped: escaped)
    }

    init(range: Range<Int>, isEscaped: Bool) {
        self.range = range
        self.isEscaped = isEscaped
    }

    /// True when the decoded string is `text`, byte for byte. For the ASCII keys and words a body
    /// is read by, that is `String`'s own equality: no other text is canonically equivalent to
    /// them (the only scalars that decompose to ASCII are U+212A to K, U+037E to ; and U+1FEF to `).
    func equals(_ text: StaticString, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard isEscaped else {
            return range.count == text.utf8CodeUnitCount && Self.equal(bytes, range, text)
        }
        var decoded = decodedBytes(in: bytes)
        for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) where decoded.next() != byte {
            return false
        }
        return decoded.next() == nil
    }

    /// True when the decoded string starts with `prefix` (ASCII) as `String.hasPrefix` has it:
    /// Character by Character, so a combining mark after the prefix's last character makes it
    /// another Character and no prefix.
    func hasPrefix(_ prefix: StaticString, in bytes: UnsafeRawBufferPointer) -> Bool {
        var decoded = decodedBytes(in: bytes)
        for byte in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) where decoded.next() != byte {
            return false
        }
        // An ASCII byte (or the end) after an ASCII prefix starts a new Character; anything else
        // may extend the last one, and only the standard library can tell.
        guard let next = decoded.next(), next >= 0x80 else { return true }
        return string(in: bytes).hasPrefix(prefix.description)
    }

    /// The decoded string.
    func string(in bytes: UnsafeRawBufferPointer) -> String {
        guard isEscaped else { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(range.count)
        var decoded = decodedBytes(in: bytes)
        while let byte = decoded.next() { utf8.append(byte) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The decoded string's UTF-8, one byte at a time.
    func decodedBytes(in bytes: UnsafeRawBufferPointer) -> DecodedBytes {
        DecodedBytes(bytes: bytes, index: range.lowerBound, end: range.upperBound)
    }

    /// A JSON string's UTF-8 with its escapes decoded, from checked bytes.
    struct DecodedBytes: IteratorProtocol {
        let bytes: UnsafeRawBufferPointer
        var index: Int
        let end: Int
        /// The rest of a decoded scalar's UTF-8, lowest byte first, and how many bytes are left.
        private var pending: UInt32 = 0
        private var pendingCount = 0

        init(bytes: UnsafeRawBufferPointer, index: Int, end: Int) {
            self.bytes = bytes
            self.index = index
            self.end = end
        }

        mutating func next() -> UInt8? {
            if pendingCount > 0 {
                let byte = UInt8(truncatingIfNeeded: pending)
                pending >>= 8
                pendingCount -= 1
                return byte
            }
            guard index < end else { return nil }
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else { return byte }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "b"): return 0x08
            case UInt8(ascii: "f"): return 0x0C
            case UInt8(ascii: "n"): return 0x0A
            case UInt8(ascii: "r"): return 0x0D
            case UInt8(ascii: "t"): return 0x09
            case UInt8(ascii: "u"): break
            default: return letter  // \" \\ \/
            }
            var scalar = hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                index += 2  // the low surrogate's \u, which the scanner checked is there
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad() - 0xDC00)
            }
            var first: UInt8 = 0
            var count = 0
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { unit in
                if count == 0 { first = unit } else { pending |= UInt32(unit) << (8 * UInt32(count - 1)) }
                count += 1
            }
            pendingCount = count - 1
            return first
        }

        private mutating func hexQuad() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value << 4 | (JSONStringBytes.hexDigit(bytes[index]) ?? 0)
                index += 1
            }
            return value
        }
    }

    /// True when `bytes[range]` are `text`'s bytes (`range` as long as `text`).
    static func equal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ text: StaticString) -> Bool {
        var offset = 0
        let utf8 = text.utf8Start
        for index in range {
            guard bytes[index] == utf8[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The value of a hexadecimal digit, or nil.
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
