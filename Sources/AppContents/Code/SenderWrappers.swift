/// A function of the repository's own that passes one of its parameters on to a push body's sound:
/// `func (a *APNs) Send(ctx context.Context, token, sound string) error` that builds
/// `"aps": {"sound": sound}`, or `NotifyUser(…, sound string)` that calls `a.Send(ctx, token, sound)`.
/// A backend names its sounds where it calls such a wrapper (`NotifyUser(ctx, id, "chime.wav")`),
/// not where the body is built, so the literal at the parameter's position is the request.
public struct SenderWrapper: Sendable, Hashable {
    /// The function's or method's name, as calls spell it.
    public let name: String
    /// The 0-based position, among the arguments a call passes by position, of the parameter that
    /// reaches the sound.
    public let parameter: Int
    /// The parameter's name: Python's calls may pass it by keyword (`notify(user, sound="x.wav")`).
    public let parameterName: String
    /// How many arguments a call to it passes at least and at most: a call with another count is to
    /// another function of the same name.
    public let arguments: ClosedRange<Int>
    /// The platform of the push body the parameter reaches (`aps` is iOS's, `android.notification` Android's).
    public let platform: SoundNameUse.Platform
    /// The language it is declared in: only calls in that language's files are to it.
    public let language: CodeLanguage
}

/// Finds the repository's own sender wrappers and the literals their calls pass, in Go and Python.
/// A Go function is declared at a line's start (`func Name(…)`, `func (r *T) Name(…)`, as gofmt
/// writes every one), its parameters named in order, a group sharing one type
/// (`title, body, sound string`) one parameter per name (the Go specification's ParameterList);
/// a call passes every parameter, in order. A Python function is the `def` (or `async def`) whose
/// block holds the line, told by indentation; a method's `self` or `cls` is no argument of a call
/// on an object, a parameter with a default may be left out, a call may pass a parameter by its
/// keyword, and `*args` or `**kwargs` takes any count (the Python reference's "Calls" and
/// "Function definitions").
enum SenderWrappers {
    /// How many wrappers deep a name is followed: `NotifyUser` → `Send` → the body is two.
    static let depth = 3
    /// The longest argument list read.
    static let argumentReach = 4_096
    /// The languages whose wrappers are read.
    static let languages: Set<CodeLanguage> = [.go, .python, .javaScript]

    /// A function's declaration: its name, its parameters' names in the order calls pass them, and
    /// how many arguments a call passes.
    struct Function {
        let name: String
        let parameters: [String]
        let arguments: ClosedRange<Int>
    }

    /// The wrapper that the function around `position` of the code `code` lexes is, when the
    /// identifier `value` (a push body's sound, for `platform`) is one of its parameters.
    static func wrapper(passing value: String, at position: Int, in code: CodeLexer, platform: SoundNameUse.Platform) -> SenderWrapper? {
        let language = code.language
        guard platform != .crossPlatform,
            let function = function(around: position, in: code),
            let index = function.parameters.firstIndex(of: value)
        else { return nil }
        return SenderWrapper(
            name: function.name, parameter: index, parameterName: value, arguments: function.arguments, platform: platform,
            language: language)
    }

    /// The literals that the calls to `wrappers` in `bytes` (the file `file`, in `language`) pass
    /// at each wrapper's parameter, as certain requests of its platform from a push sender, and the
    /// functions that pass one of their own parameters there instead: wrappers one level up.
    static func calls(to wrappers: [SenderWrapper], in bytes: ArraySlice<UInt8>, file: String, language: CodeLanguage)
        -> (uses: [SoundNameUse], forwarding: [SenderWrapper])
    {
        var uses: [SoundNameUse] = []
        var forwarding: [SenderWrapper] = []
        let lexer = CodeLexer(bytes, language: language)
        let window = Array(bytes)
        for (name, sameName) in Dictionary(grouping: wrappers.filter { $0.language == language }, by: \.name) {
            let needle = Array((name + "(").utf8)
            for offset in ByteSearch.positions(of: needle, in: window) {
                let at = bytes.startIndex + offset
                guard at == bytes.startIndex || !CallContext.isIdentifierByte(bytes[at - 1]), lexer.isCode(at: at),
                    !isDeclaration(at: at, in: bytes),
                    let arguments = arguments(openingAt: at + needle.count - 1, in: bytes, lexer: lexer)
                else { continue }
                let texts = arguments.map { String(decoding: bytes[$0], as: UTF8.self) }
                for wrapper in sameName where wrapper.arguments.contains(arguments.count) {
                    guard let index = argumentIndex(of: wrapper, in: texts) else { continue }
                    var text = texts[index]
                    var valueStart = arguments[index].lowerBound
                    if let equals = keyword(of: text) {
                        valueStart += text.utf8.distance(from: text.startIndex, to: equals) + 1
                        skipSpaces(&valueStart, in: bytes)
                        text = String(text[text.index(after: equals)...]).trimmingSpaces
                    }
                    if let literal = wholeLiteral(from: valueStart, to: arguments[index].upperBound, in: lexer) {
                        let named = SoundNameScanner.pluginName(literal)
                        guard !named.isEmpty, !SoundNameScanner.defaultSounds.contains(named) else { continue }
                        uses.append(
                            SoundNameUse(
                                name: named, file: file, line: line(of: arguments[index].lowerBound, in: bytes), platform: wrapper.platform,
                                foundBy: "\(name)(", isFromServer: true))
                    } else if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                        let outer = self.wrapper(passing: text, at: at, in: lexer, platform: wrapper.platform),
                        outer.name != name
                    {
                        forwarding.append(outer)
                    }
                }
            }
        }
        return (uses, forwarding)
    }

