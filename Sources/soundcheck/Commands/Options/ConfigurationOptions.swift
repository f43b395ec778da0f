import AppValidation
import ArgumentParser
import SoundcheckConfiguration

/// `--config FILE` and `--no-config`: which `.soundcheck.yml` a command reads.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "Read the settings from FILE instead of the nearest .soundcheck.yml.")
    var file: String?

    @Flag(name: .customLong("no-config"), help: "Read no .soundcheck.yml.")
    var isDisabled = false

    func validate() throws {
        if isDisabled, file != nil { throw ValidationError("--config and --no-config cannot go together") }
    }

    /// The configuration these options name: the file given, else the nearest one from the
    /// current folder upward, else none.
    /// - Throws: `UsageFailure` naming the file, line and key of the problem.
    func load() throws -> Configuration? {
        try Self.load(file: file, isDisabled: isDisabled)
    }

    /// The configuration `file` names, or the nearest one when it is nil, or none when disabled.
    static func load(file: String?, isDisabled: Bool) throws -> Configuration? {
        guard !isDisabled, let path = file ?? Configuration.nearestFile() else { return nil }
        do throws(ConfigurationError) {
            return try Configuration.read(path)
        } catch {
            throw UsageFailure(message: error.description)
        }
    }
}
