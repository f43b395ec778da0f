import AppContents
import SoundContainers

/// What an Android module's build does to its raw resources in a release build: whether resource
/// shrinking is on (`shrinkResources true` / `isShrinkResources = true` in the `release` build
/// type, or Flutter's Gradle plugin, which turns it on for apps unless the build file turns it
/// off), the keep and discard rules of its resource XML (`tools:keep`, `tools:discard`,
/// `tools:shrinkMode`), and which raw resources its Java and Kotlin code lets the shrinker see.
///
/// The shrinker keeps a resource that compiled code references (`R.raw.name`), one a keep rule
/// names, and, in its default safe mode, one whose name a string constant of code that calls
/// `Resources.getIdentifier` spells. It cannot see a name that lives in Dart, JavaScript or a
/// push body. The build file is read as text, not run: a setting computed by a script is not seen.
public struct AndroidModule: Sendable {
    /// The module's folder (the one holding `src/`).
    public let folder: String
    /// The build file read, if any.
    public let buildFile: String?
    /// Where the release build turns shrinking on (`file:line`), or the reason it is on
    /// ("the Flutter Gradle plugin"); nil when release builds do not shrink resources.
    public let shrinksBecause: String?
    /// True when a resource XML sets `tools:shrinkMode="strict"`.
    public let isStrict: Bool
    /// `tools:keep` patterns for raw resources (`chime`, `alert_*`), with the file that holds each.
    public let keeps: [(pattern: String, file: String)]
    /// `tools:discard` patterns for raw resources.
    public let discards: [(pattern: String, file: String)]
    /// Raw resource names Java or Kotlin code references as `R.raw.NAME`.
    public let referenced: Set<String>
    /// String literals of Java or Kotlin code, when some of it calls `getIdentifier` (safe mode's
    /// string matching); empty otherwise.
    public let identifierStrings: Set<String>

    /// Reads the module at `folder`: its build file, the XML files under `src/*/res`, and the
    /// Java and Kotlin files among `sourceFiles` under it.
    public init(folder: String, sourceFiles: [String]) {
        self.folder = folder
        let gradle = ["build.gradle.kts", "build.gradle"].map { joiningPath(folder, $0) }.first { FileIdentity.of($0) != nil }
        buildFile = gradle
        shrinksBecause = gradle.flatMap { Self.releaseShrinking(in: Self.text(of: $0), file: $0) }
        var strict = false
        var keeps: [(String, String)] = []
        var discards: [(String, String)] = []
        let source = joiningPath(folder, "src")
        for file in filesUnder(source) where fileExtension(of: file) == "xml" && file.contains("/res/") {
            let path = joiningPath(source, file)
            let text = Self.text(of: path)
            guard text.contains("tools:") else { continue }
            if Self.attribute("tools:shrinkMode", in: text) == "strict" { strict = true }
            keeps += Self.rawPatterns(Self.attribute("tools:keep", in: text)).map { ($0, path) }
            discards += Self.rawPatterns(Self.attribute("tools:discard", in: text)).map { ($0, path) }
        }
        isStrict = strict
        self.keeps = keeps
        self.discards = discards
        var referenced = Set<String>()
        var strings = Set<String>()
        var callsGetIdentifier = false
        let prefix = folder == "." ? "" : normalizedPath(folder) + "/"
        for file in sourceFiles where ["kt", "java"].contains(fileExtension(of: file)) && normalizedPath(file).hasPrefix(prefix) {
            let text = Self.text(of: file)
            for line in text.split(separator: "\n") {
                referenced.formUnion(SoundUsage.rawResourceNames(in: line))
                strings.formUnion(SoundUsage.literals(in: line))
            }
            if text.contains("getIdentifier") { callsGetIdentifier = true }
        }
        self.referenced = referenced
        identifierStrings = callsGetIdentifier && !strict ? strings : []
    }

