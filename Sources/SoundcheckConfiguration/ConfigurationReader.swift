import SoundContainers
import SoundPolicy
import Yams

extension Configuration {
    /// The keys a configuration file may hold, in the order `soundcheck init` writes them.
    public static let keys = [
        "max-duration", "warn-over", "strict", "paths", "include", "exclude", "container", "groups", "bundle", "rules", "ignore",
        "platforms", "notification-sounds", "listen", "loudness-target", "quiet-margin", "late-start", "max-true-peak", "baseline",
    ]

    /// Reads and checks the configuration file at `path`.
    /// - Throws: `ConfigurationError` naming the file, and the line and key when the problem has them.
    public static func read(_ path: String) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: path, limit: 1 << 20)
        } catch {
            throw ConfigurationError(file: path, line: nil, key: nil, problem: "cannot be read: \(error.reason)")
        }
        guard let text = String(validUTF8: bytes) else {
            throw ConfigurationError(file: path, line: nil, key: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The configuration `text` holds, as if read from `file`.
    /// - Throws: `ConfigurationError` for YAML that does not parse, an unknown key or a bad value.
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> Configuration {
        let root: Node?
        do {
            // The basic resolver tags every scalar a string: the default one matches each scalar
            // against Foundation regular expressions, which tripled the time to read a small file.
            root = try Yams.compose(yaml: text, .basic)
        } catch {
            throw ConfigurationError(yamlError: error, file: file)
        }
        var configuration = Configuration(file: file)
        guard let root, !root.isNull else { return configuration }
        var reader = NodeReader(file: file)
        guard let mapping = root.mapping else {
            throw reader.error(at: root, key: nil, "expected a mapping of settings (key: value), found \(reader.kind(of: root))")
        }
        for (keyNode, value) in mapping {
            guard case .scalar(let keyScalar) = keyNode, keys.contains(keyScalar.string) else {
                let given = keyNode.scalar?.string ?? ""
                let guess = keys.first { editDistance($0, given) <= 2 }.map { " (did you mean \($0)?)" } ?? ""
                throw reader.error(
                    at: keyNode, key: keyNode.scalar?.string, "unknown key\(guess); the keys are \(keys.joined(separator: ", "))")
            }
            let key = keyScalar.string
            reader.key = key
            guard !value.isNull else { continue }  // `key:` with nothing after it sets nothing
            switch key {
            case "max-duration": configuration.maxDuration = try reader.seconds(value)
            case "warn-over": configuration.bannerDuration = try reader.seconds(value)
            case "strict": configuration.isStrict = try reader.bool(value)
            case "paths": configuration.paths = try reader.strings(value).map(configuration.resolving)
            case "include": configuration.include = try reader.strings(value)
            case "exclude": configuration.exclude = try reader.strings(value)
            case "container": configuration.container = configuration.resolving(try reader.string(value))
            case "groups": configuration.groups = try reader.strings(value).map(configuration.resolving)
            case "bundle": configuration.bundle = configuration.resolving(try reader.string(value))
            case "rules": configuration.rules = try reader.rules(value)
            case "ignore": configuration.exemptions = try reader.exemptions(value, folder: configuration.folder)
            case "platforms": configuration.platforms = try reader.platforms(value)
            case "notification-sounds":
                configuration.notificationSounds = try reader.strings(value).map { PathGlob(pattern: $0, folder: configuration.folder) }
            case "baseline": configuration.baseline = configuration.resolving(try reader.string(value))
            case "listen": configuration.listens = try reader.bool(value)
            case "loudness-target": configuration.loudnessTarget = try reader.number(value, in: -70...0, unit: "LUFS")
            case "quiet-margin": configuration.quietMargin = try reader.number(value, in: 0...70, unit: "LU")
            case "late-start": configuration.lateStart = try reader.seconds(value)
            case "max-true-peak": configuration.maxTruePeak = try reader.number(value, in: -20...6, unit: "dBTP")
            default: preconditionFailure("a key in `keys` with no case: \(key)")
            }
        }
        return configuration
    }
}

/// Reads typed values from YAML nodes, throwing errors that name the file, the line and the key.
private struct NodeReader {
    let file: String
    var key: String?

    init(file: String) {
        self.file = file
    }

    func error(at node: Node, key: String?, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, key: key, problem: problem)
    }

    func error(at node: Node, _ problem: String) -> ConfigurationError {
        error(at: node, key: key, problem)
    }

    /// "a mapping", "a list", "'text'": what a node is, for a message.
    func kind(of node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar): return "'\(scalar.string)'"
        }
    }

    func seconds(_ node: Node) throws(ConfigurationError) -> Double {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string), value > 0, value.isFinite else {
            throw error(at: node, "expected a positive number of seconds, found \(kind(of: node))")
        }
        return value
    }

    /// A number of `unit` within `range` (a loudness in LUFS, a margin in LU, a level in dBTP).
    func number(_ node: Node, in range: ClosedRange<Double>, unit: String) throws(ConfigurationError) -> Double {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string), range.contains(value) else {
            throw error(
                at: node,
                "expected a number of \(unit) from \(formatLevel(range.lowerBound)) to \(formatLevel(range.upperBound)), found \(kind(of: node))"
            )
        }
        return value
    }

    func bool(_ node: Node) throws(ConfigurationError) -> Bool {
        // YAML 1.2's booleans (the core schema's spellings).
        switch node.scalar?.string {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: throw error(at: node, "expected true or false, found \(kind(of: node))")
        }
    }

    func string(_ node: Node) throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
            throw error(at: node, "expected a non-empty string, found \(kind(of: node))")
        }
        return scalar.string
    }

    /// `platforms:`: `all`, or a list of `ios` and `android` (one of them alone is a list of one),
    /// as the one word `--platform` takes.
    func platforms(_ node: Node) throws(ConfigurationError) -> String {
        let given = Set(try strings(node))
        let known: Set<String> = ["ios", "android", "all"]
        guard given.isSubset(of: known) else {
            throw error(
                at: node,
                "expected ios, android or all (or a list of them), found \(given.subtracting(known).sorted().joined(separator: ", "))")
        }
        if given.contains("all") || given == ["ios", "android"] { return "all" }
        return given.first ?? "all"
    }

    /// A list of strings; one string is a list of one.
    func strings(_ node: Node) throws(ConfigurationError) -> [String] {
        switch node {
        case .scalar: return [try string(node)]
        case .sequence(let items):
            var strings: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                    throw error(at: item, "expected a list of non-empty strings, found \(kind(of: item)) in it")
                }
                strings.append(scalar.string)
            }
            return strings
        default: throw error(at: node, "expected a string or a list of strings, found \(kind(of: node))")
        }
    }

    func code(_ node: Node, key: String?) throws(ConfigurationError) -> FindingCode {
        guard case .scalar(let scalar) = node, let code = FindingCode(rawValue: scalar.string) else {
            throw error(
                at: node, key: key,
                "\(kind(of: node)) is no finding code; the codes are \(FindingCode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return code
    }

    /// `rules:`, a mapping of finding codes to `error`, `warning` or `off`.
    func rules(_ node: Node) throws(ConfigurationError) -> FindingRules {
        guard let mapping = node.mapping else {
            throw error(at: node, "expected a mapping of finding codes to error, warning or off, found \(kind(of: node))")
        }
        var rules = FindingRules()
        for (codeNode, value) in mapping {
            let code = try code(codeNode, key: "rules")
            guard case .scalar(let scalar) = value, let setting = RuleSetting(rawValue: scalar.string) else {
                throw error(at: value, key: "rules.\(code.rawValue)", "expected error, warning or off, found \(kind(of: value))")
            }
            rules[code] = setting
        }
        return rules
    }

    /// `ignore:`, a list of `{path: GLOB, codes: [CODE, …]}` (a glob may also be a list of globs).
    func exemptions(_ node: Node, folder: String) throws(ConfigurationError) -> [Exemption] {
        guard case .sequence(let entries) = node else {
            throw error(at: node, "expected a list of {path: GLOB, codes: [CODE, …]}, found \(kind(of: node))")
        }
        var exemptions: [Exemption] = []
        for (index, entry) in entries.enumerated() {
            var reader = self
            reader.key = "ignore[\(index + 1)]"
            guard let mapping = entry.mapping else {
                throw reader.error(at: entry, "expected {path: GLOB, codes: [CODE, …]}, found \(kind(of: entry))")
            }
            var patterns: [String]?
            var codes: Set<FindingCode>?
            for (keyNode, value) in mapping {
                let entryKey = "ignore[\(index + 1)].\(keyNode.scalar?.string ?? "?")"
                reader.key = entryKey
                switch keyNode.scalar?.string {
                case "path": patterns = try reader.strings(value)
                case "codes":
                    guard case .sequence(let items) = value else {
                        codes = [try code(value, key: entryKey)]
                        continue
                    }
                    var set = Set<FindingCode>()
                    for item in items { set.insert(try code(item, key: entryKey)) }
                    guard !set.isEmpty else { throw reader.error(at: value, "name at least one finding code") }
                    codes = set
                default:
                    throw reader.error(at: keyNode, "unknown key; an ignore entry has path and codes")
                }
            }
            reader.key = "ignore[\(index + 1)]"
            guard let patterns else { throw reader.error(at: entry, "no path: say which files (a glob)") }
            guard let codes else { throw reader.error(at: entry, "no codes: say which findings to accept for \(patterns[0])") }
            exemptions += patterns.map { Exemption(pattern: $0, codes: codes, folder: folder) }
        }
        return exemptions
    }
}

extension ConfigurationError {
    /// The error for YAML that Yams could not parse, with its line.
    init(yamlError: any Error, file: String) {
        switch yamlError {
        case YamlError.scanner(_, let problem, let mark, _), YamlError.parser(_, let problem, let mark, _),
            YamlError.composer(_, let problem, let mark, _):
            self.init(file: file, line: mark.line, key: nil, problem: "not valid YAML: \(problem)")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                file: file, line: context.mark.line, key: duplicates.sorted().first,
                problem: "given more than once (\(duplicates.sorted().joined(separator: ", ")))")
        case YamlError.reader(let problem, _, _, _):
            self.init(file: file, line: nil, key: nil, problem: "not valid YAML: \(problem)")
        default:
            self.init(file: file, line: nil, key: nil, problem: "not valid YAML: \(yamlError)")
        }
    }
}

extension Node {
    /// True for YAML's null: nothing, `~` or `null` (unquoted).
    fileprivate var isNull: Bool {
        guard case .scalar(let scalar) = self, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }
}

/// The number of single-character insertions, deletions and substitutions from `a` to `b`.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
