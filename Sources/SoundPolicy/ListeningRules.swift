import SoundLoudness

/// What `validate --listen` holds a sound's decoded audio to: whether it listens at all, the
/// loudness target and the limits of the `silent`, `quiet`, `clipped` and `late-start` findings
/// (`listen:`, `loudness-target:`, `quiet-margin:`, `late-start:` and `max-true-peak:` in
/// `.soundcheck.yml`, and the flags of the same names).
public struct ListeningRules: Sendable, Equatable {
    /// How far below the target a sound is `quiet`, by default, in LU.
    public static let defaultQuietMargin = 10.0
    /// The leading silence beyond which a sound is a `late-start`, by default, in seconds.
    public static let defaultLateStart = 0.5
    /// The true peak above which a sound is `clipped`, by default, in dBTP.
    public static let defaultMaxTruePeak = 0.0
    /// The loudness target, by default, in LUFS: `LoudnessThresholds.defaultTarget`, chosen from
    /// Android's own notification sounds and AES TD1004 (docs/loudness.md).
    public static let defaultTarget = LoudnessThresholds.defaultTarget

    /// True to decode every sound and measure it; false reads headers only.
    public var isOn: Bool
    /// The integrated loudness sounds should have, in LUFS (docs/loudness.md says how it was chosen).
    public var target: Double
    /// A sound whose integrated loudness is more than this many LU below `target` is `quiet`.
    public var quietMargin: Double
    /// A sound whose first sample above -60 dBFS comes more than this many seconds in is a `late-start`.
    public var lateStart: Double
    /// A sound whose true peak is above this many dBTP is `clipped`.
    public var maxTruePeak: Double

    /// Rules with the given settings; the defaults listen to nothing.
    public init(
        isOn: Bool = false, target: Double = defaultTarget, quietMargin: Double = defaultQuietMargin,
        lateStart: Double = defaultLateStart, maxTruePeak: Double = defaultMaxTruePeak
    ) {
        self.isOn = isOn
        self.target = target
        self.quietMargin = quietMargin
        self.lateStart = lateStart
        self.maxTruePeak = maxTruePeak
    }
}
