import Foundation
import Testing

@testable import soundcheck

@Suite("The report formats' escapes, byte by byte")
struct ReportEscapingTests {
    /// Characters around the escaped ones whose UTF-8 holds bytes ≥ 0x80 that must pass through:
    /// a combining accent, an emoji, `ï¿` (C3 AF C2 BF, the letters of EF BF), U+EFBF and U+FFFD.
    static let passThrough = "e\u{301}🎵ï¿\u{EFBF}\u{FFFD}"

    @Test("GitHub workflow commands: % CR LF in messages; also : and , in properties; CRLF as two")
    func github() {
        #expect(GitHubReport.data("50%\r\nline\rend\n") == "50%25%0D%0Aline%0Dend%0A")
        #expect(GitHubReport.data("a:b,c") == "a:b,c")
        #expect(GitHubReport.property("Sounds/a:b,c%.caf\n") == "Sounds/a%3Ab%2Cc%25.caf%0A")
        #expect(GitHubReport.property(Self.passThrough + ":") == Self.passThrough + "%3A")
        #expect(GitHubReport.data("") == "")
    }

    @Test("Shell quoting: exactly letters, digits and _-./+,:@%= stay bare; anything else quotes the word")
    func shell() {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+,:@%=".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(isShellPlain(byte) == plain.contains(byte), "byte \(byte)")
        }
        #expect(shellQuoted("Sounds/chime-2.caf") == "Sounds/chime-2.caf")
        #expect(shellQuoted("My Sounds/it's.caf") == #"'My Sounds/it'\''s.caf'"#)
        #expect(shellQuoted("") == "''")
        #expect(shellQuoted("caf\u{E9}.caf") == "'caf\u{E9}.caf'")
    }

    @Test("XML: the five entities, tab LF CR kept, other C0 controls and U+FFFE/U+FFFF as U+FFFD")
    func xml() {
        #expect(xmlEscaped(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;")
        #expect(xmlEscaped("\t\n\r") == "\t\n\r")
        #expect(xmlEscaped("\u{0}\u{1}\u{1F}\u{7F}") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{7F}")
        #expect(xmlEscaped("x\u{FFFE}y\u{FFFF}z\u{FFFD}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
        #expect(xmlEscaped(Self.passThrough) == Self.passThrough)
        #expect(xmlEscaped("\u{FFFF}") == "\u{FFFD}")
    }

    @Test("Markdown table cells: | escaped, LF as <br>")
    func markdown() {
        #expect(MarkdownReport.cell("a|b\nc") == "a\\|b<br>c")
        #expect(MarkdownReport.cell(Self.passThrough) == Self.passThrough)
    }

    @Test("JSON strings read back as written, whatever control characters, quotes and backslashes fall where")
    func json() throws {
        // Runs of plain bytes of every length around each byte that needs escaping, so that the
        // eight-bytes-at-a-time scan meets it at every offset of a word.
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "🎵", "/"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                String(repeating: "a", count: Int.random(in: 0...17, using: &generator)) + specials.randomElement(using: &generator)!
            }.joined()
            var writer = JSONWriter()
            writer.beginArray()
            writer.string(text)
            writer.endArray()
            let read = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String]
            #expect(read == [text], "\(text.debugDescription) as \(writer.text)")
        }
    }

    @Test("text with nothing to replace comes back equal; replacements may grow or shrink the text")
    func replacing() {
        let plain = "Sounds/" + Self.passThrough + ".caf"
        #expect(replacingASCII(in: plain) { $0 == UInt8(ascii: "|") ? "!" : nil } == plain)
        #expect(replacingASCII(in: "a-b-c") { $0 == UInt8(ascii: "-") ? "" : nil } == "abc")
        #expect(replacingASCII(in: "--") { $0 == UInt8(ascii: "-") ? "<long>" : nil } == "<long><long>")
    }
}
