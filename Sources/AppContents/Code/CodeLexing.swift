/// The lexer as the package-benchmark suite (`Benchmarks/`) measures it: a whole text lexed as the
/// code readers lex one, outside the module. Not part of the libraries' API.
@_spi(Benchmarking)
public enum CodeLexing {
    /// Lexes `bytes` whole as `language`; how many strings and comments it found.
    public static func spanCount(in bytes: [UInt8], language: CodeLanguage) -> Int {
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        return lexer.spans.count
    }
}
