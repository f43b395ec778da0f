/// A mistake in how the tool was called, found after parsing (a path that does not exist, …).
package struct UsageFailure: Error {
    package let message: String

    package init(message: String) {
        self.message = message
    }
}

/// A failure of the tool itself rather than of a checked file (exit code 3).
package struct ToolFailure: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }

    package init(message: String) {
        self.message = message
    }
}
