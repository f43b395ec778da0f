@testable import AppContents
import Testing

@Suite("OpenStep property lists")
struct OpenStepPropertyListTests {
    private func parse(_ text: String) throws(PropertyListError) -> PropertyListValue {
        try OpenStepPropertyListParser.parse(Array(text.utf8))
    }

    @Test("dictionaries, arrays, quoted and bare strings, data and both kinds of comment")
    func values() throws {
        let value = try parse(
            """
            // !$*UTF8*$!
            { a = b; /* note */ "quoted key" = "x \\"y\\" \\\\ \\n\\U00e9\\101";
              list = ( one, "two", ); data = <0fBd 77>; empty = { }; path = ../Sound_s/a-b.caf; }
            """)
        #expect(
            value
                == .dictionary([
                    "a": .string("b"), "quoted key": .string("x \"y\" \\ \néA"),
                    "list": .array([.string("one"), .string("two")]), "data": .data([0x0F, 0xBD, 0x77]),
                    "empty": .dictionary([:]), "path": .string("../Sound_s/a-b.caf"),
                ]))
    }

    @Test("broken input throws with the line, never crashes or hangs")
    func hostile() {
        let cases: [(String, Int, String)] = [
            ("{ a = b; ", 1, "the file ends where a string was expected"),
            ("{ a = \"b;\n }", 1, "a string is never closed"),
            ("{ a = b }", 1, "';' after the value of 'a' expected"),
            ("{\n a = (b c); }", 2, "',' or ')' expected in an array"),
            ("{ a = <0g>; }", 1, "a data value holds a non-hexadecimal character"),
            ("{ a = <0f1>; }", 1, "a data value is never closed or has an odd digit count"),
            ("/* never closed", 1, "a comment is never closed"),
            ("{ a = b; } c", 1, "unexpected text after the top-level value"),
            ("{ = b; }", 1, "unexpected character '='"),
            (String(repeating: "(", count: 100_000), 1, "nested more than 256 levels deep"),
            ("", 1, "the file ends where a value was expected"),
        ]
        for (text, line, problem) in cases {
            #expect(throws: PropertyListError(line: line, problem: problem)) { try parse(text) }
        }
        // Every prefix of a real-looking project either parses or throws.
        let project = Array("{ objects = { A = {isa = PBXGroup; children = (B, ); path = \"x y\"; }; }; rootObject = A; }".utf8)
        for end in 0...project.count {
            _ = try? OpenStepPropertyListParser.parse(Array(project[..<end]))
        }
    }
}
