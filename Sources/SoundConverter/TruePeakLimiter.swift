#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A look-ahead true-peak limiter: keeps the signal's 4×-oversampled peaks under `ceiling`
/// while changing it as little as it can, for `fix --loudness` where gain alone would go over.
///
/// - **Peaks**: each frame's peak is the largest absolute value, over its channels, of the
///   sample and of the three points between it and the next, interpolated by a 4-phase
///   polyphase low-pass FIR (a Hann-windowed sinc, 16 taps a phase, cut-off at the input's
///   Nyquist frequency), as ITU-R BS.1770-4 Annex 2 estimates true peak. The gain each frame
///   needs is `min(1, ceiling / peak)`.
/// - **Look-ahead and attack**: the needed gain is held at its minimum over the next
///   `lookAheadSeconds` (5 ms), then averaged over a window of the same length. Every value the
///   average takes in around a peak is at most the gain that peak needs, so the smoothed gain is
///   at or under it when the peak passes, and it ramps down over the 5 ms before the peak rather
///   than jumping. The signal is delayed by the look-ahead (and the filter's 8 frames) to meet
///   its gain; the delay is taken back out, so the output has the input's length and start.
/// - **Release**: when the needed gain rises again, the gain follows it exponentially with a
///   `releaseSeconds` (50 ms) time constant, never above what the smoothing allows.
///
/// Memory is fixed: the frames of the delay, whatever the length of the sound.
struct TruePeakLimiter {
    /// How far ahead the gain computer looks, in seconds.
    static let lookAheadSeconds = 0.005
    /// The release's time constant, in seconds.
    static let releaseSeconds = 0.05
    /// Oversampling factor of the peak estimate.
    static let oversampling = 4
    /// Taps of each phase of the interpolation filter.
    static let tapsPerPhase = 16
    /// Frames the filter reads after the one it interpolates from (taps at -7…+8).
    static let filterLead = tapsPerPhase / 2

    /// Interleaved channels.
    let channels: Int
    /// The highest absolute value the oversampled output may reach (linear).
    let ceiling: Float
    /// The look-ahead, in frames (at least the filter's lead).
    let lookAhead: Int
    /// How much of the way to the allowed gain the release goes each frame.
    private let releaseStep: Float
    /// The interpolation filter's phases 1…3 (phase 0 is the sample itself), each in the order of
    /// the frames it multiplies, from frame −7 to frame +8.
    private let phases: [[Float]]

    /// Frames are counted from `lookAhead` frames of silence put before the sound, so that the
    /// gains of its first frames are smoothed like any others: the sound's frame n is frame
    /// n + `lookAhead` here.
    /// Input frames from `bufferStart` on, interleaved: the filter's history, the delay and the newest.
    private var buffer: [Float]
    /// The frame index of `buffer`'s first frame (negative at first: the filter's zeros before the silence).
    private var bufferStart: Int
    /// The sound's frames received (not counting the zeros of `finish`).
    private var received = 0
    /// Frames taken in, the silence before the sound and the zeros of `finish` included.
    private var taken: Int
    /// The next frame whose needed gain is computed.
    private var nextPeak = 0
    /// The needed gain of frames from `neededStart` on.
    private var needed: [Float] = []
    private var neededStart = 0
    /// Frame indices whose needed gains increase from front to back: the front is the minimum of
    /// the look-ahead window (a monotonic queue).
    private var window: [Int] = []
    private var windowFront = 0
    /// The last `lookAhead + 1` held gains, a ring, and their sum.
    private var held: [Float]
    private var heldSum: Float
    /// The next frame to write out.
    private var nextOutput = 0
    /// The gain of the frame written last.
    private var gain: Float = 1
    /// The smallest gain applied so far.
    private(set) var smallestGain: Float = 1

    /// A limiter for `channels` interleaved channels at `sampleRate`, holding peaks under
    /// `ceilingDecibels` dBTP.
    init(channels: Int, sampleRate: Double, ceilingDecibels: Double) {
        self.channels = channels
        ceiling = Float(pow(10, ceilingDecibels / 20))
        lookAhead = max(Self.filterLead, Int((Self.lookAheadSeconds * sampleRate).rounded()))
        releaseStep = Float(1 - exp(-1 / (Self.releaseSeconds * sampleRate)))
        phases = Self.interpolationPhases()
        bufferStart = -(Self.filterLead - 1)
        buffer = [Float](repeating: 0, count: (Self.filterLead - 1 + lookAhead) * channels)
        taken = lookAhead
        held = [Float](repeating: 1, count: lookAhead + 1)
        heldSum = Float(lookAhead + 1)
    }