    /// Which of a call's arguments (`texts`) passes `wrapper`'s parameter: the one that names it by
    /// keyword (`sound="x.wav"`), else the one at its position among those passed by position.
    private static func argumentIndex(of wrapper: SenderWrapper, in texts: [String]) -> Int? {
        var positional = 0
        for (index, text) in texts.enumerated() {
            if let equals = keyword(of: text) {
                if text[..<equals].trimmingSpaces == wrapper.parameterName { return index }
                continue
            }
            if positional == wrapper.parameter { return index }
            positional += 1
        }
        return nil
    }

    /// Where the `=` of a keyword argument (`sound="x.wav"`, `sound = x`) is, or nil.
    private static func keyword(of argument: String) -> String.Index? {
        guard let equals = argument.firstIndex(of: "="), argument[argument.index(after: equals)...].first != "=" else { return nil }
        let name = argument[..<equals].trimmingSpaces
        guard let first = name.first, first.isLetter || first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return equals
    }

    /// The function whose body holds `position` of the code `code` lexes.
    static func function(around position: Int, in code: CodeLexer) -> Function? {
        switch code.language {
        case .go: return goFunction(around: position, in: code)
        case .python: return pythonFunction(around: position, in: code)
        case .javaScript: return javaScriptFunction(around: position, in: code)
        default: return nil
        }
    }

    /// How many lines back a JavaScript function's declaration is looked for.
    static let javaScriptReach = 400

    /// The named JavaScript or TypeScript function whose body holds `position`, the nearest one:
    /// `function name(…) {` (`async`, `export` before it), `name = (…) => {` or `name = function (…) {`,
    /// and a class's method `name(…) {` at its line's start. An unnamed function (a callback) is
    /// looked through: its parameters are not the wrapper's.
    static func javaScriptFunction(around position: Int, in lexer: CodeLexer) -> Function? {
        let bytes = lexer.bytes
        var lineStart = position
        for _ in 0..<javaScriptReach {
            while lineStart > bytes.startIndex, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            var lineEnd = lineStart
            while lineEnd < bytes.endIndex, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if let function = javaScriptDeclaration(in: lineStart..<lineEnd, of: bytes, enclosing: position, lexer: lexer) {
                return function
            }
            guard lineStart > bytes.startIndex else { return nil }
            lineStart -= 1
        }
        return nil
    }

