import ArgumentParser
import SoundPolicy

/// `--max-duration`, declared once for every command that judges or cuts sounds.
struct MaxDurationOption: ParsableArguments {
    @Option(
        name: .customLong("max-duration"),
        help: "Sounds must last strictly under this many seconds (default: 30, Apple's limit); convert and fix cut longer ones.")
    var given: Double?

    /// The limit: the flag's, else the configuration's, else Apple's.
    func seconds(configured: Double? = nil) -> Double { given ?? configured ?? Policy.appleMaxDuration }

    func validate() throws {
        if let given, !(given > 0 && given.isFinite) {
            throw ValidationError("--max-duration must be a positive number of seconds, not \(given)")
        }
    }
}
