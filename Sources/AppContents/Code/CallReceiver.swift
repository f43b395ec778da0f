/// The object a method is called on or a property is set on (`builder.setSound("x")`,
/// `Aps.builder().setSound("x")`, `note.sound = "x"`), and the API that made it
/// (`CallContext.apis`): the root of a call chain (`Aps.builder()`, `payload.NewPayload()`,
/// `ApnMessage::create()`, `new SimpleApnsPayloadBuilder()`), or, for a variable, what it was
/// last assigned before (`note = new apn.Notification()`, `notification =
/// Apnotic::Notification.new(token)`, `$message = ApnMessage::create()`) or the type it was
/// declared with (`ApnsPayloadBuilder builder = …`, `val builder: ApnsPayloadBuilder`).
///
/// Read backwards over at most `CallContext.reach` bytes of code, as `CallContext` reads: the
/// lexer skips a chain's arguments whole, strings and comments in them too; a chain's calls may
/// span lines. A variable is looked for where it is code, not in a string or a comment.
enum CallReceiver {
    /// The API that made the receiver of the member whose separator (`.` or `->`) is at
    /// `position` of the code `code` lexes, or whose name is there after a dot.
    static func api(ofMemberAt position: Int, in code: CodeLexer) -> (String, SoundNameUse.Platform)? {
        let (bytes, language) = (code.bytes, code.language)
        let lowest = max(bytes.startIndex, position - CallContext.reach)
        var end = position
        // Go ends a chain's line with its dot: the member (`Sound(`) starts the next line.
        if bytes[position] != UInt8(ascii: "."), bytes[position] != UInt8(ascii: "-") {
            var dot = position - 1
            while dot >= lowest, CallContext.isSpace(bytes[dot]) { dot -= 1 }
            guard dot >= lowest, bytes[dot] == UInt8(ascii: ".") else { return nil }
            end = dot
        }
        // Each step goes back over one call of the chain (`.setBadge(1)`), at most 32.
        for _ in 0..<32 {
            var last = end - 1
            while last >= lowest, CallContext.isSpace(bytes[last]) { last -= 1 }
            guard last >= lowest else { return nil }
            var nameEnd = last
            if bytes[last] == UInt8(ascii: ")") {
                guard let open = code.matchingOpen(of: last, notBefore: lowest) else { return nil }
                nameEnd = open - 1
                while nameEnd >= lowest, CallContext.isSpace(bytes[nameEnd]) { nameEnd -= 1 }
                guard nameEnd >= lowest else { return nil }
            }
            let start = CallContext.nameStart(endingAt: nameEnd, in: bytes, lowest: lowest)
            guard start <= nameEnd else { return nil }
            let name = String(decoding: bytes[start...nameEnd], as: UTF8.self)
            // `.setBadge(1)` or `->title('x')`: the chain goes on before it.
            if name.hasPrefix(".") || name.hasPrefix("->") {
                end = start
                continue
            }
            if let found = CallContext.api(named: name, language: language) { return found }
            // A call's result that no table knows, or no variable: nothing known.
            guard bytes[last] != UInt8(ascii: ")"), !name.contains(".") || name.hasPrefix("this.") || name.hasPrefix("self.") else {
                return nil
            }
            return api(ofVariable: String(name.split(separator: ".").last ?? ""), before: start, in: code, lowest: lowest)
        }
        return nil
    }

    /// The API that made the variable `name` (`$name`, `@name`), from its last assignment or
    /// declaration before `position`.
    private static func api(ofVariable name: String, before position: Int, in code: CodeLexer, lowest: Int) -> (
        String, SoundNameUse.Platform
    )? {
        let (bytes, language) = (code.bytes, code.language)
        let variable = Array(name.drop { $0 == "$" || $0 == "@" }.utf8)
        guard !variable.isEmpty else { return nil }
        let window = Array(bytes[lowest..<position])
        for offset in ByteSearch.positions(of: variable, in: window).reversed() {
            let at = lowest + offset
            let after = at + variable.count
            guard at == bytes.startIndex || !CallContext.isIdentifierByte(bytes[at - 1]) || bytes[at - 1] == UInt8(ascii: "$"),
                after < position, !CallContext.isIdentifierByte(bytes[after]), code.isCode(at: at)
            else { continue }
            // Declared with a type before the name (`ApnsPayloadBuilder builder`) or after it
            // (`builder: ApnsPayloadBuilder`).
            let declared = CallContext.word(before: at, in: bytes, lowest: lowest).word
            if let found = CallContext.api(named: declared, language: language) { return found }
            var index = after
            while index < position, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            if index < position, bytes[index] == UInt8(ascii: ":"), index + 1 < position, bytes[index + 1] != UInt8(ascii: "=") {
                index += 1
                while index < position, CallContext.isSpace(bytes[index]) { index += 1 }
                if let found = CallContext.api(named: qualifiedName(at: index, in: bytes, before: position), language: language) {
                    return found
                }
                continue
            }
            // Assigned: `=` or Go's `:=`, not `==`.
            if index < position, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard index + 1 < position, bytes[index] == UInt8(ascii: "="), bytes[index + 1] != UInt8(ascii: "=") else { continue }
            index += 1
            while index < position, CallContext.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "&") { index += 1 }
            if bytes[index...].starts(with: "new ".utf8) { index += 4 }
            while index < position, CallContext.isSpace(bytes[index]) { index += 1 }
            return CallContext.api(named: qualifiedName(at: index, in: bytes, before: position), language: language)
        }
        return nil
    }

    /// The qualified name that starts at `start` (`Apnotic::Notification.new`, `payload.NewPayload`).
    private static func qualifiedName(at start: Int, in bytes: ArraySlice<UInt8>, before limit: Int) -> String {
        var end = start
        while end < limit {
            let byte = bytes[end]
            if CallContext.isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "\\") {
                end += 1
            } else if end + 1 < limit,
                byte == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "-") && bytes[end + 1] == UInt8(ascii: ">")
            {
                end += 2
            } else {
                break
            }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
