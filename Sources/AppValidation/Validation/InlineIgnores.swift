import SoundContainers
import SoundPolicy

/// `soundcheck:ignore CODE…` comments, which silence a finding on a line of code where it is
/// made, as SwiftLint's `swiftlint:disable:this`/`:next`, Periphery's `periphery:ignore` and
/// Android Lint's `//noinspection` do:
///
///     UNNotificationSound(named: .init("legacy.caf"))  // soundcheck:ignore unknown-sound-name
///     // soundcheck:ignore unknown-sound-name - shipped by the server's app
///     UNNotificationSound(named: .init("server.caf"))
///
/// A comment silences the findings of the codes it names on its own line and, when it is all its
/// line holds, on the next line: one line's findings, never a file's. The codes are the words
/// after `ignore` (separated by spaces or commas) up to the first word that is no finding code, so
/// a reason may follow (`- because …`); a comment that names no code silences nothing. Only the
/// files that findings with a line cite are read, each once.
enum InlineIgnores {
    /// The words that start the comment's text.
    static let marker = "soundcheck:ignore"

    /// A cited file larger than this is not read for comments (the scanner reads no larger one).
    static let fileLimit = 8 << 20

    /// What opens a comment in a file with extension `ext`: `//` and `/*` in Swift, Objective-C,
    /// Kotlin, Java, Dart, JavaScript, TypeScript and Gradle; `#` in YAML; `<!--` in XML and
    /// property lists. Nil for a language with no comments (JSON) or one soundcheck reads none in.
    static func commentOpeners(forExtension ext: String) -> [String]? {
        switch ext.lowercased() {
        case "swift", "m", "mm", "h", "kt", "kts", "java", "dart", "js", "jsx", "ts", "tsx", "mjs", "cjs", "gradle":
            return ["//", "/*"]
        case "yaml", "yml": return ["#"]
        case "xml", "plist": return ["<!--"]
        default: return nil
        }
    }

    /// A `soundcheck:ignore` comment found on a line.
    struct Comment: Equatable {
        /// The codes it names.
        let codes: Set<FindingCode>
        /// True when the comment is all the line holds: it then covers the next line too.
        let standsAlone: Bool
    }

    /// The `soundcheck:ignore` comment on `line`, opened by one of `openers`; nil when there is
    /// none (the marker outside a comment, in a string say, is none).
    static func comment(on line: Substring, openers: [String]) -> Comment? {
        guard let markerRange = line.range(of: marker) else { return nil }
        let before = line[..<markerRange.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
        let beforeMarker = String(before.reversed())
        guard let opener = openers.first(where: { beforeMarker.hasSuffix($0) }) else { return nil }
        let code = beforeMarker.dropLast(opener.count)
        let standsAlone = code.allSatisfy { $0 == " " || $0 == "\t" }
        var codes = Set<FindingCode>()
        for word in line[markerRange.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }) {
            guard let found = FindingCode(rawValue: String(word)) else { break }
            codes.insert(found)
        }
        return codes.isEmpty ? nil : Comment(codes: codes, standsAlone: standsAlone)
    }

    /// The codes silenced on `line` (1-based) of a file whose lines, by number, are `lines`.
    static func silencedCodes(onLine line: Int, of lines: [Int: Substring], openers: [String]) -> Set<FindingCode> {
        var codes = Set<FindingCode>()
        if let text = lines[line], let comment = comment(on: text, openers: openers) { codes.formUnion(comment.codes) }
        if let text = lines[line - 1], let comment = comment(on: text, openers: openers), comment.standsAlone {
            codes.formUnion(comment.codes)
        }
        return codes
    }

    /// `files` with the findings that `soundcheck:ignore` comments silence taken out, and how many
    /// were. A report on a line of code that has no finding left is left out; each file the
    /// reports with a line cite is read once, and only those.
    static func applying(to files: [JudgedFile], policy: Policy, formatter: any ReportFormatter) -> (files: [JudgedFile], silenced: Int) {
        var wanted: [String: Set<Int>] = [:]
        for file in files {
            guard let line = file.report.line, commentOpeners(forExtension: fileExtension(of: file.report.path)) != nil else { continue }
            wanted[file.report.path, default: []].formUnion([line, line - 1])
        }
        guard !wanted.isEmpty else { return (files, 0) }
        var lines: [String: [Int: Substring]] = [:]
        for (path, numbers) in wanted {
            guard let bytes = try? readWholeFile(atPath: path, limit: fileLimit) else { continue }
            lines[path] = Self.lines(numbers, of: bytes)
        }
        var silenced = 0
        var kept: [JudgedFile] = []
        kept.reserveCapacity(files.count)
        for file in files {
            guard let line = file.report.line, let fileLines = lines[file.report.path],
                let openers = commentOpeners(forExtension: fileExtension(of: file.report.path))
            else {
                kept.append(file)
                continue
            }
            let codes = silencedCodes(onLine: line, of: fileLines, openers: openers)
            let before = file.report.verdict.findings.count
            guard !codes.isEmpty, file.report.verdict.findings.contains(where: { codes.contains($0.code) }) else {
                kept.append(file)
                continue
            }
            var report = file.report
            report.verdict = policy.removing(from: report.verdict) { codes.contains($0.code) }
            silenced += before - report.verdict.findings.count
            if report.verdict.findings.isEmpty { continue }
            kept.append(JudgedFile(report, renderedBy: formatter, root: file.root))
        }
        return (kept, silenced)
    }

    /// The lines numbered `numbers` (1-based) of the text `bytes`, those it has.
    static func lines(_ numbers: Set<Int>, of bytes: [UInt8]) -> [Int: Substring] {
        guard let last = numbers.max(), last >= 1 else { return [:] }
        var found: [Int: Substring] = [:]
        var number = 1
        var start = 0
        var index = 0
        while number <= last {
            if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                if numbers.contains(number) { found[number] = Substring(String(decoding: bytes[start..<index], as: UTF8.self)) }
                if index == bytes.count { break }
                number += 1
                start = index + 1
            }
            index += 1
        }
        return found
    }
}
