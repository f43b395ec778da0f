/// Text escaped for XML attributes and content, with the characters XML 1.0 cannot hold (C0
/// controls other than tab, LF and CR; U+FFFE and U+FFFF) replaced by U+FFFD: the one escape of
/// the JUnit, Checkstyle and HTML reports. Scans UTF-8 bytes: every character it changes but two
/// is ASCII, and those two are the only characters encoded EF BF BE and EF BF BF.
func xmlEscaped(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            case UInt8(ascii: "'"): output += "&apos;".utf8
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): output.append(byte)
            case ..<0x20: output += "\u{FFFD}".utf8
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                output += "\u{FFFD}".utf8
                index += 2
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
