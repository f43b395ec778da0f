import Testing

@testable import AppContents

/// The one lexer of code, in every language read: a string that holds a comment's opener stays a
/// string, a comment that holds a quote stays a comment, and each language's own strings
/// (triple quotes, raw strings, heredocs, verbatim strings) and interpolations are read as the
/// language reads them.
@Suite("CodeLexer: strings and comments in every language read")
struct CodeLexerTests {
    /// The strings and comments of `text`, each as `s:`, `l:` or `b:` (string, line comment, block
    /// comment) and its text.
    static func spans(_ text: String, _ language: CodeLanguage) -> [String] {
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        return lexer.spans.map { span in
            let kind = span.kind == .string ? "s" : span.kind == .lineComment ? "l" : span.kind == .blockComment ? "b" : "r"
            return kind + ":" + String(decoding: bytes[span.start..<min(span.end, bytes.count)], as: UTF8.self)
        }
    }

    @Test("Swift: `//` in a string, a quote in a comment, nested blocks, raw and multi-line strings, interpolation")
    func swift() {
        let text = #"""
            let a = "http://x" // it's "quoted"
            /* a /* nested */ 'b */ let b = #"raw "// " "#
            let c = """
            // in
            """
            let d = "x\(f("y // z"))w"
            """#
        #expect(
            Self.spans(text, .swift) == [
                #"s:"http://x""#, #"l:// it's "quoted""#, "b:/* a /* nested */ 'b */", ##"s:#"raw "// " "#"##,
                "s:\"\"\"\n// in\n\"\"\"", #"s:"x\("#, #"s:"y // z""#, #"s:)w""#,
            ])
    }

    @Test("Objective-C: `//` in an @-string, a quote in a comment, a quote's character literal")
    func objectiveC() {
        let text = #"NSString *a = @"a // b"; // it's"# + "\n" + #"/* " */ char c = '"'; char d = '\'';"#
        #expect(Self.spans(text, .objectiveC) == [#"s:"a // b""#, "l:// it's", #"b:/* " */"#, #"s:'"'"#, #"s:'\''"#])
    }

    @Test("Kotlin and Gradle's Kotlin DSL: `//` in strings, raw strings without escapes, templates, nested blocks")
    func kotlin() {
        let text = #"""
            val a = "a // b ${f("c")}" // it's
            val r = """raw \ " // """ /* a /* b */ " */
            implementation("com.x:y:1.0") // don't
            """#
        #expect(
            Self.spans(text, .kotlin) == [
                #"s:"a // b ${"#, #"s:"c""#, #"s:}""#, "l:// it's", #"s:"""raw \ " // """"#, #"b:/* a /* b */ " */"#,
                #"s:"com.x:y:1.0""#, "l:// don't",
            ])
        #expect(CodeLanguage(fileExtension: "kts") == .kotlin)
    }

    @Test("Java: `//` in a string with escaped quotes, a quote in a comment, text blocks")
    func java() {
        let text = "String a = \"a // \\\"b\\\"\"; // it's\nchar c = '\\''; /* \" */ String t = \"\"\"\n  // text\n  \"\"\";"
        #expect(
            Self.spans(text, .java) == [
                "s:\"a // \\\"b\\\"\"", "l:// it's", "s:'\\''", "b:/* \" */", "s:\"\"\"\n  // text\n  \"\"\"",
            ])
    }

    @Test("Gradle's Groovy: `//` in strings, triple-quoted strings, a quote in a comment, GStrings")
    func groovy() {
        let text = "def a = 'a // b' // it's\ndef b = '''x\n// y''' /* \" */ def c = \"${x} // y\""
        #expect(
            Self.spans(text, .groovy) == ["s:'a // b'", "l:// it's", "s:'''x\n// y'''", "b:/* \" */", "s:\"${", "s:} // y\""])
        #expect(CodeLanguage(fileExtension: "gradle") == .groovy)
    }

    @Test("Dart: `//` in strings, raw strings, triple quotes, nested blocks, interpolation")
    func dart() {
        let text = #"""
            var a = 'a // b'; // it's
            var r = r'\d // x'; var t = '''
            // y
            '''; /* " /* " */ */ var i = '${f("x")}';
            """#
        #expect(
            Self.spans(text, .dart) == [
                "s:'a // b'", "l:// it's", #"s:'\d // x'"#, "s:'''\n// y\n'''",
                #"b:/* " /* " */ */"#, "s:'${", #"s:"x""#, "s:}'",
            ])
    }

    @Test("JavaScript and TypeScript: `//` in strings, templates across lines with templates inside, a quote in a comment")
    func javaScript() {
        let text = "const a = 'a // b'; // it's\nconst t = `x ${f(`y // z`)}\n// w`; /* \" */ const u: string = \"http://x\";"
        #expect(
            Self.spans(text, .javaScript) == [
                "s:'a // b'", "l:// it's", "s:`x ${", "s:`y // z`", "s:}\n// w`", "b:/* \" */", "s:\"http://x\"",
            ])
        #expect(["js", "jsx", "ts", "tsx", "mjs", "cjs"].allSatisfy { CodeLanguage(fileExtension: $0) == .javaScript })
    }

    @Test("Python: `#` in strings, prefixes, f-strings' code, triple quotes, a quote in a comment")
    func python() {
        let text = #"""
            a = "a # b"  # it's
            b = r'\d # x'; c = f"{x['k']} # y {{z}}"
            """doc
            # not a comment
            """
            """#
        #expect(
            Self.spans(text, .python) == [
                #"s:"a # b""#, "l:# it's", #"s:'\d # x'"#, #"s:"{"#, "s:'k'", #"s:} # y {{z}}""#,
                "s:\"\"\"doc\n# not a comment\n\"\"\"",
            ])
    }

    @Test("Go: `//` in strings, raw back-quoted strings across lines, runes, a quote in a comment")
    func go() {
        let text = "a := \"a // b\" // it's\nb := `raw \\ // x\n// y` /* \" */ r := '\"'"
        #expect(Self.spans(text, .go) == ["s:\"a // b\"", "l:// it's", "s:`raw \\ // x\n// y`", "b:/* \" */", "s:'\"'"])
    }

    @Test("Ruby: `#` in strings, interpolation, =begin blocks, heredocs, a quote in a comment")
    func ruby() {
        let text = #"""
            a = "a # #{x["k"]}" # it's
            =begin
            "
            =end
            b = <<~EOS # heredoc
              # not a comment
            EOS
            c = 'x'
            """#
        #expect(
            Self.spans(text, .ruby) == [
                #"s:"a # #{"#, #"s:"k""#, #"s:}""#, "l:# it's", "b:=begin\n\"\n=end", "l:# heredoc", "s:  # not a comment\nEOS",
                "s:'x'",
            ])
    }

    @Test("PHP: `//` and `#` in strings, all three comments, heredocs and nowdocs, attributes")
    func php() {
        let text = #"""
            $a = "a // b {$x['k']}"; # it's
            // "q
            $b = <<<EOT
            # x
            EOT;
            $c = <<<'EOT'
            // y
            EOT;
            #[Attr] $d = 'e'; /* ' */
            """#
        #expect(
            Self.spans(text, .php) == [
                #"s:"a // b {$"#, "s:'k'", #"s:}""#, "l:# it's", #"l:// "q"#, "s:# x\nEOT", "s:// y\nEOT", "s:'e'", "b:/* ' */",
            ])
    }

    @Test("C#: `//` in verbatim, interpolated and raw strings, a quote in a comment")
    func cSharp() {
        let text = #"""
            var a = @"C:\path // x"" y"; // it's
            var b = $"{x["k"]} // y"; /* " */ var c = """
            // raw "
            """;
            """#
        #expect(
            Self.spans(text, .cSharp) == [
                #"s:"C:\path // x"" y""#, "l:// it's", #"s:"{"#, #"s:"k""#, #"s:} // y""#, #"b:/* " */"#,
                "s:\"\"\"\n// raw \"\n\"\"\"",
            ])
    }

    @Test("YAML and JSON: `#` and `//` in strings; YAML's comments after a space only")
    func dataFiles() {
        #expect(
            Self.spans("a: \"b # c\" # it's\nd: 'it''s # e'\nf: g#h", .yaml) == [#"s:"b # c""#, "l:# it's", "s:'it''s # e'"])
        #expect(Self.spans(#"{"a": "b // c \" d", "e": 1}"#, .json) == [#"s:"a""#, #"s:"b // c \" d""#, #"s:"e""#])
    }

    @Test("a string that may not span lines ends with its line: a misread quote hides one line at most")
    func resync() {
        // A regular expression after `)` reads as a division: its quote opens a string.
        let text = "if (ok) /'/.test(s); f({ sound: 'a.wav' })"
        let lexer = CodeLexer(Array(text.utf8)[...], language: .javaScript)
        let keyOnOneLine = lexer.isCode(at: 24)
        #expect(!keyOnOneLine)
        let lines = Array("if (ok) /'/.test(s);\nf({ sound: 'a.wav' })".utf8)
        let next = CodeLexer(lines[...], language: .javaScript)
        // The key on the next line is code; a literal's opening quote is code, its inside is not.
        let (key, quote, inside) = (next.isCode(at: 25), next.isCode(at: 32), next.isCode(at: 33))
        #expect(key && quote && !inside)
    }

    @Test("Gradle files: comments around strings that hold their markers; comments blanked keep every line")
    func gradleComments() {
        #expect(Self.spans("a // b\nc /* d\ne */ f '//g'", .groovy) == ["l:// b", "b:/* d\ne */", "s:'//g'"])
        #expect(Self.spans("x = '''a\n// b''' // c", .groovy) == ["s:'''a\n// b'''", "l:// c"])
        #expect(Self.spans("/* a /* b */ c */ d", .kotlin) == ["b:/* a /* b */ c */"])
        let text = Array("a // b\r\nc /* d\r\ne */ f".utf8)
        #expect(CodeLexer(text[...], language: .groovy).blankingComments(in: text.indices) == Array("a     \r\nc     \r\n     f".utf8))
    }

    /// Each literal of `text` that opens at code's level or inside an interpolation: its whole
    /// text and what `text(of:)` reads of it (`nil` when it holds code or did not close).
    static func literals(_ text: String, _ language: CodeLanguage) -> [String] {
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        return lexer.literals(in: 0..<bytes.count).map { literal in
            String(decoding: bytes[literal.start..<literal.end], as: UTF8.self) + " -> " + (lexer.text(of: literal) ?? "nil")
        }
    }

    @Test("literals: whole across interpolations, their text only when they hold no code and close")
    func literals() {
        #expect(
            Self.literals(#"val a = "x${f("y.caf")}z" + "w.caf"; val b = "$name.caf"; val c = "\$5""#, .kotlin) == [
                #""x${f("y.caf")}z" -> nil"#, #""y.caf" -> y.caf"#, #""w.caf" -> w.caf"#, #""$name.caf" -> nil"#,
                #""\$5" -> \$5"#,
            ])
        // Groovy's single quotes and JavaScript's plain strings hold no code; a template's `${` does.
        #expect(Self.literals("def a = '$x.caf'", .groovy) == ["'$x.caf' -> $x.caf"])
        #expect(Self.literals("f('$x.caf', `a${b}`, 'open\nx')", .javaScript).prefix(2) == ["'$x.caf' -> $x.caf", "`a${b}` -> nil"])
        // A string cut off by its line's end did not close.
        #expect(Self.literals("f('open\ng('b')", .javaScript) == ["'open -> nil", "'b' -> b"])
        #expect(Self.literals(##"s = "a\(x)b" + #"c"#"##, .swift) == [#""a\(x)b" -> nil"#, ##"#"c"# -> c"##])
        #expect(Self.literals("x = <<~EOS\n  chime.caf\nEOS\n", .ruby) == ["  chime.caf\nEOS ->   chime.caf\n"])
        // An interpolation its line cuts off ends its literal there, text and all (a fuzzer's find).
        let cut = Array("val a = \"x${f(\nval b = \"y.caf\"".utf8)
        let lexer = CodeLexer(cut[...], language: .kotlin)
        let found = lexer.literals(in: 0..<cut.count)
        #expect(found.map { lexer.text(of: $0) } == [nil, "y.caf"])
        #expect(found.allSatisfy { $0.textStart <= $0.textEnd && $0.textEnd <= $0.end && $0.end <= cut.count })
    }

    @Test("a literal found by its closing quote, the interpolated one whole")
    func literalEndingAt() {
        let text = #"k = "a${"b"}c": {"#
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: .kotlin)
        let close = bytes.count - 4
        #expect(lexer.literal(endingAt: close).map { $0.start } == 4)
        #expect(lexer.literal(endingAt: 10).map { $0.start } == 8)
        #expect(lexer.literal(endingAt: close - 1) == nil)
    }

    @Test("brackets matched in code only: a bracket in a string or a comment is none")
    func brackets() {
        let text = #"f(a, ")", /* ) */ g(']'), "${h(1)}") // )"#
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: .kotlin)
        let close = lexer.matchingClose(of: 1, before: bytes.count)
        #expect(close == text.utf8.count - 6)
        #expect(close.flatMap { lexer.matchingOpen(of: $0, notBefore: 0) } == 1)
        #expect(lexer.matchingClose(of: 1, before: 20) == nil)
        // Backwards from inside a string, the code before it.
        #expect(lexer.codePosition(atOrBefore: 6) == 4)
    }

    @Test("JavaScript's regular expressions: a quote or `//` in one is neither string nor comment; a division is none")
    func regularExpressions() {
        let text = #"s.replace(/'/g, "//"); t = /[/"]\//.test(x) ? a / b : c / 2; return /"/i // it's"#
        #expect(
            Self.spans(text, .javaScript) == [
                "r:/'/g", #"s:"//""#, #"r:/[/"]\//"#, #"r:/"/i"#, "l:// it's",
            ])
        #expect(Self.spans("x = 'a' / 2 / 'b'; y = f(1) / g[2] / 3", .javaScript) == ["s:'a'", "s:'b'"])
        #expect(Self.spans("const r = /* c */ /'/; // x\nf(a) /* d */ / 2", .javaScript) == ["b:/* c */", "r:/'/", "l:// x", "b:/* d */"])
    }
}
