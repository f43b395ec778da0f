/// A function of the repository's own that passes one of its parameters on to a push body's sound:
/// `func (a *APNs) Send(ctx context.Context, token, sound string) error` that builds
/// `"aps": {"sound": sound}`, or `NotifyUser(…, sound string)` that calls `a.Send(ctx, token, sound)`.
/// A backend names its sounds where it calls such a wrapper (`NotifyUser(ctx, id, "chime.wav")`),
/// not where the body is built, so the literal at the parameter's position is the request.
public struct SenderWrapper: Sendable, Hashable {
    /// The function's or method's name, as calls spell it.
    public let name: String
    /// The 0-based position of the parameter that reaches the sound.
    public let parameter: Int
    /// How many parameters it declares: a call with another count is to another function.
    public let arity: Int
    /// The platform of the push body the parameter reaches (`aps` is iOS's, `android.notification` Android's).
    public let platform: SoundNameUse.Platform
}

/// Finds the repository's own sender wrappers and the literals their calls pass. Go only for now:
/// a function is declared at a line's start (`func Name(…)`, `func (r *T) Name(…)`, as gofmt
/// writes every one), its parameters named in order, a group sharing one type
/// (`title, body, sound string`) one parameter per name (the Go specification's ParameterList).
enum SenderWrappers {
    /// How many wrappers deep a name is followed: `NotifyUser` → `Send` → the body is two.
    static let depth = 3
    /// The longest argument list read.
    static let argumentReach = 4_096

    /// The wrapper that the function around `position` is, when the identifier `value` (a push
    /// body's sound, for `platform`) is one of its parameters.
    static func wrapper(passing value: String, at position: Int, in bytes: ArraySlice<UInt8>, platform: SoundNameUse.Platform)
        -> SenderWrapper?
    {
        guard platform != .crossPlatform, let function = goFunction(around: position, in: bytes),
            let index = function.parameters.firstIndex(of: value)
        else { return nil }
        return SenderWrapper(name: function.name, parameter: index, arity: function.parameters.count, platform: platform)
    }

    /// The literals that the calls to `wrappers` in `bytes` (the Go file `file`) pass at each
    /// wrapper's parameter, as certain requests of its platform from a push sender, and the
    /// functions that pass one of their own parameters there instead: wrappers one level up.
    static func calls(to wrappers: [SenderWrapper], in bytes: ArraySlice<UInt8>, file: String)
        -> (uses: [SoundNameUse], forwarding: [SenderWrapper])
    {
        var uses: [SoundNameUse] = []
        var forwarding: [SenderWrapper] = []
        var lexer = CodeLexer(bytes, language: .go)
        let window = Array(bytes)
        for (name, sameName) in Dictionary(grouping: wrappers, by: \.name) {
            let needle = Array((name + "(").utf8)
            for offset in ByteSearch.positions(of: needle, in: window) {
                let at = bytes.startIndex + offset
                guard at == bytes.startIndex || !CallContext.isIdentifierByte(bytes[at - 1]), lexer.isCode(at: at),
                    !isDeclaration(at: at, in: bytes),
                    let arguments = arguments(openingAt: at + needle.count - 1, in: bytes, lexer: &lexer)
                else { continue }
                for wrapper in sameName where wrapper.arity == arguments.count {
                    let argument = arguments[wrapper.parameter]
                    let text = String(decoding: bytes[argument], as: UTF8.self)
                    if let literal = goStringLiteral(text) {
                        let named = SoundNameScanner.pluginName(literal)
                        guard !named.isEmpty, !SoundNameScanner.defaultSounds.contains(named) else { continue }
                        uses.append(
                            SoundNameUse(
                                name: named, file: file, line: line(of: argument.lowerBound, in: bytes), platform: wrapper.platform,
                                foundBy: "\(name)(", isFromServer: true))
                    } else if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                        let outer = self.wrapper(passing: text, at: at, in: bytes, platform: wrapper.platform), outer.name != name
                    {
                        forwarding.append(outer)
                    }
                }
            }
        }
        return (uses, forwarding)
    }

    /// The Go function declared at a line's start before `position`: its name and its parameters' names.
    static func goFunction(around position: Int, in bytes: ArraySlice<UInt8>) -> (name: String, parameters: [String])? {
        let keyword = Array("func ".utf8)
        var start = position
        while start > bytes.startIndex {
            start -= 1
            guard start == bytes.startIndex || bytes[start - 1] == UInt8(ascii: "\n"), bytes[start...].starts(with: keyword) else {
                continue
            }
            var index = start + keyword.count
            skipSpaces(&index, in: bytes)
            // A method's receiver: `(a *APNs)`.
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "(") {
                guard let close = CallContext.matchingClose(of: index, in: bytes) else { return nil }
                index = close + 1
                skipSpaces(&index, in: bytes)
            }
            let nameStart = index
            while index < bytes.endIndex, CallContext.isIdentifierByte(bytes[index]) { index += 1 }
            guard index > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            // Type parameters: `[T any]`.
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") {
                guard let close = CallContext.matchingClose(of: index, in: bytes) else { return nil }
                index = close + 1
            }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "("), index < position,
                let close = CallContext.matchingClose(of: index, in: bytes)
            else { return nil }
            let parameters = topLevelPieces(in: (index + 1)..<close, of: bytes).map { piece in
                String(decoding: bytes[piece].prefix { CallContext.isIdentifierByte($0) }, as: UTF8.self)
            }
            return (name, parameters)
        }
        return nil
    }

    /// The ranges of the arguments of the call whose `(` is at `open`, trimmed; nil when it does
    /// not close within `argumentReach`.
    private static func arguments(openingAt open: Int, in bytes: ArraySlice<UInt8>, lexer: inout CodeLexer) -> [Range<Int>]? {
        var depth = 0
        var index = open
        let highest = min(bytes.endIndex, open + argumentReach)
        while index < highest {
            // A bracket in a string or a comment is none.
            guard lexer.isCode(at: index) else {
                index += 1
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return topLevelPieces(in: (open + 1)..<index, of: bytes, lexer: &lexer) }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// `range` of `bytes` split at its commas outside brackets and strings, each piece trimmed;
    /// none for an empty range, and no empty last piece after a trailing comma.
    private static func topLevelPieces(in range: Range<Int>, of bytes: ArraySlice<UInt8>, lexer: inout CodeLexer) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var depth = 0
        var pieceStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            guard lexer.isCode(at: index) else {
                index += 1
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

    /// The same for a signature's parameter list, which holds no string.
    private static func topLevelPieces(in range: Range<Int>, of bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var lexer = CodeLexer(bytes[range], language: .go)
        return topLevelPieces(in: range, of: bytes, lexer: &lexer)
    }

    /// True when the name at `at` is declared there (`func Name(`, `func (r T) Name(`), not called.
    private static func isDeclaration(at: Int, in bytes: ArraySlice<UInt8>) -> Bool {
        var before = at - 1
        while before >= bytes.startIndex, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        guard before >= bytes.startIndex else { return false }
        if bytes[before] == UInt8(ascii: ")") { return true }
        return CallContext.word(before: at, in: bytes, lowest: max(bytes.startIndex, at - 64)).word == "func"
    }

    /// The text of a Go string literal that is the whole of `text` (`"chime.wav"`, `` `chime.wav` ``)
    /// and holds no escape; nil for anything else (a concatenation, a call, a variable).
    static func goStringLiteral(_ text: String) -> String? {
        guard text.count >= 2, let quote = text.first, quote == "\"" || quote == "`", text.last == quote else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(quote), !inner.contains("\\"), !inner.contains("\n") else { return nil }
        return String(inner)
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
