/// Whether a line of source code begins inside a block comment (`/* … */`) or, in JavaScript and
/// TypeScript, inside a template literal (`` ` … ` ``) that opened on an earlier line. One pass
/// over the file, forward, as the lines asked for come in ascending order. A quote (`"`, `'`)
/// opens a string only until the end of its line, so a misread quote never hides the rest of a
/// file.
struct CommentTracker {
    private let bytes: ArraySlice<UInt8>
    /// Whether a backtick string may span lines (JavaScript, TypeScript).
    private let templatesSpanLines: Bool
    private var index: Int
    private var inComment = false
    private var quote: UInt8?

    init(_ bytes: ArraySlice<UInt8>, templatesSpanLines: Bool) {
        self.bytes = bytes
        self.templatesSpanLines = templatesSpanLines
        self.index = bytes.startIndex
    }

    /// True when the line that starts at `lineStart` (an absolute index, at or after the last one
    /// asked) begins inside a block comment or a template literal.
    mutating func startsInside(_ lineStart: Int) -> Bool {
        let (slash, star, backslash, newline) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\\"), UInt8(ascii: "\n"))
        while index < lineStart {
            let byte = bytes[index]
            let following = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            var step = 1
            if inComment {
                if byte == star, following == slash { (inComment, step) = (false, 2) }
            } else if let open = quote {
                if byte == backslash {
                    step = 2
                } else if byte == open {
                    quote = nil
                } else if byte == newline, open != UInt8(ascii: "`") || !templatesSpanLines {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                quote = byte
            } else if byte == slash, following == slash {
                // A line comment: on to the line's end.
                while index < lineStart, bytes[index] != newline { index += 1 }
                continue
            } else if byte == slash, following == star {
                (inComment, step) = (true, 2)
            }
            index += step
        }
        return inComment || quote != nil
    }
}
