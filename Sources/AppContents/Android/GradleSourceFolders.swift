import SoundContainers

/// Where Gradle compiles a module's Java and Kotlin from: each source set's `src/<set>/java` and
/// `src/<set>/kotlin` by convention, and the folders a build file adds or sets for Java or Kotlin
/// (`java.srcDirs = ['src']`, `java.srcDir 'gen'`, `kotlin.srcDirs("x")`, `java { srcDirs = […] }`,
/// `java.setSrcDirs(listOf("x"))`), read as text: a folder a script computes (`"$projectDir/x"`)
/// is not seen. A folder's literal is read by `CodeLexer`: a bracket, a quote or a line end in a
/// string is the string's.
package enum GradleSourceFolders {
    /// True when `path` lies in a conventional source folder, `…src/<set>/java/…` or `…src/<set>/kotlin/…`.
    package static func isInSourceSet(_ path: String) -> Bool {
        var normalized = normalizedPath(path)
        if let found = normalized.withUTF8({ asciiIsInSourceSet($0) }) { return found }
        let parts = normalized.split(separator: "/")
        guard parts.count >= 4 else { return false }
        for index in 0..<(parts.count - 3) where parts[index] == "src" && (parts[index + 2] == "java" || parts[index + 2] == "kotlin") {
            return true
        }
        return false
    }

    /// `isInSourceSet(_:)` of a normalized path whose bytes are all ASCII (each byte a character),
    /// its components compared as bytes, nil for any other: the code reader asks it of every Java
    /// and Kotlin file, and splitting the path into substrings cost a tenth of a run at the root
    /// of an Android app of sixty modules.
    private static func asciiIsInSourceSet(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func component(_ range: Range<Int>?, is word: StaticString) -> Bool {
            guard let range, range.count == word.utf8CodeUnitCount else { return false }
            return zip(bytes[range], UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)).allSatisfy { $0 == $1 }
        }
        // The three components before the one that starts now: `src`, the set, `java` or `kotlin`.
        var (first, second, third): (Range<Int>?, Range<Int>?, Range<Int>?) = (nil, nil, nil)
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
            defer { start = end + 1 }
            guard end > start else { continue }
            if component(first, is: "src"), component(third, is: "java") || component(third, is: "kotlin") { return true }
            (first, second, third) = (second, third, start..<end)
        }
        return false
    }

    /// The folders, relative to the module, that the build file `text`, in `language` (Groovy, or
    /// Kotlin for a `.gradle.kts`), declares as Java or Kotlin source folders.
    package static func declaredFolders(in text: String, language: CodeLanguage = .groovy) -> [String] {
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        let code = lexer.blankingComments(in: bytes.indices)
        var folders: [String] = []
        for start in positions(of: Array("rcDir".utf8), in: code) where lexer.span(around: start) == nil {
            guard appliesToJavaOrKotlin(code, before: start) else { continue }
            // The literals up to the end of the line, or of the list or call that opens on it.
            var index = start + 5
            var depth = 0
            while index < code.count {
                if let literal = lexer.literal(at: index) {
                    if let folder = lexer.text(of: literal), !folder.isEmpty { folders.append(normalizedPath(folder)) }
                    index = literal.end
                    continue
                }
                let byte = code[index]
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth <= 0 { break }
                }
                if byte == 0x0A, depth == 0 { break }
                index += 1
            }
        }
        return folders
    }

    /// True when the `srcDir…` token at `start` (its `rcDir`, past the `s` or `S`) belongs to
    /// `java` or `kotlin`: `java.srcDirs`, `kotlin.setSrcDirs`, `java {  srcDirs`.
    private static func appliesToJavaOrKotlin(_ code: [UInt8], before start: Int) -> Bool {
        var index = start - 1
        guard index >= 0, code[index] == UInt8(ascii: "s") || code[index] == UInt8(ascii: "S") else { return false }
        if code[index] == UInt8(ascii: "S") {
            // setSrcDirs
            guard index >= 3, String(decoding: code[(index - 3)..<index], as: UTF8.self) == "set" else { return false }
            index -= 3
        }
        index -= 1
        while index >= 0, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "."), UInt8(ascii: "{")].contains(code[index]) { index -= 1 }
        for word in ["java", "kotlin"] {
            let bytes = Array(word.utf8)
            let from = index - bytes.count + 1
            guard from >= 0, Array(code[from...index]) == bytes else { continue }
            if from == 0 || !(code[from - 1].isASCIILetterOrDigit) { return true }
        }
        return false
    }

    private static func positions(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        for index in 0...(bytes.count - needle.count)
        where bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle {
            found.append(index)
        }
        return found
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A) || self == 0x5F
    }
}
