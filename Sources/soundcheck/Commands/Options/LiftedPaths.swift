import ArgumentParser

/// A command whose positional arguments are paths, which may number thousands.
protocol TakesPaths: ParsableCommand {
    /// The paths given on the command line, in order.
    var paths: [String] { get set }
}

/// swift-argument-parser takes time quadratic in the number of values one positional array
/// receives (each value merges the input origins of all those before it): 8,000 paths took 1.8 s
/// where a folder of the same files took 0.09 s. So before parsing, the words that can only be
/// paths are lifted out: a word right after another word (every option takes exactly one value)
/// and every word after `--`. The parser sees the options and the few words that may be their
/// values; the lifted paths are put back afterwards, in command-line order.
struct LiftedPaths {
    private struct Token {
        let text: String
        let isWord: Bool
        let isLifted: Bool
    }

    private let tokens: [Token]
    /// The arguments for the parser: all of them but the lifted paths.
    let parserArguments: [String]

    /// Splits `arguments` (without the program name) when the first names one of `commands`;
    /// otherwise the parser gets them all.
    init(_ arguments: [String], commands: [String]) {
        guard let command = arguments.first, commands.contains(command) else {
            tokens = []
            parserArguments = arguments
            return
        }
        var tokens: [Token] = []
        var previousIsWord = true  // the subcommand's name is a word: a word after it is a path
        var afterTerminator = false
        for text in arguments.dropFirst() {
            let isWord = afterTerminator || text == "-" || !text.hasPrefix("-")
            tokens.append(Token(text: text, isWord: isWord, isLifted: isWord && (afterTerminator || previousIsWord)))
            if text == "--" { afterTerminator = true }
            previousIsWord = isWord
        }
        self.tokens = tokens
        parserArguments = [command] + tokens.filter { !$0.isLifted }.map(\.text)
    }

    /// The command's paths in command-line order: the lifted ones, and those the parser took
    /// (`parsed`, in the order it took them).
    func restore(_ parsed: [String]) -> [String] {
        var remaining = parsed[...]
        var paths: [String] = []
        for token in tokens {
            if token.isLifted {
                paths.append(token.text)
            } else if token.isWord, remaining.first == token.text {
                paths.append(token.text)
                remaining = remaining.dropFirst()
            }
        }
        return paths + remaining
    }
}
