import SoundLoudness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `fix --loudness` did to a sound's level.
public struct LoudnessChange: Sendable, Equatable {
    /// The integrated loudness asked for, in LUFS.
    public var target: Double
    /// The integrated loudness before, in LUFS; nil for a sound that has none (silence, or shorter
    /// than one 400 ms block), which is left at its level.
    public var before: Double?
    /// Why the level was left alone, when `before` is nil.
    public var unchangedBecause: String? = nil
    /// The ceiling the limiter holds the oversampled peaks to, in dBTP: the ceiling less the
    /// headroom, less what the meter found over it in the passes that measured the limited sound.
    var limiterCeiling = LoudnessNormalization.ceilingDecibels - LoudnessNormalization.headroomDecibels
    /// The gain applied, in dB.
    public var gainDecibels: Double
    /// True when gain alone would have taken the true peak over the ceiling, so the limiter ran.
    public var usesLimiter: Bool
    /// The limiter's greatest gain reduction, in dB (0 without it).
    public var limiterReduction: Double
}

/// `fix --loudness`: how much gain brings a sound to the target under a true-peak ceiling of
/// -1 dBTP, and whether the limiter is needed; measured, not guessed, since a limiter lowers the
/// loudness it is given.
enum LoudnessNormalization {
    /// The true peak a normalised sound may reach, in dBTP.
    static let ceilingDecibels = LoudnessThresholds.truePeakCeiling
    /// Headroom kept under the ceiling, in dB, for what other meters and the encoder add: another
    /// oversampling filter (FFmpeg's `ebur128` oversamples to 192 kHz), rounding to 16 bits.
    static let headroomDecibels = 0.2
    /// The largest gain applied, in dB: beyond it a sound is noise brought up, not a sound.
    static let largestGain = 60.0
    /// How many times a conversion is made again, with more headroom, when its output's true peak
    /// went over the ceiling (what a lossy encoder adds to the peaks).
    static let encodingRetries = 2

    /// How close the limited sound's loudness must come to the target, in LU, before the gain stops being corrected.
    static let tolerance = 0.05
    /// Passes through the limiter at most, each measuring the limited sound.
    static let corrections = 6

    /// The change that brings the source at `path`, measured as `survey` (its frames in `keep`,
    /// mapped to `outputChannels`), to `target` LUFS: gain alone when the true peak then stays
    /// under the ceiling (less the headroom), else gain and the limiter. A limiter lowers the
    /// loudness it is given, and its own peak estimate is not the meter's, so the limited sound is
    /// measured again, by the same meter, until it is within `tolerance` of the target with its
    /// true peak under the ceiling: the gain moves by the error over the slope the last two passes
    /// showed (1 at first), and the limiter's ceiling comes down by whatever the meter found over it.
    /// `encodingHeadroom` is more headroom, in dB, for what the encoder adds (a lossy one: IMA4,
    /// Vorbis), found by measuring an output that went over; with any, the limiter always runs.
    static func plan(
        path: String, outputChannels: Int?, keep: Range<Int64>?, target: Double, survey: LevelSurvey, encodingHeadroom: Double = 0
    ) throws(ConversionError) -> LoudnessChange {
        guard let before = survey.measurement.integratedLoudness else {
            var unchanged = LoudnessChange(target: target, before: nil, gainDecibels: 0, usesLimiter: false, limiterReduction: 0)
            unchanged.unchangedBecause =
                survey.measurement.isSilent
                ? "silent (no sample above -60 dBFS)"
                : survey.measurement.duration < 0.4
                    ? "shorter than the 400 ms block integrated loudness is measured over"
                    : "below the -70 LUFS absolute gate"
            return unchanged
        }
        var gain = min(target - before, largestGain)
        let limit = ceilingDecibels - headroomDecibels - encodingHeadroom
        guard survey.measurement.truePeak + gain > limit || encodingHeadroom > 0 else {
            return LoudnessChange(target: target, before: before, gainDecibels: gain, usesLimiter: false, limiterReduction: 0)
        }
        var change = LoudnessChange(target: target, before: before, gainDecibels: gain, usesLimiter: true, limiterReduction: 0)
        change.limiterCeiling = limit
        var previous: (gain: Double, reached: Double)? = nil
        for pass in 0..<corrections {
            let limited = try LevelSurvey.run(
                path: path, outputChannels: outputChannels, keep: keep, gainDecibels: gain, ceiling: change.limiterCeiling)
            change.gainDecibels = gain
            change.limiterReduction = limited.limiterReduction
            let over = limited.measurement.truePeak - limit
            guard let reached = limited.measurement.integratedLoudness else { break }
            if abs(target - reached) <= tolerance, over <= 0 { break }
            guard pass < corrections - 1 else { break }
            if over > 0 { change.limiterCeiling -= over + 0.02 }
            let slope = previous.map { gain != $0.gain ? (reached - $0.reached) / (gain - $0.gain) : 1 } ?? 1
            previous = (gain, reached)
            gain = min(gain + (target - reached) / min(1, max(0.1, slope)), largestGain)
        }
        return change
    }
}

/// The gain and, when a ceiling is given, the true-peak limiter, applied to a stream of blocks.
struct LevelStage {
    /// The linear gain.
    let gain: Float
    private var limiter: TruePeakLimiter?
    private var gained: [Float] = []

    /// A stage applying `gainDecibels`, then limiting to `ceiling` dBTP when given.
    init(gainDecibels: Double, ceiling: Double?, channels: Int, sampleRate: Double) {
        gain = Float(pow(10, gainDecibels / 20))
        limiter = ceiling.map { TruePeakLimiter(channels: channels, sampleRate: sampleRate, ceilingDecibels: $0) }
    }

    /// The limiter's greatest gain reduction so far, in dB.
    var limiterReduction: Double { limiter?.reductionDecibels ?? 0 }

    /// Appends `samples` with the gain (and the limiter) applied to `output`; with `isLast`, also
    /// the frames the limiter held back. The output has the input's frames, in the same places.
    mutating func process(_ samples: ArraySlice<Float>, isLast: Bool, into output: inout [Float]) {
        guard limiter != nil else {
            if gain == 1 {
                output.append(contentsOf: samples)
            } else {
                for sample in samples { output.append(sample * gain) }
            }
            return
        }
        gained.removeAll(keepingCapacity: true)
        for sample in samples { gained.append(sample * gain) }
        limiter?.process(gained[...], into: &output)
        if isLast { limiter?.finish(into: &output) }
    }
}
