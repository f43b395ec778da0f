import SoundContainers

/// The sounds a JavaScript or TypeScript app bundles as modules: `require("./x.mp3")`,
/// `import x from "./x.mp3"` and `import("./x.mp3")`. Metro (React Native, Expo) packs every file
/// a module requires into the app it builds, for iOS and Android both, and so do the web bundlers
/// a Capacitor app's web code goes through; the app plays such a sound itself (expo-av,
/// react-native-sound, an `<audio>`), and no notification looks for it. Only a path relative to
/// the file (`./`, `../`) is resolved: an alias (`@/assets/x.mp3`) depends on the bundler's settings.
public enum ScriptAssetImports {
    /// The extensions of the files read.
    static let scriptExtensions: Set<String> = ["js", "jsx", "ts", "tsx", "mjs", "cjs"]

    /// Every sound the JavaScript and TypeScript files among `files` require or import, by its
    /// path (normalized), with the first `file:line` that does.
    public static func sounds(requiredBy files: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for file in files where scriptExtensions.contains(fileExtension(of: file)) {
            guard let bytes = try? readWholeFile(atPath: file, limit: 4 << 20) else { continue }
            for (path, line) in relativeSoundPaths(in: bytes) {
                let resolved = normalizedPath(joiningPath(parentFolder(of: file), path))
                if found[resolved] == nil { found[resolved] = "\(file):\(line)" }
            }
        }
        return found
    }

    /// The relative paths named like sounds that `bytes` requires or imports, with their 1-based
    /// lines: a keyword in code (not in a comment or a string) and the string literal after it
    /// (past `(`, white space and comments), read by `CodeLexer` as JavaScript.
    static func relativeSoundPaths(in bytes: [UInt8]) -> [(path: String, line: Int)] {
        let lexer = CodeLexer(bytes[...], language: .javaScript)
        var found: [(Int, String)] = []
        for keyword in ["require", "import", "from"] {
            for start in ByteSearch.positions(of: Array(keyword.utf8), in: bytes) {
                // A whole word: `unrequire(` or `fromFile(` is another name.
                if start > 0, isNameByte(bytes[start - 1]) { continue }
                var index = start + keyword.utf8.count
                if index < bytes.count, isNameByte(bytes[index]) { continue }
                // The lexer reads (up to here) only where a quoted sound path follows closely.
                guard mayQuoteSoundPath(bytes, after: index), lexer.isCode(at: start) else {
                    continue
                }
                index = lexer.skippingSpaceAndComments(from: index)
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") { index = lexer.skippingSpaceAndComments(from: index + 1) }
                guard let literal = lexer.literal(at: index), let path = lexer.value(of: literal),
                    path.hasPrefix("./") || path.hasPrefix("../"), SniffedFormat.isNamedLikeSound(path)
                else { continue }
                found.append((start, path))
            }
        }
        return found.sorted { $0.0 < $1.0 }.map { start, path in
            (path, bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 })
        }
    }

    /// How far after a keyword its path is looked for.
    static let pathReach = 512

    /// True when what follows a keyword at `index` may be a relative path named like a sound: a
    /// quoted one right after it (past white space and `(`), or a comment first, which the lexer
    /// reads. Most keywords import modules, and this tells them without lexing.
    private static func mayQuoteSoundPath(_ bytes: [UInt8], after index: Int) -> Bool {
        var at = index
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "(")].contains(bytes[at]) { at += 1 }
        guard at < bytes.count else { return false }
        if bytes[at] == UInt8(ascii: "/") { return true }
        let quote = bytes[at]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "`") else { return false }
        let end = min(bytes.count, at + 1 + pathReach)
        var close = at + 1
        while close < end, bytes[close] != quote, bytes[close] != 0x0A { close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1 }
        guard close < end, bytes[close] == quote else { return false }
        let body = bytes[(at + 1)..<close]
        return (body.starts(with: "./".utf8) || body.starts(with: "../".utf8))
            && SniffedFormat.isNamedLikeSound(String(decoding: body, as: UTF8.self))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x24
            || byte == UInt8(ascii: ".")
    }
}
