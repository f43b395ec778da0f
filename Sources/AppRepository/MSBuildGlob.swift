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

    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // `**` last matches every file below; otherwise it takes zero or more folders.
            if rest.isEmpty { return !path.isEmpty }
            var remaining = path
            while true {
                if matches(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let name = path.first, wildcardMatches(Array(first.utf8)[...], Array(name.utf8)[...]) else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one name.
    private static func wildcardMatches(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = name
            while true {
                if wildcardMatches(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let byte = name.first, first == UInt8(ascii: "?") || first == byte else { return false }
        return wildcardMatches(pattern.dropFirst(), name.dropFirst())
    }
}

extension String {
    /// The string without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\n" || character == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
