import ArgumentParser
import SoundPolicy

/// `--max-duration`, declared once for every command that judges or cuts sounds.
struct MaxDurationOption: ParsableArguments {
    @Option(
        name: .customLong("max-duration"),
        help: "Sounds must last strictly under this many seconds (Apple's limit is 30); convert and fix cut longer ones.")
    var seconds: Double = Policy.appleMaxDuration

    func validate() throws {
        guard seconds > 0, seconds.isFinite else {
            throw ValidationError("--max-duration must be a positive number of seconds, not \(seconds)")
        }
    }
}
