/// An MSBuild item pattern (`Include="Resources\raw\*.mp3"`, `Platforms\iOS\Resources\**`), matched
/// against paths relative to the project's folder as MSBuild expands it: `\` and `/` alike, `*` and
/// `?` within one folder, `**` any number of folders (MSBuild's "How to: Select the files to build").
/// Names compare case-insensitively, as MSBuild does on Windows, where these projects are written.
struct MSBuildGlob: Sendable, Equatable {
    /// The pattern's components, lower-cased, `\` read as `/`.
    private let components: [String]
    /// How many leading components hold no wildcard: `%(RecursiveDir)` starts after them.
    private let fixedCount: Int

    /// The pattern `text`, or nil for one that names nothing this reader can expand (a property
    /// it does not know, `$(…)`, or an item list, `@(…)`).
    init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.contains("$("), !trimmed.contains("@("), !trimmed.contains("%(") else { return nil }
        let slashed = trimmed.replacing("\\", with: "/")
        var parts = slashed.split(separator: "/", omittingEmptySubsequences: true).map { String($0).lowercased() }
        while parts.first == "." { parts.removeFirst() }
        guard !parts.isEmpty else { return nil }
        components = parts
        fixedCount = parts.firstIndex { $0.contains("*") || $0.contains("?") } ?? parts.count
    }

    /// True when the pattern names no file by a wildcard: the item is that one file.
    var isLiteral: Bool { fixedCount == components.count }

    /// The folders of `path` that the pattern's wildcards matched (`%(RecursiveDir)`, with a
    /// trailing `/`, empty for none), or nil when `path` (relative, `/`-separated) does not match.
    func recursiveDir(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard Self.matches(components[...], parts.map { $0.lowercased() }[...]) else { return nil }
        // The file name is the last component; the folders between the fixed part and it are RecursiveDir.
        guard parts.count > fixedCount, fixedCount < components.count else { return "" }
        let folders = parts[fixedCount..<(parts.count - 1)]
        return folders.isEmpty ? "" : folders.joined(separator: "/") + "/"
    }

    /// True when `path` matches.
    func matches(_ path: String) -> Bool { recursiveDir(of: path) != nil }

    /// True when the components `path` match the components `pattern`: a table of which prefixes
    /// of each match the other's, so that no pattern (`**/**/**/…`, `*a*a*a…`) takes more than
    /// the product of their lengths.
    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern)
        let path = Array(path)
        // matched[i][j]: the first i components of the pattern match the first j of the path.
        var matched = Array(repeating: Array(repeating: false, count: path.count + 1), count: pattern.count + 1)
        matched[0][0] = true
        for (index, component) in pattern.enumerated() {
            let i = index + 1
            for j in 0...path.count {
                if component == "**" {
                    // Zero folders, or one more; `**` last needs a file (checked below).
                    matched[i][j] = matched[i - 1][j] || (j > 0 && matched[i][j - 1])
                } else if j > 0 {
                    matched[i][j] = matched[i - 1][j - 1] && wildcardMatches(Array(component.utf8), Array(path[j - 1].utf8))
                }
            }
        }
        // A final `**` stands for at least the file itself.
        if pattern.last == "**" { return !path.isEmpty && matched[pattern.count][path.count - 1] }
        return matched[pattern.count][path.count]
    }

    /// `*` and `?` within one name, by the same table over bytes.
    private static func wildcardMatches(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
        var previous = Array(repeating: false, count: name.count + 1)
        previous[0] = true
        for byte in pattern {
            var current = Array(repeating: false, count: name.count + 1)
            for j in 0...name.count {
                if byte == UInt8(ascii: "*") {
                    current[j] = previous[j] || (j > 0 && current[j - 1])
                } else if j > 0 {
                    current[j] = previous[j - 1] && (byte == UInt8(ascii: "?") || byte == name[j - 1])
                }
            }
            previous = current
        }
        return previous[name.count]
    }
}

extension String {
    /// The string without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\n" || character == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
