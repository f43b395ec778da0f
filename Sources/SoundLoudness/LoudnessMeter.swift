#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures a sound as it streams past, in blocks of any size: integrated loudness (ITU-R
/// BS.1770-4), loudness range (EBU Tech 3342), true and sample peak, leading and trailing silence,
/// and runs of full-scale samples.
///
/// Memory is flat whatever the length: the meter holds fixed state (each channel's K-weighting
/// filters, the true-peak interpolator's short history, counters) plus one Double per 100 ms of
/// sound, the K-weighted energy of each step, from which the 400 ms blocks and 3 s windows are
/// formed when `measurement()` is asked for (10 doubles a second: 2.4 kB for a 30 s sound).
///
/// Channels are weighted by position as BS.1770-4 Table 3 gives: 1.0 for left, right and centre,
/// 1.41 for the surrounds, and the LFE (the 4th of 6 or more channels) left out. One to three
/// channels are L, R, C; four are L, R, Ls, Rs; five are L, R, C, Ls, Rs; six or more are
/// L, R, C, LFE, then surrounds.
public struct LoudnessMeter: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// Interleaved channels.
    public let channels: Int

    /// Each channel's weight in the sum of mean squares.
    private let weights: [Double]
    /// Frames in one 100 ms step (rounded, as libebur128 and FFmpeg round it).
    private let stepFrames: Int
    private let shelf: BiquadCoefficients
    private let highPass: BiquadCoefficients
    /// Each channel's filter state: the shelf's two, then the high-pass's two (transposed direct form II).
    private var filterStates: [Double]
    /// The weighted sum of squares of the step being filled, and its frames so far.
    private var stepSum = 0.0
    private var stepFilled = 0
    /// The mean square of each complete 100 ms step.
    private var stepMeanSquares: [Double] = []
    private var interpolators: [TruePeakInterpolator]
    private var samplePeak: Float = 0
    private var frames = 0
    private var firstAudibleFrame: Int?
    private var lastAudibleFrame: Int?
    /// Each channel's current run of full-scale samples.
    private var fullScaleRunLengths: [Int]
    private var fullScaleRuns = 0

    /// A meter for interleaved Float samples in [−1, 1] (values beyond are measured as they are) at
    /// `sampleRate` Hz with `channels` channels; both must be positive (a programmer's mistake
    /// otherwise: `measureLoudness(ofFileAt:)` refuses such a file before it gets here).
    public init(sampleRate: Double, channels: Int) {
        precondition(sampleRate > 0 && sampleRate.isFinite && channels > 0, "a loudness meter needs a positive rate and channel count")
        self.sampleRate = sampleRate
        self.channels = channels
        weights = (0..<channels).map { Self.weight(ofChannel: $0, of: channels) }
        stepFrames = max(1, Int((sampleRate / 10).rounded()))
        shelf = KWeighting.shelf(sampleRate: sampleRate)
        highPass = KWeighting.highPass(sampleRate: sampleRate)
        filterStates = [Double](repeating: 0, count: 4 * channels)
        interpolators = (0..<channels).map { _ in TruePeakInterpolator(sampleRate: sampleRate) }
        fullScaleRunLengths = [Int](repeating: 0, count: channels)
    }

    /// BS.1770-4's weight of channel `index` of `count`, by its position.
    static func weight(ofChannel index: Int, of count: Int) -> Double {
        switch count {
        case 1...3: return 1
        case 4: return index < 2 ? 1 : 1.41
        case 5: return index < 3 ? 1 : 1.41
        default: return index < 3 ? 1 : index == 3 ? 0 : 1.41
        }
    }

    /// Adds interleaved samples: `samples.count / channels` frames (a partial frame at the end is ignored).
    public mutating func add(interleaved samples: UnsafeBufferPointer<Float>) {
        let count = samples.count / channels
        guard count > 0 else { return }
        var frame = 0
        while frame < count {
            let take = min(count - frame, stepFrames - stepFilled)
            var channel = 0
            while channel < channels {
                // Two channels in one pass: their filters are independent chains the processor overlaps.
                if channel + 1 < channels, weights[channel] > 0, weights[channel + 1] > 0 {
                    let (first, second) = filteredSumsOfSquares(samples, channel: channel, from: frame, count: take)
                    stepSum += weights[channel] * first + weights[channel + 1] * second
                    channel += 2
                } else {
                    if weights[channel] > 0 {
                        stepSum += weights[channel] * filteredSumOfSquares(samples, channel: channel, from: frame, count: take)
                    }
                    channel += 1
                }
            }
            stepFilled += take
            frame += take
            if stepFilled == stepFrames {
                stepMeanSquares.append(stepSum / Double(stepFrames))
                stepSum = 0
                stepFilled = 0
            }
        }
        for channel in 0..<channels {
            scanLevels(samples, channel: channel, frames: count)
            interpolators[channel].add(samples, channel: channel, channels: channels, frames: count)
        }
        frames += count
    }

    /// Runs `count` frames of one channel, from `start`, through the K-weighting filters and
    /// returns the sum of the squares of the result.
    private mutating func filteredSumOfSquares(_ samples: UnsafeBufferPointer<Float>, channel: Int, from start: Int, count: Int) -> Double {
        let state = 4 * channel
        var (s1, s2, h1, h2) = (filterStates[state], filterStates[state + 1], filterStates[state + 2], filterStates[state + 3])
        let (sb0, sb1, sb2, sa1, sa2) = (shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2)
        let (hb0, hb1, hb2, ha1, ha2) = (highPass.b0, highPass.b1, highPass.b2, highPass.a1, highPass.a2)
        var sum = 0.0
        var index = start * channels + channel
        let end = index + count * channels
        while index < end {
            let x = Double(samples[index])
            let shelved = sb0 * x + s1
            s1 = sb1 * x - sa1 * shelved + s2
            s2 = sb2 * x - sa2 * shelved
            let weighted = hb0 * shelved + h1
            h1 = hb1 * shelved - ha1 * weighted + h2
            h2 = hb2 * shelved - ha2 * weighted
            sum += weighted * weighted
            index += channels
        }
        filterStates[state] = s1
        filterStates[state + 1] = s2
        filterStates[state + 2] = h1
        filterStates[state + 3] = h2
        return sum
    }

    /// `filteredSumOfSquares` of channels `channel` and `channel + 1` at once.
    private mutating func filteredSumsOfSquares(_ samples: UnsafeBufferPointer<Float>, channel: Int, from start: Int, count: Int)
        -> (Double, Double)
    {
        let state = 4 * channel
        var (s1, s2, h1, h2) = (filterStates[state], filterStates[state + 1], filterStates[state + 2], filterStates[state + 3])
        var (t1, t2, g1, g2) = (filterStates[state + 4], filterStates[state + 5], filterStates[state + 6], filterStates[state + 7])
        let (sb0, sb1, sb2, sa1, sa2) = (shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2)
        let (hb0, hb1, hb2, ha1, ha2) = (highPass.b0, highPass.b1, highPass.b2, highPass.a1, highPass.a2)
        var (sum, otherSum) = (0.0, 0.0)
        var index = start * channels + channel
        let end = index + count * channels
        while index < end {
            let x = Double(samples[index])
            let y = Double(samples[index + 1])
            let shelved = sb0 * x + s1
            let otherShelved = sb0 * y + t1
            s1 = sb1 * x - sa1 * shelved + s2
            t1 = sb1 * y - sa1 * otherShelved + t2
            s2 = sb2 * x - sa2 * shelved
            t2 = sb2 * y - sa2 * otherShelved
            let weighted = hb0 * shelved + h1
            let otherWeighted = hb0 * otherShelved + g1
            h1 = hb1 * shelved - ha1 * weighted + h2
            g1 = hb1 * otherShelved - ha1 * otherWeighted + g2
            h2 = hb2 * shelved - ha2 * weighted
            g2 = hb2 * otherShelved - ha2 * otherWeighted
            sum += weighted * weighted
            otherSum += otherWeighted * otherWeighted
            index += channels
        }
        (filterStates[state], filterStates[state + 1], filterStates[state + 2], filterStates[state + 3]) = (s1, s2, h1, h2)
        (filterStates[state + 4], filterStates[state + 5], filterStates[state + 6], filterStates[state + 7]) = (t1, t2, g1, g2)
        return (sum, otherSum)
    }

    /// The sample peak, the first and last audible frames and the full-scale runs of one channel.
    private mutating func scanLevels(_ samples: UnsafeBufferPointer<Float>, channel: Int, frames count: Int) {
        let silence = Float(LoudnessThresholds.silenceAmplitude)
        let fullScale = LoudnessThresholds.fullScaleSample
        var peak = samplePeak
        var run = fullScaleRunLengths[channel]
        var firstAudible: Int?
        var lastAudible: Int?
        var index = channel
        var frame = 0
        while frame < count {
            let level = abs(samples[index])
            peak = max(peak, level)
            if level > silence {
                if firstAudible == nil { firstAudible = frame }
                lastAudible = frame
            }
            if level >= fullScale {
                run += 1
                if run == LoudnessThresholds.fullScaleRunLength { fullScaleRuns += 1 }
            } else {
                run = 0
            }
            index += channels
            frame += 1
        }
        samplePeak = peak
        fullScaleRunLengths[channel] = run
        if let firstAudible { firstAudibleFrame = min(firstAudibleFrame ?? .max, frames + firstAudible) }
        if let lastAudible { lastAudibleFrame = max(lastAudibleFrame ?? .min, frames + lastAudible) }
    }

    /// What the meter has measured so far (it can go on measuring after).
    public func measurement() -> LoudnessMeasurement {
        let truePeak = interpolators.reduce(samplePeak) { max($0, $1.finalPeak()) }
        let duration = Double(frames) / sampleRate
        return LoudnessMeasurement(
            integratedLoudness: GatedLoudness.integratedLoudness(steps: stepMeanSquares),
            loudnessRange: GatedLoudness.loudnessRange(steps: stepMeanSquares),
            truePeak: decibels(truePeak),
            samplePeak: decibels(samplePeak),
            leadingSilence: firstAudibleFrame.map { Double($0) / sampleRate } ?? duration,
            trailingSilence: lastAudibleFrame.map { Double(frames - 1 - $0) / sampleRate } ?? duration,
            isSilent: firstAudibleFrame == nil,
            fullScaleRuns: fullScaleRuns,
            frameCount: frames,
            sampleRate: sampleRate)
    }

    /// An amplitude in decibels relative to full scale; −∞ for 0.
    private func decibels(_ amplitude: Float) -> Double {
        amplitude > 0 ? 20 * log10(Double(amplitude)) : -.infinity
    }
}