    /// What release shrinking does to the raw resource `name`: nil when it ships; otherwise why not.
    public func removal(ofRawResource name: String) -> ShrinkRemoval? {
        if let discard = discards.first(where: { Self.matches($0.pattern, name) }) { return .discarded(by: discard.file) }
        guard let reason = shrinksBecause else { return nil }
        if referenced.contains(name) || keeps.contains(where: { Self.matches($0.pattern, name) }) { return nil }
        if identifierStrings.contains(where: { $0 == name || $0.hasSuffix("/raw/" + name) }) { return nil }
        return .unseen(shrinking: reason)
    }

    /// Why release shrinking removes a raw resource.
    public enum ShrinkRemoval: Sendable, Equatable {
        /// A `tools:discard` rule in this file names it.
        case discarded(by: String)
        /// Shrinking is on (for this reason), and nothing keeps it.
        case unseen(shrinking: String)
    }

    /// Where the `release` build type turns resource shrinking on, or off: `file:line` when it is
    /// on, nil when it is off or not set, unless Flutter's plugin turns it on.
    static func releaseShrinking(in text: String, file: String) -> String? {
        let lines = withoutComments(text).split(separator: "\n", omittingEmptySubsequences: false)
        var depth = 0
        var releaseDepth: Int?
        var setting: (on: Bool, line: Int)?
        for (index, line) in lines.enumerated() {
            let compact = line.filter { $0 != " " && $0 != "\t" }
            if releaseDepth == nil, Self.opensReleaseBlock(compact) { releaseDepth = depth }
            // `shrinkResources true`, `shrinkResources = true`, `isShrinkResources = true`, `shrinkResources(true)`.
            if releaseDepth != nil, compact.hasPrefix("shrinkResources") || compact.hasPrefix("isShrinkResources") {
                let value = compact.filter { $0 != ")" && $0 != ";" }
                if value.hasSuffix("true") || value.hasSuffix("false") { setting = (value.hasSuffix("true"), index + 1) }
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if let release = releaseDepth, depth <= release { releaseDepth = nil }
                }
            }
        }
        if let setting { return setting.on ? "\(file):\(setting.line)" : nil }
        let flutter = text.contains("dev.flutter.flutter-gradle-plugin") || text.contains("flutter.gradle")
        return flutter ? "the Flutter Gradle plugin, which shrinks release builds unless \(fileName(of: file)) turns it off" : nil
    }

    /// True when a line (spaces removed) opens the release build type: `release {`,
    /// `getByName("release") {`, `named("release") {`, after anything but a name's characters.
    static func opensReleaseBlock(_ compact: String) -> Bool {
        for opener in ["release{", "getByName(\"release\"){", "named(\"release\"){", "release.configure{"] {
            var rest = compact[...]
            while let range = rest.range(of: opener) {
                let before = range.lowerBound > compact.startIndex ? compact[compact.index(before: range.lowerBound)] : " "
                if !(before.isLetter || before.isNumber || before == "_") { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// `text` with `//` line comments and `/* */` blocks removed (not inside quotes).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        var quote: Character?
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
                index = next
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
            } else if character == "/", next < text.endIndex, text[next] == "/" {
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
                continue
            } else if character == "/", next < text.endIndex, text[next] == "*" {
                let rest = text[text.index(after: next)...]
                index = rest.range(of: "*/")?.upperBound ?? text.endIndex
                continue
            }
            result.append(character)
            index = next
        }
        return result
    }

    /// The value of `name="…"` in an XML text.
    static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: name + "=\"") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[start.upperBound..<end])
    }

    /// The raw-resource patterns of a `tools:keep` or `tools:discard` value: `@raw/chime,@raw/alert_*`.
    static func rawPatterns(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").compactMap { item in
            let trimmed = item.trimmingCharacters(in: " \n\t")
            return trimmed.hasPrefix("@raw/") ? String(trimmed.dropFirst(5)) : nil
        }
    }

    /// Whether a keep pattern (`*` any run of characters) matches `name`.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == name }
        var rest = Substring(name)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last ?? "")
    }

    private static func text(of path: String) -> String {
        (try? readWholeFile(atPath: path, limit: 4 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