    /// The greatest gain reduction applied so far, in dB (0 when the limiter never acted).
    var reductionDecibels: Double { smallestGain < 1 ? -20 * log10(Double(smallestGain)) : 0 }

    /// Takes `samples` (whole interleaved frames) and appends the frames it can write now.
    mutating func process(_ samples: ArraySlice<Float>, into output: inout [Float]) {
        buffer.append(contentsOf: samples)
        let frames = samples.count / channels
        received += frames
        taken += frames
        advance(into: &output)
    }

    /// Ends the stream: appends every frame still held back, so the output has as many frames as came in.
    mutating func finish(into output: inout [Float]) {
        while nextOutput - lookAhead < received {
            let zeros = min(lookAhead + Self.filterLead + 1, 4096)
            buffer.append(contentsOf: repeatElement(0, count: zeros * channels))
            taken += zeros
            advance(into: &output)
        }
    }

    /// Computes every needed gain the frames in hand allow, and writes every frame whose gain is known.
    private mutating func advance(into output: inout [Float]) {
        while nextPeak + Self.filterLead < taken {
            pushNeeded(frame: nextPeak, gain: min(1, ceiling / peak(at: nextPeak)), into: &output)
            nextPeak += 1
        }
        compact()
    }

    /// Records the gain frame `frame` needs; once the look-ahead window ending at it is complete,
    /// smooths the gain of the frame that window starts at and writes that frame.
    private mutating func pushNeeded(frame: Int, gain needs: Float, into output: inout [Float]) {
        needed.append(needs)
        while window.count > windowFront, neededGain(window[window.count - 1]) >= needs { window.removeLast() }
        window.append(frame)
        let start = frame - lookAhead
        guard start >= 0 else { return }
        while window[windowFront] < start { windowFront += 1 }
        let hold = neededGain(window[windowFront])
        let ring = start % (lookAhead + 1)
        heldSum += hold - held[ring]
        held[ring] = hold
        let allowed = min(1, heldSum / Float(lookAhead + 1))
        gain = allowed < gain ? allowed : gain + (allowed - gain) * releaseStep
        smallestGain = min(smallestGain, gain)
        if start >= lookAhead, start - lookAhead < received {
            let base = (start - bufferStart) * channels
            for channel in 0..<channels { output.append(buffer[base + channel] * gain) }
        }
        nextOutput = start + 1
    }

    private func neededGain(_ frame: Int) -> Float { needed[frame - neededStart] }

    /// The largest absolute value, over the channels, of frame `frame` and of the interpolated
    /// points between it and the next.
    private func peak(at frame: Int) -> Float {
        var largest: Float = 0
        let first = (frame - (Self.filterLead - 1) - bufferStart) * channels
        for channel in 0..<channels {
            largest = max(largest, abs(buffer[first + (Self.filterLead - 1) * channels + channel]))
            for taps in phases {
                var sum: Float = 0
                var index = first + channel
                for tap in taps {
                    sum += tap * buffer[index]
                    index += channels
                }
                largest = max(largest, abs(sum))
            }
        }
        return largest
    }

    /// Drops the frames, gains and queue entries no later step reads.
    private mutating func compact() {
        let keepFrom = min(nextOutput, nextPeak - (Self.filterLead - 1))
        if keepFrom - bufferStart > 4096 {
            buffer.removeFirst((keepFrom - bufferStart) * channels)
            bufferStart = keepFrom
        }
        let keepNeeded = window.count > windowFront ? min(window[windowFront], nextOutput) : nextOutput
        if keepNeeded - neededStart > 4096 {
            needed.removeFirst(keepNeeded - neededStart)
            neededStart = keepNeeded
        }
        if windowFront > 4096 {
            window.removeFirst(windowFront)
            windowFront = 0
        }
    }

    /// The filter's phases 1…3: a Hann-windowed sinc interpolating at k/4 of the way from frame 0
    /// to frame 1, over frames −7…+8, each phase scaled to a DC gain of 1.
    private static func interpolationPhases() -> [[Float]] {
        (1..<oversampling).map { phase in
            let fraction = Double(phase) / Double(oversampling)
            let taps = (0..<tapsPerPhase).map { index -> Double in
                let offset = Double(index - (filterLead - 1)) - fraction  // the tap's frame, relative to the point
                let sinc = offset == 0 ? 1 : sin(Double.pi * offset) / (Double.pi * offset)
                let window = 0.5 + 0.5 * cos(Double.pi * offset / Double(filterLead))
                return sinc * window
            }
            let total = taps.reduce(0, +)
            return taps.map { Float($0 / total) }
        }
    }
}
