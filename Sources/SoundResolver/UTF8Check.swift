/// Whether bytes are well-formed UTF-8 (The Unicode Standard, table 3-7: no overlong form, no
/// surrogate, nothing past U+10FFFF), as the standard library's decoder judges them, without
/// making a `String`: a push body's strings are checked where they lie.
enum UTF8Check {
    /// True when `bytes[range]` is well-formed UTF-8.
    static func isValid(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            // Eight ASCII bytes at a time: the common case.
            while end - index >= 8, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < end else { return true }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead (table 3-7); the others are 80…BF.
            let count: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: count = 2
            case 0xE0: count = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED: count = 3; second = 0x80...0x9F
            case 0xF0: count = 4; second = 0x90...0xBF
            case 0xF1...0xF3: count = 4
            case 0xF4: count = 4; second = 0x80...0x8F
            default: return false
            }
            guard end - index >= count, second.contains(bytes[index + 1]) else { return false }
            for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
            index += count
        }
        return true
    }
}
