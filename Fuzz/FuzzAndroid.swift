// libFuzzer entry point for the readers of an Android module's text and of source code: any bytes,
// as a Gradle build file (its settings, source folders and shrinking), a resource XML, and a source
// file in every language the lexer reads (its literals and raw resource names),
// give an answer, never a crash or a hang; what they find is held to what the bytes can hold.
// Built by Scripts/fuzz against the SoundContainers and AppContents modules.

@testable import AppContents

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    if let found = AndroidBuildRules.releaseShrinking(in: text, file: "build.gradle"), found.hasPrefix("build.gradle:") {
        let line = Int(found.dropFirst("build.gradle:".count)) ?? 0
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: AndroidBuildRules.isLineEnd).count
        precondition(line >= 1 && line <= lines, "a line past the file")
    }
    // The build file's literals, read by the lexer in either Gradle language.
    for language in [CodeLanguage.groovy, .kotlin] {
        precondition(AndroidBuildRules.literalSetting("versionName", in: text, language: language) != "", "an empty setting")
        _ = GradleSourceFolders.declaredFolders(in: text, language: language)
        precondition(SoundUsage.literals(in: text[...], language: language).allSatisfy { !$0.isEmpty }, "an empty literal")
    }
    _ = RawResourceMentions.mentions(in: text, of: ["chime", "a"], file: "a.kt")
    for pattern in AndroidBuildRules.rawPatterns(AndroidBuildRules.attribute("tools:keep", in: text)) {
        _ = AndroidBuildRules.matches(pattern, "chime_1")
    }
    for file in ["a.swift", "a.m", "a.kt", "a.java", "a.dart", "a.ts", "a.py", "a.go", "a.rb", "a.php", "a.cs"] {
        let scan = SoundNameScanner.scan(bytes, file: file)
        precondition(scan.uses.allSatisfy { !$0.name.isEmpty && $0.line >= 1 }, "an empty name or a line before the first")
    }
    // The one lexer, in every language: its strings and comments follow each other in the text.
    for language in CodeLanguage.allCases {
        let lexer = CodeLexer(bytes[...], language: language)
        lexer.lexAll()
        var end = 0
        for span in lexer.spans {
            precondition(span.start >= end && span.start < span.end && span.start <= bytes.count, "spans out of order")
            end = span.end
        }
        precondition(lexer.blankingComments(in: bytes.indices).count == bytes.count, "comments blanked changed the length")
        // Its literals lie in the text, in order, and each is found again by its quotes.
        let reader = CodeLexer(bytes[...], language: language)
        var previous = -1
        for literal in reader.literals(in: 0..<bytes.count) {
            precondition(literal.start > previous && literal.start < literal.end && literal.end <= bytes.count, "a literal out of place")
            precondition(literal.textStart <= literal.textEnd && literal.textEnd <= literal.end, "a literal's text out of place")
            precondition(reader.literal(at: literal.start) == literal, "a literal not found at its start")
            if literal.isClosed {
                precondition(reader.literal(endingAt: literal.end - 1)?.start == literal.start, "a literal not found at its end")
            }
            previous = literal.start
        }
        // A bracket matched forwards is matched backwards to where it opened.
        for open in bytes.indices.prefix(4_096) where bytes[open] == UInt8(ascii: "(") && reader.isCode(at: open) {
            guard let close = reader.matchingClose(of: open, before: bytes.count) else { continue }
            precondition(reader.matchingOpen(of: close, notBefore: 0) == open, "brackets matched one way only")
        }
    }
    for line in text.split(separator: "\n").prefix(64) {
        precondition(SoundUsage.soundNames(in: line, language: .swift).allSatisfy { !$0.name.isEmpty }, "an empty sound name")
    }
    return 0
}
