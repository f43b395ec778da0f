/// A four-character code as it appears in a file: chunk ids, form types, format ids.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public typealias StringLiteralType = StaticString

    /// The four bytes in file order.
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// Creates a code from its four bytes in file order.
    init(bytes: (UInt8, UInt8, UInt8, UInt8)) {
        self.bytes = bytes
    }

    /// Creates a code from the first four bytes of `slice`, which must hold at least four.
    init<C: Collection>(_ slice: C) where C.Element == UInt8 {
        var iterator = slice.makeIterator()
        bytes = (iterator.next() ?? 0, iterator.next() ?? 0, iterator.next() ?? 0, iterator.next() ?? 0)
    }

    /// Creates a code from a four-character ASCII literal.
    public init(stringLiteral value: StaticString) {
        guard value.hasPointerRepresentation else {
            self = value.withUTF8Buffer { FourCC($0) }
            return
        }
        // Four loads from the literal's bytes, which the optimizer folds into a constant: built
        // through the buffer, each literal a parser compares with cost 390 instructions a file.
        let count = value.utf8CodeUnitCount
        let start = value.utf8Start
        bytes = (count > 0 ? start[0] : 0, count > 1 ? start[1] : 0, count > 2 ? start[2] : 0, count > 3 ? start[3] : 0)
    }

    /// The code as a 32-bit big-endian number.
    var value: UInt32 {
        UInt32(bytes.0) << 24 | UInt32(bytes.1) << 16 | UInt32(bytes.2) << 8 | UInt32(bytes.3)
    }

    /// True when every byte is printable ASCII, as every real chunk id is.
    var isPrintable: Bool {
        func printable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte <= 0x7E }
        return printable(bytes.0) && printable(bytes.1) && printable(bytes.2) && printable(bytes.3)
    }

    /// The code as text; bytes that are not printable appear as `\xNN`.
    public var description: String {
        [bytes.0, bytes.1, bytes.2, bytes.3].map { byte in
            (0x20...0x7E).contains(byte)
                ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    public static func == (lhs: FourCC, rhs: FourCC) -> Bool { lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
