import SoundPolicy

/// Writes compact JSON straight into bytes, keys in the order written, with no Foundation and no
/// intermediate tree (reports for thousands of files stay cheap).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// For each open container: true until its first member has been written.
    private var isFirstMember: [Bool] = []
    /// True right after a key, where the value needs no separator.
    private var afterKey = false

    init() {
        bytes.reserveCapacity(512)
    }

    /// The JSON text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() { openContainer(UInt8(ascii: "{")) }
    mutating func endObject() { closeContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { openContainer(UInt8(ascii: "[")) }
    mutating func endArray() { closeContainer(UInt8(ascii: "]")) }

    /// Writes an object member's key (plain ASCII, never escaped); the next value written is its value.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append(#"":"#)
        afterKey = true
    }

    /// Appends a literal's bytes (a `String`'s UTF-8 view cost ten times as much to append).
    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        separate()
        writeString(value)
    }

    mutating func integer<I: BinaryInteger>(_ value: I?) {
        guard let value, let wide = Int64(exactly: value) else { return null() }
        separate()
        if wide < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = wide.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A number; whole numbers keep a ".0" so readers see a float, non-finite ones become null.
    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return null() }
        guard value == value.rounded(), abs(value) < 1e15 else {
            separate()
            bytes += value.description.utf8
            return
        }
        integer(Int64(value))
        append(".0")
    }

    mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    /// A finding as the JSON contracts write it.
    mutating func finding(_ finding: Finding) {
        beginObject()
        key("code")
        string(finding.code.rawValue)
        key("severity")
        string(finding.severity.rawValue)
        key("message")
        string(finding.message)
        key("fix")
        string(finding.fix?.commandLine)
        endObject()
    }

    mutating func null() {
        separate()
        append("null")
    }

    private mutating func openContainer(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        isFirstMember.append(true)
    }

    private mutating func closeContainer(_ bracket: UInt8) {
        isFirstMember.removeLast()
        bytes.append(bracket)
    }

    /// Writes the comma between members, except after a key or before a container's first member.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let first = isFirstMember.last else { return }
        if first {
            isFirstMember[isFirstMember.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        defer { bytes.append(UInt8(ascii: "\"")) }
        var value = value
        let copiedPlainly = value.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        guard !copiedPlainly else { return }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(#"\""#)
            case UInt8(ascii: "\\"): append(#"\\"#)
            case UInt8(ascii: "\n"): append(#"\n"#)
            case UInt8(ascii: "\r"): append(#"\r"#)
            case UInt8(ascii: "\t"): append(#"\t"#)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                bytes += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: bytes.append(byte)
            }
        }
    }
}
