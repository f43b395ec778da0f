import Foundation
import Testing

@testable import AppContents

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    private func failure(_ text: String) -> String? { failure(Array(text.utf8)) }

    @Test("values of every kind, whitespace around them, the last of a repeated key")
    func values() throws {
        let value = try parse(" {\"a\": [1, -2.5e2, 0, true, false, null, \"x\"],\t\"b\": {}, \"c\": [], \"a2\": 1, \"a2\": 2}\r\n")
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-250), .number(0), .bool(true), .bool(false), .null, .string("x")]),
                    "b": .object([:]), "c": .array([]), "a2": .number(2),
                ]))
    }

    @Test("escapes, surrogate pairs and raw UTF-8 decode to the same text")
    func strings() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u266A\ud83d\udd14""#) == .string("é♪🔔"))
        #expect(try parse("\"é♪🔔\"") == .string("é♪🔔"))
    }

    @Test("malformed input names the problem and the byte it is at")
    func malformed() {
        #expect(failure("") == "unexpected end of input at byte 0")
        #expect(failure("{\"a\":1,}") == "expected a key at byte 7")
        #expect(failure("{\"a\" 1}") == "expected ':' at byte 5")
        #expect(failure("[1 2]") == "expected ',' or ']' at byte 3")
        #expect(failure("{} x") == "unexpected text after the value at byte 3")
        #expect(failure("01") == "unexpected text after the value at byte 1")
        #expect(failure("-") == "a malformed number at byte 0")
        #expect(failure("1.") == "a malformed number at byte 0")
        #expect(failure("1e+") == "a malformed number at byte 0")
        #expect(failure(".5") == "unexpected character at byte 0")
        #expect(failure("1e999") == "a number out of range at byte 0")
        #expect(failure("tru") == "unexpected character at byte 0")
        #expect(failure("\"abc") == "unterminated string at byte 4")
        #expect(failure("\"a\nb\"") == "a control character inside a string at byte 2")
        #expect(failure(#""\x""#) == "an unknown escape at byte 1")
        #expect(failure(#""\u12G4""#) == "expected 4 hex digits after \\u at byte 5")
        #expect(failure(#""\ud83d""#) == "a lone UTF-16 surrogate at byte 7")
        #expect(failure(#""\udd14""#) == "a lone UTF-16 surrogate at byte 7")
        #expect(failure([0x22, 0x61, 0xFF, 0x22]) == "a string that is not UTF-8 at byte 1")
    }

    @Test("nesting deeper than the limit is refused without recursing further")
    func depth() throws {
        let limit = JSONParser.maximumDepth
        _ = try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        #expect(failure(String(repeating: "[", count: 100_000)) == "nested deeper than \(limit) at byte \(limit)")
        #expect(failure(String(repeating: "{\"a\":", count: limit + 1)) == "nested deeper than \(limit) at byte \(5 * limit)")
    }

    /// Foundation accepts a comma before `]` or `}`; RFC 8259 (and this parser) does not.
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ",") && ($1 == UInt8(ascii: "]") || $1 == UInt8(ascii: "}")) }
    }

    @Test("agrees with Foundation's JSONSerialization on 20,000 mutated payloads (but for trailing commas)")
    func agreesWithFoundation() throws {
        let seeds = [
            #"{"aps":{"alert":{"title":"Hi","body":"\u00e9 \"q\""},"badge":3,"sound":{"critical":1,"name":"a.caf","volume":0.8}},"id":[1,-2.5e-3,true,null]}"#,
            #"{"aps":{"sound":"Ding.caf"},"x":{"y":[{},[],"\ud83d\udd14",0,1E5]}}"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[],:"\ -+.eE0123456789aeflnrstu/bfnrtu"#.utf8) + [0x00, 0x0A, 0x1F, 0xC3, 0xA9, 0xFF]
        var generator = SplitMix64(seed: 0x5EED)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = seeds[Int(generator.next() % 2)]
            for _ in 0..<(1 + generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            guard !Self.hasTrailingComma(bytes) else { continue }
            let ours = try? JSONParser.parse(bytes)
            let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            #expect((ours == nil) == (theirs == nil), "disagree on \(String(decoding: bytes, as: UTF8.self))")
            if let ours, let theirs {
                accepted += 1
                #expect(Self.matches(ours, theirs), "different values for \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(accepted > 1000, "too few mutations stayed valid to compare values (\(accepted))")
    }

    /// Whether our value is the one `JSONSerialization` produced.
    private static func matches(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let flag): return (theirs as? NSNumber).map { $0 == NSNumber(value: flag) } ?? false
        case .number(let number): return (theirs as? NSNumber)?.doubleValue == number
        case .string(let text): return theirs as? String == text
        case .array(let elements):
            guard let array = theirs as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let dictionary = theirs as? [String: Any], dictionary.count == members.count else { return false }
            return members.allSatisfy { key, value in dictionary[key].map { matches(value, $0) } ?? false }
        }
    }
}

/// A small deterministic generator, so a failing mutation reproduces.
private struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
