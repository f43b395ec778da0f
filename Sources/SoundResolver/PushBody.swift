/// One push body as `PushBodyScanner` leaves it: its checked bytes, and where the value of each
/// field a shape reads starts. Values are read from the bytes when asked for.
struct PushBody {
    let bytes: UnsafeRawBufferPointer
    let offsets: PushBodyOffsets
    /// Strings a caller already holds (an inventory's sound names): a value spelled like one of
    /// them is that `String`, shared rather than made, so that reading it allocates nothing.
    let knownStrings: KnownStrings?

    /// The value under `field`, when the body has one.
    subscript(field: PushBodyField) -> PushBodyValue? {
        let offset = offsets[field]
        return offset < 0 ? nil : PushBodyValue(offset: offset, firstByte: bytes[offset])
    }

    /// True when `field` holds a value, `null` included.
    func has(_ field: PushBodyField) -> Bool { offsets[field] >= 0 }

    /// A string value's text.
    func string(_ value: PushBodyValue) -> String {
        let text = JSONStringBytes(at: value.offset, in: bytes)
        if !text.isEscaped, let known = knownStrings?.string(spelled: UnsafeRawBufferPointer(rebasing: bytes[text.range])) {
            return known
        }
        return text.string(in: bytes)
    }

    /// True when a string value is `text`.
    func string(_ value: PushBodyValue, is text: StaticString) -> Bool {
        JSONStringBytes(at: value.offset, in: bytes).equals(text, in: bytes)
    }

    /// A number value, as the parser converts it.
    func number(_ value: PushBodyValue) -> Double {
        var end = value.offset
        while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
        return JSONNumber.double(bytes, value.offset..<end) ?? .nan
    }

    /// A `true` or `false` value.
    func bool(_ value: PushBodyValue) -> Bool { value.firstByte == UInt8(ascii: "t") }

    /// True for an Expo push token (`ExponentPushToken[…]`, `ExpoPushToken[…]`) or a list of
    /// them, nested lists included.
    func isExpoAddress(_ value: PushBodyValue) -> Bool {
        switch value.kind {
        case .string:
            let token = JSONStringBytes(at: value.offset, in: bytes)
            return token.hasPrefix("ExponentPushToken[", in: bytes) || token.hasPrefix("ExpoPushToken[", in: bytes)
        case .array:
            var elements = CheckedJSON(bytes: bytes, index: value.offset).elements()
            var count = 0
            while let element = elements.next() {
                guard isExpoAddress(PushBodyValue(offset: element, firstByte: bytes[element])) else { return false }
                count += 1
            }
            return count > 0
        default:
            return false
        }
    }

    /// The body's own keys, decoded, each once (the first spelling of keys `String` takes for
    /// one), as its dictionary's keys were.
    func keys() -> [String] {
        var keys = Set<String>()
        var members = CheckedJSON(bytes: bytes, index: offsets[.body]).members()
        while let member = members.next() { keys.insert(member.key.string(in: bytes)) }
        return Array(keys)
    }

    /// True when each of the body's own keys is one of `names`.
    func keysAreAll(of names: [StaticString]) -> Bool {
        var members = CheckedJSON(bytes: bytes, index: offsets[.body]).members()
        while let member = members.next() {
            guard names.contains(where: { member.key.equals($0, in: bytes) }) else { return false }
        }
        return true
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
            UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}

/// A value of a push body, told apart by its first byte.
struct PushBodyValue {
    /// Its kind, as JSON has them.
    enum Kind {
        case object, array, string, number, bool, null
    }

    /// Where it starts in the body's bytes.
    let offset: Int
    let firstByte: UInt8

    var kind: Kind {
        switch firstByte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }
}

/// Where each `PushBodyField`'s value starts in a body's bytes, -1 where it has none: a value on
/// the stack, so that noting them allocates nothing. Read and written through its memory: a SIMD
/// vector indexed by a variable is otherwise copied whole at every access.
struct PushBodyOffsets {
    private var storage = SIMD64<Int>(repeating: -1)

    subscript(field: PushBodyField) -> Int {
        get { withUnsafeBytes(of: storage) { $0.load(fromByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self) } }
        set {
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self)
            }
        }
    }

    /// Forgets the fields in `fields` (a run of `PushBodyField` raw values).
    mutating func forget(_ fields: Range<Int>) {
        withUnsafeMutableBytes(of: &storage) { memory in
            for field in fields { memory.storeBytes(of: -1, toByteOffset: field * MemoryLayout<Int>.stride, as: Int.self) }
        }
    }
}

/// Walks values of JSON that was already checked, for what a body's fields hold: an array's
/// elements, an object's members.
struct CheckedJSON {
    let bytes: UnsafeRawBufferPointer
    var index: Int

    /// The offsets of the elements of the array at `index`.
    func elements() -> Elements { Elements(walk: self) }

    /// The keys of the object at `index`, each with its value's offset.
    func members() -> Members { Members(walk: self) }

    /// Each element's offset, in order; between calls the walk stands on the `[`, a `,` or the `]`.
    struct Elements: IteratorProtocol {
        fileprivate var walk: CheckedJSON

        mutating func next() -> Int? {
            guard walk.bytes[walk.index] != UInt8(ascii: "]") else { return nil }
            walk.index += 1
            walk.skipWhitespace()
            guard walk.bytes[walk.index] != UInt8(ascii: "]") else { return nil }
            let element = walk.index
            walk.skipValue()
            walk.skipWhitespace()
            return element
        }
    }

    /// Each member's key and value offset, in order; between calls the walk stands on the `{`, a
    /// `,` or the `}`.
    struct Members: IteratorProtocol {
        fileprivate var walk: CheckedJSON

        mutating func next() -> (key: JSONStringBytes, value: Int)? {
            guard walk.bytes[walk.index] != UInt8(ascii: "}") else { return nil }
            walk.index += 1
            walk.skipWhitespace()
            guard walk.bytes[walk.index] == UInt8(ascii: "\"") else { return nil }
            let key = JSONStringBytes(at: walk.index, in: walk.bytes)
            walk.index = key.range.upperBound + 1
            walk.skipWhitespace()
            walk.index += 1  // the colon
            walk.skipWhitespace()
            let value = walk.index
            walk.skipValue()
            walk.skipWhitespace()
            return (key, value)
        }
    }

    /// Moves past the value at `index`.
    private mutating func skipValue() {
        var depth = 0
        repeat {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = JSONStringBytes(at: index, in: bytes).range.upperBound + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default:
                guard depth == 0 else { break }
                // A number or a literal: up to the byte that ends it.
                while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
                return
            }
            index += 1
        } while depth > 0
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return true
        default: return false
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}

/// A JSON number's bytes as a `Double`, converted as `JSONParser` converts them.
enum JSONNumber {
    static func double(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        // Up to 15 bytes make a small String, which needs no allocation.
        Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }
}
