import SoundPolicy

/// Writes compact JSON straight into bytes, keys in the order written, with no Foundation and no
/// intermediate tree (reports for thousands of files stay cheap). The bytes live in a buffer of
/// its own: an `Array`'s append cost 200 instructions a call, two thirds of a file's fragment.
struct JSONWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity = 512
    /// One bit per open container, innermost lowest: set until its first member has been written.
    private var firstMembers: UInt64 = 0
    private var depth = 0
    /// True right after a key, where the value needs no separator.
    private var afterKey = false

    init() {
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The JSON text.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    mutating func beginObject() { openContainer(UInt8(ascii: "{")) }
    mutating func endObject() { closeContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { openContainer(UInt8(ascii: "[")) }
    mutating func endArray() { closeContainer(UInt8(ascii: "]")) }

    /// Writes an object member's key (plain ASCII, never escaped); the next value written is its value.
    /// One reservation and a byte loop: keys are a few bytes, where a `memcpy` call through
    /// `withUTF8Buffer` cost more than the copy (240 instructions a key, a third of a file's JSON).
    /// Inlined, so that each literal's length and bytes are constants where it is written.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        separate()
        let length = name.utf8CodeUnitCount
        reserve(length + 3)
        let start = storage + count
        start[0] = UInt8(ascii: "\"")
        let source = name.utf8Start
        for offset in 0..<length { start[1 + offset] = source[offset] }
        start[1 + length] = UInt8(ascii: "\"")
        start[2 + length] = UInt8(ascii: ":")
        count += length + 3
        afterKey = true
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        separate()
        writeString(value)
    }

    mutating func integer<I: BinaryInteger>(_ value: I?) {
        guard let value, let wide = Int64(exactly: value) else { return null() }
        separate()
        if wide < 0 { append(UInt8(ascii: "-")) }
        var magnitude = wide.magnitude
        var digits = 0
        var scratch = magnitude
        repeat {
            digits += 1
            scratch /= 10
        } while scratch > 0
        reserve(digits)
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            storage[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A number; whole numbers keep a ".0" so readers see a float, non-finite ones become null.
    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return null() }
        guard value == value.rounded(), abs(value) < 1e15 else {
            separate()
            append(value.description)
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
    /// `values` as an array of strings.
    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `findings` as an array of finding objects.
    mutating func findings(_ findings: [Finding]) {
        beginArray()
        for finding in findings { self.finding(finding) }
        endArray()
    }

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
        append(bracket)
        precondition(depth < 64, "JSON nested more than 64 deep")
        firstMembers |= 1 << UInt64(depth)
        depth += 1
    }

    private mutating func closeContainer(_ bracket: UInt8) {
        depth -= 1
        firstMembers &= ~(1 << UInt64(depth))
        append(bracket)
    }

    /// Writes the comma between members, except after a key or before a container's first member.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth - 1)
        if firstMembers & bit != 0 {
            firstMembers &= ~bit
        } else {
            append(UInt8(ascii: ","))
        }
    }

    private mutating func writeString(_ value: String) {
        append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            if Self.isPlain(utf8) {
                append(utf8)
                return
            }
            reserve(utf8.count)
            var plainFrom = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none needs escaping: most of a report's text.
                if index + 8 <= utf8.count, !Self.needsEscaping(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = utf8[index]
                index += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[plainFrom..<(index - 1)]))
                switch byte {
                case UInt8(ascii: "\""): append(#"\""#)
                case UInt8(ascii: "\\"): append(#"\\"#)
                case UInt8(ascii: "\n"): append(#"\n"#)
                case UInt8(ascii: "\r"): append(#"\r"#)
                case UInt8(ascii: "\t"): append(#"\t"#)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    append(#"\u00"#)
                    append(hex[Int(byte >> 4)])
                    append(hex[Int(byte & 0x0F)])
                }
                plainFrom = index
            }
            append(UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
        }
        append(UInt8(ascii: "\""))
    }

    /// True when no byte of `utf8` needs escaping, tested a word at a time: the last word overlaps
    /// the one before it, and a string under eight bytes is padded with spaces. Most of a report's
    /// strings are plain, and short ones (`ios`, `pass`, `ima4`) cost a byte loop each before.
    private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let count = utf8.count
        guard count >= 8 else {
            var padded: UInt64 = 0x2020_2020_2020_2020
            withUnsafeMutableBytes(of: &padded) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
            return !needsEscaping(padded)
        }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 < count {
            if needsEscaping(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        return !needsEscaping(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\`: the bytes
    /// below 0x20 are those whose subtraction of 0x20 borrows (bytes from 0x80 never count), and
    /// a byte equal to another is one whose XOR with it is zero.
    private static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Makes room for `more` bytes. Inlined, and the growing kept out of line: the writer
    /// appends some forty single bytes a file.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(toHold: count + more) }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let grown = max(capacity * 2, needed)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        if bytes.count <= 16 {
            // Most of what is appended is a few bytes: a loop beats a call to memcpy.
            for offset in 0..<bytes.count { storage[count + offset] = base[offset] }
        } else {
            (storage + count).update(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    /// Appends a literal's bytes.
    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends a string's UTF-8.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}