    /// The function declared on the line `line` of `bytes` whose body holds `position`, if any.
    private static func javaScriptDeclaration(
        in line: Range<Int>, of bytes: ArraySlice<UInt8>, enclosing position: Int, lexer: CodeLexer
    ) -> Function? {
        let text = String(decoding: bytes[line], as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        let indent = text.utf8.count - trimmed.utf8.count
        // The name and where its parameters open, by the forms above.
        var name = ""
        var open: Int?
        if let range = text.firstRange(of: "function ") ?? text.firstRange(of: "function(") {
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "*" }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            if !word.isEmpty, rest.dropFirst(word.count).drop(while: { $0 == " " }).first == "(" {
                name = String(word)
            } else if let assigned = assignedName(before: range.lowerBound, in: text) {
                name = assigned
            }
            if let paren = text[range.lowerBound...].firstIndex(of: "(") { open = line.lowerBound + text.utf8.distance(from: text.startIndex, to: paren) }
        } else if let arrow = text.firstRange(of: "=>"), let equals = text.firstRange(of: "= "), equals.upperBound <= arrow.lowerBound,
            let assigned = assignedName(before: equals.lowerBound, in: text)
        {
            name = assigned
            if let paren = text[equals.upperBound..<arrow.lowerBound].firstIndex(of: "(") {
                open = line.lowerBound + text.utf8.distance(from: text.startIndex, to: paren)
            }
        } else if indent > 0 {
            let rest = trimmed.hasPrefix("async ") ? trimmed.dropFirst(6) : trimmed
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            if !word.isEmpty, !javaScriptKeywords.contains(String(word)), rest.dropFirst(word.count).first == "(",
                text.hasSuffix("{")
            {
                name = String(word)
                open = line.lowerBound + text.utf8.distance(from: text.startIndex, to: rest.startIndex) + word.utf8.count
            }
        }
        guard !name.isEmpty, let open, lexer.isCode(at: open), let close = lexer.matchingClose(of: open, before: open + bodyReach) else {
            return nil
        }
        // Its body: the first brace after the parameters (past `=>` and a return type), which must hold `position`.
        var body = close + 1
        while body < bytes.endIndex, body < position, bytes[body] != UInt8(ascii: "{") || !lexer.isCode(at: body) { body += 1 }
        guard body < position, let end = lexer.matchingClose(of: body, before: body + bodyReach), end > position else { return nil }
        var parameters: [String] = []
        var required = 0
        var variadic = false
        for piece in topLevelPieces(in: (open + 1)..<close, of: bytes, lexer: lexer) {
            let text = String(decoding: bytes[piece], as: UTF8.self)
            if text.hasPrefix("...") {
                variadic = true
                continue
            }
            parameters.append(String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }))
            // A default or an optional parameter (`sound = 'x'`, `sound?: string`) may be left out.
            if !text.contains("=") && !text.contains("?") { required = parameters.count }
        }
        return Function(name: name, parameters: parameters, arguments: required...(variadic ? Int.max : parameters.count))
    }

    /// The name assigned before `index` of `text` (`const send = `, `exports.send = `, `send: `).
    private static func assignedName(before index: String.Index, in text: String) -> String? {
        let before = text[..<index].reversed().drop { $0 == " " || $0 == "=" || $0 == ":" }
        let word = String(before.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }.reversed())
        return word.isEmpty || javaScriptKeywords.contains(word) ? nil : word
    }

    /// Words that open a block the way a method does (`if (…) {`), and no name.
    static let javaScriptKeywords: Set<String> = [
        "if", "for", "while", "switch", "catch", "function", "return", "with", "else", "do", "try", "new", "await", "typeof",
    ]

    /// The longest function body read.
    static let bodyReach = 65_536

    /// The Go function declared at a line's start before `position`: its name and its parameters' names.
    static func goFunction(around position: Int, in lexer: CodeLexer) -> Function? {
        let bytes = lexer.bytes
        let keyword = Array("func ".utf8)
        var start = position
        while start > bytes.startIndex {
            start -= 1
            guard start == bytes.startIndex || bytes[start - 1] == UInt8(ascii: "\n"), bytes[start...].starts(with: keyword),
                lexer.isCode(at: start)
            else {
                continue
            }
            var index = start + keyword.count
            skipSpaces(&index, in: bytes)
            // A method's receiver: `(a *APNs)`.
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "(") {
                guard let close = lexer.matchingClose(of: index, before: index + argumentReach) else { return nil }
                index = close + 1
                skipSpaces(&index, in: bytes)
            }
            let nameStart = index
            while index < bytes.endIndex, CallContext.isIdentifierByte(bytes[index]) { index += 1 }
            guard index > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            // Type parameters: `[T any]`.
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") {
                guard let close = lexer.matchingClose(of: index, before: index + argumentReach) else { return nil }
                index = close + 1
            }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "("), index < position,
                let close = lexer.matchingClose(of: index, before: index + argumentReach)
            else { return nil }
            let parameters = topLevelPieces(in: (index + 1)..<close, of: bytes, lexer: lexer).map { piece in
                String(decoding: bytes[piece].prefix { CallContext.isIdentifierByte($0) }, as: UTF8.self)
            }
            return Function(name: name, parameters: parameters, arguments: parameters.count...parameters.count)
        }
        return nil
    }

    /// The Python function whose block holds the line of `position`: the nearest `def` before it
    /// indented less than every line between.
    static func pythonFunction(around position: Int, in lexer: CodeLexer) -> Function? {
        let bytes = lexer.bytes
        var lineStart = position
        while lineStart > bytes.startIndex, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var limit = indentation(at: lineStart, in: bytes)
        while lineStart > bytes.startIndex, limit > 0 {
            // The line before.
            lineStart -= 1
            while lineStart > bytes.startIndex, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let indent = indentation(at: lineStart, in: bytes)
            let first = lineStart + indent
            guard first < bytes.endIndex, bytes[first] != UInt8(ascii: "\n"), bytes[first] != UInt8(ascii: "#"), indent < limit,
                lexer.isCode(at: first)
            else { continue }
            var index = first
            if bytes[index...].starts(with: "async ".utf8) { index += 6 }
            guard bytes[index...].starts(with: "def ".utf8) else {
                limit = indent
                continue
            }
            index += 4
            skipSpaces(&index, in: bytes)
            let nameStart = index
            while index < bytes.endIndex, CallContext.isIdentifierByte(bytes[index]) { index += 1 }
            guard index > nameStart, index < bytes.endIndex, bytes[index] == UInt8(ascii: "("),
                let close = lexer.matchingClose(of: index, before: index + argumentReach)
            else { return nil }
            let name = String(decoding: bytes[nameStart..<(index)], as: UTF8.self)
            var parameters: [String] = []
            var required = 0
            var variadic = false
            for piece in topLevelPieces(in: (index + 1)..<close, of: bytes, lexer: lexer) {
                let text = String(decoding: bytes[piece], as: UTF8.self)
                if text.hasPrefix("*") || text == "/" {
                    // `*args`, `**kwargs` take any count; a bare `*` ends the parameters passed by position.
                    if text != "/" { variadic = true }
                    continue
                }
                let parameter = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                if parameters.isEmpty, indent > 0, parameter == "self" || parameter == "cls" { continue }
                parameters.append(parameter)
                if !text.contains("=") { required += 1 }
            }
            return Function(name: name, parameters: parameters, arguments: required...(variadic ? Int.max : max(required, parameters.count)))
        }
        return nil
    }

    /// How many spaces or tabs open the line that starts at `lineStart`.
    private static func indentation(at lineStart: Int, in bytes: ArraySlice<UInt8>) -> Int {
        var index = lineStart
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index - lineStart
    }

    /// The ranges of the arguments of the call whose `(` is at `open`, trimmed; nil when it does
    /// not close within `argumentReach`.
    private static func arguments(openingAt open: Int, in bytes: ArraySlice<UInt8>, lexer: CodeLexer) -> [Range<Int>]? {
        guard let close = lexer.matchingClose(of: open, before: open + argumentReach) else { return nil }
        return topLevelPieces(in: (open + 1)..<close, of: bytes, lexer: lexer)
    }

    /// `range` of `bytes` split at its commas outside brackets and strings, each piece trimmed;
    /// none for an empty range, and no empty last piece after a trailing comma.
    private static func topLevelPieces(in range: Range<Int>, of bytes: ArraySlice<UInt8>, lexer: CodeLexer) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var depth = 0
        var pieceStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            // A string or a comment is skipped whole: its brackets and commas are none.
            if let span = lexer.span(around: index) {
                index = span.end
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                pieces.append(trimmed(pieceStart..<index, in: bytes))
                pieceStart = index + 1
            default: break
            }
            index += 1
        }
        let last = trimmed(pieceStart..<range.upperBound, in: bytes)
        if !last.isEmpty { pieces.append(last) }
        return pieces
    }

    /// True when the name at `at` is declared there (`func Name(`, `func (r T) Name(`, `def name(`), not called.
    private static func isDeclaration(at: Int, in bytes: ArraySlice<UInt8>) -> Bool {
        var before = at - 1
        while before >= bytes.startIndex, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        guard before >= bytes.startIndex else { return false }
        if bytes[before] == UInt8(ascii: ")") { return true }
        let word = CallContext.word(before: at, in: bytes, lowest: max(bytes.startIndex, at - 64)).word
        return word == "func" || word == "def"
    }

    /// The text of the string literal that is the whole of `start..<end` (Go's `"chime.wav"` or
    /// `` `chime.wav` ``, Python's `'chime.wav'`, JavaScript's `'chime.wav'`) and holds no escape and
    /// no code; nil for anything else (a concatenation, a call, a variable, a prefixed Python string).
    private static func wholeLiteral(from start: Int, to end: Int, in lexer: CodeLexer) -> String? {
        guard let text = lexer.textOfLiteral(filling: start..<end), !text.contains("\\"), !text.contains("\n") else { return nil }
        return text
    }

    private static func trimmed(_ range: Range<Int>, in bytes: ArraySlice<UInt8>) -> Range<Int> {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high, CallContext.isSpace(bytes[low]) { low += 1 }
        while high > low, CallContext.isSpace(bytes[high - 1]) { high -= 1 }
        return low..<high
    }

    private static func skipSpaces(_ index: inout Int, in bytes: ArraySlice<UInt8>) {
        while index < bytes.endIndex, CallContext.isSpace(bytes[index]) { index += 1 }
    }

    /// The 1-based line of `position`.
    private static func line(of position: Int, in bytes: ArraySlice<UInt8>) -> Int {
        1 + bytes[bytes.startIndex..<position].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs around it.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }
}
