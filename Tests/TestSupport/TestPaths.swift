#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the package and its neighbours are, found from this source file's path: the one place
/// test targets learn the package root.
public enum TestPaths {
    /// The package's root folder.
    public static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// `Samples/`.
    public static let samples = packageRoot + "/Samples"

    /// The real notification sounds beside the project (never copied into it).
    public static let realCorpus = packageRoot + "/../shared/corpus/real"

    /// The real `project.pbxproj` files beside the project, with the sounds each target copies.
    public static let projectCorpus = packageRoot + "/../shared/corpus/projects"

    /// True when a file or folder exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// True when running in CI, where a missing test tool (ffprobe, python3, pbxproj) is a failure
    /// rather than a skip.
    public static var isCI: Bool {
        getenv("CI").map { String(cString: $0) == "true" } ?? false
    }

    /// True when `SOUNDCHECK_REQUIRE_SHARED_CORPUS=1` (.ci/run sets it, on the machine that holds
    /// ../shared): a missing ../shared/corpus is then a failure. Elsewhere, a GitHub checkout say,
    /// the corpus tests skip and say why.
    public static var requiresSharedCorpus: Bool {
        getenv(sharedCorpusVariable).map { String(cString: $0) == "1" } ?? false
    }

    /// The variable that makes ../shared/corpus required.
    public static let sharedCorpusVariable = "SOUNDCHECK_REQUIRE_SHARED_CORPUS"

    /// Why a corpus test is skipped: `corpus` is absent and nothing requires it.
    public static func absenceNote(_ corpus: String) -> String {
        "\(corpus) is absent (set \(sharedCorpusVariable)=1 to require it)"
    }

    /// The rows of a tab-separated file with a header line, as dictionaries by column name.
    public static func tsvRows(_ path: String) -> [[String: String]] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            var text = String(cString: line)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            lines.append(text)
        }
        free(line)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().filter { !$0.isEmpty }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields + Array(repeating: "", count: max(0, header.count - fields.count))))
        }
    }
}
