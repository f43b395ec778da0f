import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a configuration makes of one finding code: its severity, or nothing at all.
public enum RuleSetting: String, Sendable, Equatable, CaseIterable {
    /// Findings of the code fail the file.
    case error
    /// Findings of the code are warnings (they fail the file only under a strict policy).
    case warning
    /// Findings of the code are dropped.
    case off
}

/// A setting, or none, for each finding code: `[.tooLong: .warning, .unusualFormat: .off]`.
/// (A table indexed by the code rather than a dictionary: a dictionary keyed by `FindingCode`
/// made the Swift runtime scan every protocol conformance in the binary on each run's first
/// policy, for its `Hashable` witness.)
public struct FindingRules: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// A byte a code, in `FindingCode.allCases` order: 0 for no setting, else the setting's
    /// (`byte(for:)`). Bytes, not optional settings: the first array of those a process made had
    /// the runtime build its type, 40 µs of every run's start.
    private var settings = [UInt8](repeating: 0, count: Self.codes.count)

    /// Rules with nothing set.
    public init() {}

    /// Rules with these settings.
    public init(dictionaryLiteral elements: (FindingCode, RuleSetting)...) {
        for (code, setting) in elements { self[code] = setting }
    }

    /// The setting for `code`, if any.
    public subscript(code: FindingCode) -> RuleSetting? {
        get { Self.setting(for: settings[Self.index(of: code)]) }
        set { settings[Self.index(of: code)] = Self.byte(for: newValue) }
    }

    /// True when no code has a setting.
    public var isEmpty: Bool { settings.allSatisfy { $0 == 0 } }

    /// These rules with `other`'s settings added where these have none.
    public func filling(from other: FindingRules) -> FindingRules {
        var rules = self
        for index in settings.indices where rules.settings[index] == 0 { rules.settings[index] = other.settings[index] }
        return rules
    }

    private static let codes = FindingCode.allCases

    private static func index(of code: FindingCode) -> Int {
        codes.firstIndex(of: code)!
    }

    private static func byte(for setting: RuleSetting?) -> UInt8 {
        switch setting {
        case nil: 0
        case .error: 1
        case .warning: 2
        case .off: 3
        }
    }

    private static func setting(for byte: UInt8) -> RuleSetting? {
        switch byte {
        case 1: .error
        case 2: .warning
        case 3: .off
        default: nil
        }
    }
}

/// Findings to accept for the files a glob matches: one known file that breaks a rule on purpose.
public struct Exemption: Sendable, Equatable {
    /// A shell glob (`fnmatch`), matched against the path relative to `folder`, the whole path,
    /// and the file name.
    public var pattern: String
    /// The codes whose findings are dropped for a matching file.
    public var codes: Set<FindingCode>
    /// The folder `pattern` is relative to (a configuration file's folder); `.` for none.
    public var folder: String

    /// Creates an exemption.
    public init(pattern: String, codes: Set<FindingCode>, folder: String = ".") {
        self.pattern = pattern
        self.codes = codes
        self.folder = folder
    }

    /// True when the exemption covers the file at `path`.
    public func matches(_ path: String) -> Bool {
        PathGlob(pattern: pattern, folder: folder).matches(path)
    }
}

/// A shell glob (`fnmatch`) for files, as a configuration writes one: matched against the path
/// relative to `folder`, the whole path, and the file name.
public struct PathGlob: Sendable, Equatable {
    /// The glob.
    public var pattern: String
    /// The folder `pattern` is relative to (a configuration file's folder); `.` for none.
    public var folder: String

    /// Creates a glob.
    public init(pattern: String, folder: String = ".") {
        self.pattern = pattern
        self.folder = folder
    }

    /// True when the glob matches the file at `path`.
    public func matches(_ path: String) -> Bool {
        candidates(for: path).contains { fnmatch(pattern, $0, 0) == 0 }
    }

    /// The forms of `path` the pattern is tried against.
    private func candidates(for path: String) -> [String] {
        var forms = [path, fileName(of: path)]
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        if folder == "." {
            forms.append(trimmed)
        } else {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if trimmed.hasPrefix(prefix) { forms.append(String(trimmed.dropFirst(prefix.count))) }
        }
        return forms
    }
}
