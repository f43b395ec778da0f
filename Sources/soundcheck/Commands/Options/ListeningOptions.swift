import ArgumentParser
import SoundPolicy
import SoundcheckConfiguration

/// `validate --listen` and the limits of what it finds, each also a key of `.soundcheck.yml`.
struct ListeningOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help:
            "Decode every sound and measure it (ITU-R BS.1770 loudness, true peak, silence): silent, quiet, clipped, late-start (default: no, or the configuration's listen)."
    )
    var listen: Bool?

    @Option(
        name: .customLong("loudness-target"), parsing: .unconditional,
        help: ArgumentHelp(
            "The integrated loudness sounds should have, in LUFS (default: \(formatLevel(ListeningRules().target))).", valueName: "lufs"))
    var target: Double?

    @Option(
        name: .customLong("quiet-margin"),
        help: ArgumentHelp("A sound this many LU below the target is quiet (default: 10).", valueName: "lu"))
    var quietMargin: Double?

    @Option(
        name: .customLong("late-start"),
        help: ArgumentHelp("A sound with more leading silence than this many seconds is a late start (default: 0.5).", valueName: "seconds")
    )
    var lateStart: Double?

    @Option(
        name: .customLong("max-true-peak"), parsing: .unconditional,
        help: ArgumentHelp("A sound whose true peak is above this many dBTP is clipped (default: 0).", valueName: "dbtp"))
    var maxTruePeak: Double?

    func validate() throws {
        if let target, !(-70...0).contains(target) { throw ValidationError("--loudness-target must be from -70 to 0 LUFS, not \(target)") }
        if let quietMargin, !(0...70).contains(quietMargin) {
            throw ValidationError("--quiet-margin must be from 0 to 70 LU, not \(quietMargin)")
        }
        if let lateStart, !(lateStart > 0 && lateStart.isFinite) {
            throw ValidationError("--late-start must be a positive number of seconds, not \(lateStart)")
        }
        if let maxTruePeak, !(-20...6).contains(maxTruePeak) {
            throw ValidationError("--max-true-peak must be from -20 to 6 dBTP, not \(maxTruePeak)")
        }
    }

    /// `policy` with the listening settings these flags give.
    func applied(to policy: Policy) -> Policy {
        var policy = policy
        if let listen { policy.listening.isOn = listen }
        if let target { policy.listening.target = target }
        if let quietMargin { policy.listening.quietMargin = quietMargin }
        if let lateStart { policy.listening.lateStart = lateStart }
        if let maxTruePeak { policy.listening.maxTruePeak = maxTruePeak }
        return policy
    }

    /// `flags` with the listening settings these flags give marked as given.
    func marking(_ flags: PolicyFlags) -> PolicyFlags {
        var flags = flags
        flags.listen = listen != nil
        flags.loudnessTarget = target != nil
        flags.quietMargin = quietMargin != nil
        flags.lateStart = lateStart != nil
        flags.maxTruePeak = maxTruePeak != nil
        return flags
    }
}
