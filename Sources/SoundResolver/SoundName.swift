import SoundContainers

/// Checks that a requested name is what the system looks up: a bare file name with an extension.
/// Anything that could reach outside the search folders is refused before the file system is
/// touched.
enum SoundName {
    /// Why a name is refused, with a hint for the person who wrote it.
    struct Problem: Equatable {
        let hint: String
        /// The bare file name the request probably meant, when there is one.
        let suggestedName: String?
    }

    /// Nil when `name` is a usable bare file name; otherwise what is wrong with it.
    static func problem(with name: String) -> Problem? {
        isPlainFileName(name) ? nil : describeProblem(with: name)
    }

    /// One pass over the bytes for the common case, a bare name with an extension: no separator,
    /// no NUL, no colon, and a dot that is neither first nor last.
    private static func isPlainFileName(_ name: String) -> Bool {
        var lastDot = -1
        var count = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ":"), 0: return false
            case UInt8(ascii: "."): lastDot = count
            default: break
            }
            count += 1
        }
        return lastDot > 0 && lastDot < count - 1
    }

    private static func describeProblem(with name: String) -> Problem? {
        if name.isEmpty { return Problem(hint: "the name is empty", suggestedName: nil) }
        if name.utf8.contains(0) { return Problem(hint: "the name contains a NUL byte", suggestedName: nil) }
        if let scheme = urlScheme(of: name) {
            return Problem(
                hint: "the name is a '\(scheme):' URL; the payload must carry the bare file name",
                suggestedName: lastComponent(of: name))
        }
        if name.contains("/") || name.contains("\\") {
            return Problem(
                hint: "the name carries a folder; sounds are looked up by file name alone",
                suggestedName: lastComponent(of: name))
        }
        if name == "." || name == ".." { return Problem(hint: "'\(name)' is not a file name", suggestedName: nil) }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
            return Problem(hint: ResolutionHint.noExtension + ", e.g. '\(name).caf'", suggestedName: nil)
        }
        return nil
    }

    /// The scheme of a URL-like name ("file", "ipod-library", …), if it starts with one.
    private static func urlScheme(of name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return nil }
        let scheme = name[..<colon]
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(scheme)
    }

    private static func lastComponent(of name: String) -> String? {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" || $0 == ":" }).last.map(String.init)
        guard let last, !last.isEmpty, last != ".", last != ".." else { return nil }
        return last.removingPercentEncoding ?? last
    }
}

extension String {
    /// The string with %XX escapes decoded, or nil if an escape is malformed or not UTF-8.
    fileprivate var removingPercentEncoding: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validUTF8: bytes)
    }
}
