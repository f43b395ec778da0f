/// `text` with the ASCII bytes that `replacement` names written as the text it returns for them,
/// scanning UTF-8 bytes: an ASCII byte never occurs inside a multi-byte character, so the rest of
/// the text is copied as it is. Text with nothing to replace comes back as it is, unallocated.
/// The report formats' escapes, which walked `Character`s and built a `String` by appending each
/// (`--format github` spent 97,000 instructions a file there; Scripts/bench validate).
func replacingASCII(in text: String, _ replacement: (UInt8) -> StaticString?) -> String {
    var scanned = text
    let replaced = scanned.withUTF8 { bytes -> [UInt8]? in
        var output: [UInt8] = []
        var plainFrom = 0
        for index in bytes.indices where bytes[index] < 0x80 {
            guard let escape = replacement(bytes[index]) else { continue }
            if plainFrom == 0 { output.reserveCapacity(bytes.count + 16) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<index]))
            escape.withUTF8Buffer { output.append(contentsOf: $0) }
            plainFrom = index + 1
        }
        // Nothing replaced: the text as it is.
        guard plainFrom > 0 else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom...]))
        return output
    }
    return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
}
