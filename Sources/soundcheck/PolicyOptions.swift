import ArgumentParser
import SoundPolicy

/// The flags that set the policy, shared by the commands that judge files.
struct PolicyOptions: ParsableArguments {
    @Option(name: .customLong("max-duration"), help: "A sound must be strictly under this many seconds.")
    var maxDuration: Double = Policy.appleMaxDuration

    @Option(name: .customLong("warn-over"), help: "Warn about sounds longer than this many seconds (a banner's time on screen).")
    var bannerDuration: Double?

    @Flag(help: "Fail files that have warnings too.")
    var strict = false

    func validate() throws {
        guard maxDuration > 0, maxDuration.isFinite else {
            throw ValidationError("--max-duration must be a positive number of seconds, not \(maxDuration)")
        }
        if let bannerDuration, !(bannerDuration > 0 && bannerDuration.isFinite) {
            throw ValidationError("--warn-over must be a positive number of seconds, not \(bannerDuration)")
        }
    }

    var policy: Policy {
        Policy(maxDuration: maxDuration, bannerDuration: bannerDuration, isStrict: strict)
    }
}
