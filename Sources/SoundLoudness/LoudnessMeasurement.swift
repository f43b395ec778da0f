/// What `LoudnessMeter` found in a sound: its loudness as ITU-R BS.1770-4 and EBU Tech 3342 define
/// it, its peaks, and where it is silent.
public struct LoudnessMeasurement: Sendable, Equatable, Codable {
    /// Integrated (programme) loudness in LUFS, gated as BS.1770-4 says (absolute gate at −70
    /// LUFS, relative gate 10 LU below the loudness of the blocks that pass it); nil when no
    /// 400 ms block passes the absolute gate (silence, or a sound shorter than one block).
    public var integratedLoudness: Double?
    /// Loudness range in LU (EBU Tech 3342): the spread between the 10th and the 95th percentile of
    /// the 3 s short-term loudness, gated at −70 LUFS and 20 LU below their mean; 0 when the sound
    /// is shorter than one 3 s window or no window passes the gates.
    public var loudnessRange: Double
    /// The highest absolute value of the signal 4× oversampled (BS.1770-4 Annex 2), in dBTP; never
    /// below `samplePeak`; `-Double.infinity` for digital silence.
    public var truePeak: Double
    /// The highest absolute sample, in dBFS; `-Double.infinity` for digital silence.
    public var samplePeak: Double
    /// Seconds before the first sample above `LoudnessThresholds.silenceDBFS` (the whole duration
    /// when there is none).
    public var leadingSilence: Double
    /// Seconds after the last sample above `LoudnessThresholds.silenceDBFS` (the whole duration when
    /// there is none).
    public var trailingSilence: Double
    /// True when no sample is above `LoudnessThresholds.silenceDBFS`.
    public var isSilent: Bool
    /// Runs of at least `LoudnessThresholds.fullScaleRunLength` consecutive samples of one channel
    /// at full scale (|x| ≥ `LoudnessThresholds.fullScaleSample`): the evidence of clipping a
    /// true peak of 0 dBTP alone does not give.
    public var fullScaleRuns: Int
    /// The frames measured.
    public var frameCount: Int
    /// The frames' rate, in Hz.
    public var sampleRate: Double

    /// A measurement from its parts.
    public init(
        integratedLoudness: Double?, loudnessRange: Double, truePeak: Double, samplePeak: Double, leadingSilence: Double,
        trailingSilence: Double, isSilent: Bool, fullScaleRuns: Int, frameCount: Int, sampleRate: Double
    ) {
        self.integratedLoudness = integratedLoudness
        self.loudnessRange = loudnessRange
        self.truePeak = truePeak
        self.samplePeak = samplePeak
        self.leadingSilence = leadingSilence
        self.trailingSilence = trailingSilence
        self.isSilent = isSilent
        self.fullScaleRuns = fullScaleRuns
        self.frameCount = frameCount
        self.sampleRate = sampleRate
    }

    /// The measured length, in seconds.
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / sampleRate : 0 }
}
