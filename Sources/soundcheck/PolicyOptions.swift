import ArgumentParser
import SoundPolicy

/// The flags that set the policy, shared by the commands that judge files.
struct PolicyOptions: ParsableArguments {
    @OptionGroup var maxDuration: MaxDurationOption

    @Option(name: .customLong("warn-over"), help: "Warn about sounds longer than this many seconds (a banner's time on screen).")
    var bannerDuration: Double?

    @Flag(help: "Fail files that have warnings too.")
    var strict = false

    func validate() throws {
        if let bannerDuration, !(bannerDuration > 0 && bannerDuration.isFinite) {
            throw ValidationError("--warn-over must be a positive number of seconds, not \(bannerDuration)")
        }
    }

    var policy: Policy {
        Policy(maxDuration: maxDuration.seconds, bannerDuration: bannerDuration, isStrict: strict)
    }
}
