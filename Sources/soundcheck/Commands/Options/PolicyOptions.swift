import ArgumentParser
import SoundPolicy
import SoundcheckConfiguration

/// The flags that set the policy, shared by the commands that judge files.
struct PolicyOptions: ParsableArguments {
    @OptionGroup var maxDuration: MaxDurationOption

    @Option(name: .customLong("warn-over"), help: "Warn about sounds longer than this many seconds (a banner's time on screen).")
    var bannerDuration: Double?

    @Flag(inversion: .prefixedNo, help: "Fail files that have warnings too (default: no, or the configuration's strict).")
    var strict: Bool?

    func validate() throws {
        if let bannerDuration, !(bannerDuration > 0 && bannerDuration.isFinite) {
            throw ValidationError("--warn-over must be a positive number of seconds, not \(bannerDuration)")
        }
    }

    /// The policy the flags ask for, with the configuration's settings where no flag is given.
    func policy(_ configuration: Configuration?) -> Policy {
        let flagged = Policy(maxDuration: maxDuration.seconds(), bannerDuration: bannerDuration, isStrict: strict ?? false)
        guard let configuration else { return flagged }
        return configuration.policy(overriding: flagged, flags: flags)
    }

    /// Which of the policy's settings the command line gave.
    var flags: PolicyFlags {
        PolicyFlags(maxDuration: maxDuration.given != nil, bannerDuration: bannerDuration != nil, strict: strict != nil)
    }
}
