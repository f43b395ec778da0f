/// A mistake in what a run was asked to judge, found after its options were read: a path that
/// does not exist, a folder with no sound and no app, a baseline that cannot be read. The
/// command line reports it with exit code 2.
public struct UsageFailure: Error {
    /// What is wrong, naming the path.
    public let message: String

    package init(message: String) {
        self.message = message
    }
}

/// A failure of the tool itself rather than of a judged file (a reader it needs is missing, the
/// report cannot be written). The command line reports it with exit code 3.
public struct ToolFailure: Error, CustomStringConvertible {
    /// What failed.
    public let message: String
    /// The message.
    public var description: String { message }

    package init(message: String) {
        self.message = message
    }
}
