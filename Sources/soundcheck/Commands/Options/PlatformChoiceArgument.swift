import AppValidation
import ArgumentParser

/// `--platform ios|android|all`.
extension PlatformChoice: ExpressibleByArgument {}
