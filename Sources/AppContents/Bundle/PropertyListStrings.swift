/// The string values of a property list's top-level dictionary, in either of the forms a built
/// app's `Info.plist` takes: binary (`bplist00`, what Xcode writes) or XML. Enough to learn an
/// app's identity (`CFBundleIdentifier`, `CFBundleShortVersionString`, `CFBundleVersion`); other
/// values (numbers, arrays, nested dictionaries) are skipped, and a damaged list gives what could
/// be read, never a trap.
public enum PropertyListStrings {
    /// The top-level dictionary's string values by key; empty when `bytes` is no property list.
    public static func strings(in bytes: [UInt8]) -> [String: String] {
        bytes.starts(with: Array("bplist00".utf8)) ? binary(bytes) : xml(bytes)
    }

    /// The binary form: a trailer gives the offset table, whose top object must be a dictionary.
    private static func binary(_ bytes: [UInt8]) -> [String: String] {
        guard bytes.count >= 40 else { return [:] }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let objectCount = integer(bytes, at: trailer + 8, size: 8), let top = integer(bytes, at: trailer + 16, size: 8),
            let table = integer(bytes, at: trailer + 24, size: 8), objectCount <= (bytes.count - 8), top < objectCount,
            table <= trailer, objectCount * offsetSize <= trailer - table
        else { return [:] }
        func offset(of object: Int) -> Int? {
            guard object < objectCount, let offset = integer(bytes, at: table + object * offsetSize, size: offsetSize), offset < trailer
            else { return nil }
            return offset
        }
        /// The length of the object at `offset` whose marker's low nibble is `nibble`, and where its data starts.
        func length(_ nibble: Int, at offset: Int) -> (count: Int, start: Int)? {
            guard nibble == 0xF else { return (nibble, offset + 1) }
            guard offset + 1 < trailer, bytes[offset + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[offset + 1] & 0xF)
            guard size <= 8, let count = integer(bytes, at: offset + 2, size: size) else { return nil }
            return (count, offset + 2 + size)
        }
        func string(_ object: Int) -> String? {
            guard let at = offset(of: object) else { return nil }
            let marker = Int(bytes[at])
            guard let (count, start) = length(marker & 0xF, at: at) else { return nil }
            switch marker >> 4 {
            case 0x5:  // ASCII
                guard count <= trailer - start else { return nil }
                return String(decoding: bytes[start..<start + count], as: UTF8.self)
            case 0x6:  // UTF-16, big-endian
                guard count <= (trailer - start) / 2 else { return nil }
                let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                return String(decoding: units, as: UTF16.self)
            default:
                return nil
            }
        }
        guard let at = offset(of: top), bytes[at] >> 4 == 0xD, let (count, start) = length(Int(bytes[at] & 0xF), at: at),
            count <= (trailer - start) / (2 * referenceSize)
        else { return [:] }
        var strings: [String: String] = [:]
        for index in 0..<count {
            guard let key = integer(bytes, at: start + index * referenceSize, size: referenceSize),
                let value = integer(bytes, at: start + (count + index) * referenceSize, size: referenceSize),
                let name = string(key), let text = string(value)
            else { continue }
            strings[name] = text
        }
        return strings
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, if it fits in an `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count - offset else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// The XML form: each `<key>` of the top dictionary followed by a `<string>`.
    private static func xml(_ bytes: [UInt8]) -> [String: String] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let dict = text.firstRange(of: "<dict>") else { return [:] }
        var strings: [String: String] = [:]
        var depth = 0
        var rest = text[dict.upperBound...]
        var key: String?
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            let after = rest.index(after: close)
            switch tag {
            case "dict", "array": depth += 1
            case "/dict", "/array":
                if depth == 0 { return strings }
                depth -= 1
            case "key", "string":
                let end = rest[after...].firstRange(of: "</\(tag)>")?.lowerBound ?? rest.endIndex
                let content = unescaped(rest[after..<end])
                if depth == 0 {
                    if tag == "key" {
                        key = content
                    } else if let name = key {
                        strings[name] = content
                        key = nil
                    }
                }
                rest = rest[end...]
                continue
            default:
                if depth == 0, !tag.hasPrefix("/") { key = nil }
            }
            rest = rest[after...]
        }
        return strings
    }

    private static func unescaped(_ text: Substring) -> String {
        var out = String(text)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            out = out.replacing(entity, with: character)
        }
        return out
    }
}
