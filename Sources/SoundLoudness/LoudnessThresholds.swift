/// The fixed levels and times the measurement uses, in one place so reports and fixes quote the
/// same numbers.
public enum LoudnessThresholds {
    /// A sample at or below this level, in dBFS, is silence (leading and trailing silence, `isSilent`).
    public static let silenceDBFS = -60.0
    /// The same level as a linear amplitude (0.001).
    public static let silenceAmplitude = 0.001
    /// BS.1770-4's absolute gate, in LUFS: blocks at or below it do not count.
    public static let absoluteGateLUFS = -70.0
    /// BS.1770-4's relative gate for integrated loudness, in LU below the absolutely gated loudness.
    public static let integratedRelativeGateLU = -10.0
    /// EBU Tech 3342's relative gate for the loudness range, in LU below the absolutely gated
    /// short-term loudness.
    public static let rangeRelativeGateLU = -20.0
    /// A sample whose absolute value reaches this counts as full scale: 32767/32768, the highest
    /// positive 16-bit code as decoders scale it (the negative side reaches −1.0 exactly), so
    /// clipping counts on both sides of 16-bit sounds and of every finer format.
    public static let fullScaleSample: Float = 32767.0 / 32768.0
    /// How many consecutive full-scale samples of one channel make a run (clipping evidence).
    public static let fullScaleRunLength = 3
    /// The default integrated loudness to aim a notification sound at, in LUFS: −16, the loudest
    /// target AES TD1004.1.15-10 allows for streamed and mobile playback (−16 to −20 LUFS). AOSP's
    /// own notification sounds measure −13.8 LUFS at the median (−24.9 to −9.4, docs/loudness.md);
    /// −16 is within 2.2 LU of them, and 28 of those 38 sounds reach it by gain alone under a
    /// −1 dBTP ceiling (17 would reach −14).
    public static let defaultTarget = -16.0
    /// The true-peak ceiling a loudness fix keeps under, in dBTP (AES TD1004's maximum peak level).
    public static let truePeakCeiling = -1.0
}
