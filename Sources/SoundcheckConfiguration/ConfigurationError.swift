/// A configuration file that cannot be used, with where and why: `.soundcheck.yml:4: max-duration:
/// expected a positive number of seconds, found 'long'`.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as found or given.
    public var file: String
    /// The line (from 1), when the problem has one.
    public var line: Int?
    /// The key the problem is in (`rules.too-long`, `ignore[2].codes`), when it is in one.
    public var key: String?
    /// What is wrong, in words.
    public var problem: String

    /// Creates an error.
    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// `FILE:LINE: KEY: problem`.
    public var description: String {
        file + (line.map { ":\($0)" } ?? "") + ": " + (key.map { "\($0): " } ?? "") + problem
    }
}
