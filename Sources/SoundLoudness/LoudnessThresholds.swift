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
    /// A sample whose absolute value reaches this counts as full scale (Float's rounding of 1.0
    /// after a decoder's scaling).
    public static let fullScaleSample: Float = 1.0 - 1e-6
    /// How many consecutive full-scale samples of one channel make a run (clipping evidence).
    public static let fullScaleRunLength = 3
}
