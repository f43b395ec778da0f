import SoundContainers

/// Any JSON value.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// `[…]`.
    case array([JSONValue])
    /// `{…}`; a repeated key keeps its last value.
    case object([String: JSONValue])
}

/// Why bytes are not JSON, and where.
public struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What was wrong.
    public let problem: String
    /// The byte offset it was found at.
    public let offset: Int

    public var description: String { "\(problem) at byte \(offset)" }
}

/// A strict RFC 8259 parser for notification payloads: UTF-8 only, nesting at most
/// `maximumDepth` deep, a repeated key keeps its last value. It exists because a scheduler reads
/// a payload per delivery: Foundation's `JSONDecoder` into an enum costs tens of microseconds.
public struct JSONParser {
    /// The deepest nesting accepted (APNs payloads are at most 4 KB; this only stops recursion).
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// Parses `bytes` as one JSON value, surrounded by nothing but whitespace.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':'") }
            members[key] = try value(depth: depth)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}'") }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try value(depth: depth))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']'") }
        return .array(elements)
    }

    /// A string starting at the opening quote; escapes decoded, UTF-8 validated.
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {  // no escapes: the common case
            index += 1
            return try text(bytes[start..<index - 1], startingAt: start)
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text(utf8, startingAt: start)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case ..<0x20:
                throw error("a control character inside a string", at: index - 1)
            default:
                utf8.append(byte)
            }
        }
    }

    /// `utf8` as text, for the string whose contents begin at byte `start`.
    private func text(_ utf8: some Collection<UInt8>, startingAt start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validUTF8: utf8) else {
            throw error("a string that is not UTF-8", at: start)
        }
        return text
    }

    /// The escape after a backslash, appended to `utf8` as UTF-8.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("unterminated string") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw error("a lone UTF-16 surrogate")
                }
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone UTF-16 surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone UTF-16 surrogate") }
            UTF8.encode(unicode) { utf8.append($0) }
        default:
            throw error("an unknown escape", at: index - 2)
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
                throw error("expected 4 hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A number as the grammar has it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard digits() > 0 else { throw error("a malformed number", at: start) }
        }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw error("a malformed number", at: start) }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("a malformed number", at: start) }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw error("a number out of range", at: start)
        }
        return value
    }

    /// Skips decimal digits; how many there were.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else {
            throw error("unexpected character")
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

    private func error(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: offset ?? index)
    }
}
