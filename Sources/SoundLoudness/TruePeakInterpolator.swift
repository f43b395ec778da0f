#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The highest absolute value of one channel oversampled as BS.1770-4 Annex 2 describes: the
/// samples are upsampled by a polyphase low-pass FIR and the peak of the result is kept.
///
/// Annex 2 asks for at least 4× at 48 kHz and gives a 48-tap example (12 taps per phase); its
/// successor BS.1770-5 states the goal as an oversampled rate of at least 192 kHz. The factor here
/// is therefore 4, or more for lower rates so the oversampled rate reaches 192 kHz (5× at 44.1 kHz,
/// 9× at 22.05 kHz), which is also the rate FFmpeg's `ebur128` upsamples every input to. The
/// filter is designed here, not copied: a Kaiser-windowed sinc whose cut-off is the input's Nyquist
/// frequency, `tapsPerPhase` taps per phase, so phase 0 returns the samples themselves and the true
/// peak is never below the sample peak. 32 taps, not Annex 2's 12: on the real corpus 12 read up to
/// 0.47 dB under FFmpeg's libswresample, 24 up to 0.30 dB, 32 within 0.11 dB.
///
/// Memory is fixed: the last `tapsPerPhase − 1` samples of history and one block of this channel.
struct TruePeakInterpolator: Sendable {
    /// Taps of each phase of the polyphase filter.
    static let tapsPerPhase = 32
    /// The Kaiser window's shape parameter (about 80 dB of stop-band rejection).
    static let kaiserBeta = 8.0
    /// The oversampled rate the factor reaches at least.
    static let targetOversampledRate = 192_000.0

    /// Oversampling factor (phases).
    let factor: Int
    /// The filter, phase after phase, each phase's taps in the order of the samples they multiply
    /// (oldest first).
    private let coefficients: [Float]
    /// The largest sum of absolute taps of any phase: no output exceeds it times the largest
    /// input it sees, so stretches that cannot raise the peak are skipped.
    private let gainBound: Float
    /// The last `tapsPerPhase − 1` samples, oldest first.
    private var history: [Float]
    /// The history followed by the current block's samples of this channel (kept to avoid reallocating).
    private var work: [Float] = []
    /// Outputs computed together (and skipped together).
    static let chunk = 256
    /// The highest absolute oversampled value so far.
    private(set) var peak: Float = 0

    /// An interpolator for a channel at `sampleRate`.
    init(sampleRate: Double) {
        let factor = max(4, Int((Self.targetOversampledRate / sampleRate).rounded(.up)))
        let taps = Self.tapsPerPhase
        let length = factor * taps
        let centre = Double(length / 2)
        var prototype = [Double](repeating: 0, count: length)
        let windowNormaliser = besselI0(Self.kaiserBeta)
        for index in 0..<length {
            let offset = Double(index) - centre
            let x = offset / Double(factor)
            let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
            let position = offset / centre
            let window = abs(position) >= 1 ? 0 : besselI0(Self.kaiserBeta * (1 - position * position).squareRoot()) / windowNormaliser
            prototype[index] = sinc * window
        }
        var coefficients: [Float] = []
        var gainBound: Float = 0
        for phase in 0..<factor {
            // Output phase p at input n is Σ h[factor·k + p]·x[n − k]: reversed, oldest sample first.
            var taps = (0..<taps).map { prototype[factor * $0 + phase] }
            let sum = taps.reduce(0, +)
            if sum != 0 { taps = taps.map { $0 / sum } }
            coefficients += taps.reversed().map(Float.init)
            gainBound = max(gainBound, Float(taps.reduce(0) { $0 + abs($1) }))
        }
        self.factor = factor
        self.coefficients = coefficients
        self.gainBound = gainBound
        history = [Float](repeating: 0, count: taps - 1)
    }

    /// Feeds the channel `channel` of `count` interleaved frames of `samples` (`channels` per frame).
    mutating func add(_ samples: UnsafeBufferPointer<Float>, channel: Int, channels: Int, frames count: Int) {
        let kept = Self.tapsPerPhase - 1
        if work.count < kept + count { work = [Float](repeating: 0, count: kept + count) }
        work.withUnsafeMutableBufferPointer { work in
            history.withUnsafeBufferPointer { history in
                var index = 0
                while index < kept {
                    work[index] = history[index]
                    index += 1
                }
            }
            var source = channel
            var index = kept
            while index < kept + count {
                work[index] = samples[source]
                source += channels
                index += 1
            }
        }
        scan(outputs: count)
        history.withUnsafeMutableBufferPointer { history in
            work.withUnsafeBufferPointer { work in
                var index = 0
                while index < kept {
                    history[index] = work[count + index]
                    index += 1
                }
            }
        }
    }

    /// The peak once the signal is over: the last samples' outputs, which need samples that never
    /// come, are computed with silence after them.
    func finalPeak() -> Float {
        var copy = self
        let taps = Self.tapsPerPhase
        copy.work = history + [Float](repeating: 0, count: taps)
        copy.scan(outputs: taps)
        return copy.peak
    }

    /// The outputs of every phase for the first `outputs` positions of `work` (each uses the
    /// `tapsPerPhase` samples starting there), in chunks; a chunk whose largest input times
    /// `gainBound` cannot exceed the peak so far is skipped.
    private mutating func scan(outputs: Int) {
        let taps = Self.tapsPerPhase
        let factor = self.factor
        let gainBound = self.gainBound
        var peak = self.peak
        work.withUnsafeBufferPointer { input in
            coefficients.withUnsafeBufferPointer { coefficients in
                guard let input = input.baseAddress, let coefficients = coefficients.baseAddress else { return }
                var start = 0
                while start < outputs {
                    let count = min(Self.chunk, outputs - start)
                    var largest: Float = 0
                    var index = start
                    while index < start + count + taps - 1 {
                        largest = max(largest, abs(input[index]))
                        index += 1
                    }
                    peak = max(peak, largest)  // phase 0's outputs: the samples themselves
                    if largest * gainBound > peak {
                        // Phase 0 (a unit impulse) was counted above.
                        var phase = 1
                        while phase < factor {
                            peak = max(peak, Self.largestOutput(input + start, count: count, taps: coefficients + phase * taps))
                            phase += 1
                        }
                    }
                    start += count
                }
            }
        }
        self.peak = peak
    }

    /// The largest absolute output of one phase over `count` positions of `input`: 16 outputs
    /// at a time, each summed over the taps in its own register (the compiler packs them into
    /// vector lanes, enough independent sums to hide the additions' latency), so nothing is
    /// stored until the maximum.
    private static func largestOutput(_ input: UnsafePointer<Float>, count: Int, taps coefficients: UnsafePointer<Float>) -> Float {
        let taps = tapsPerPhase
        var largest: Float = 0
        var position = 0
        while position + 16 <= count {
            var (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15):
                (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) = (
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
                )
            let source = input + position
            var tap = 0
            while tap < taps {
                let coefficient = coefficients[tap]
                let samples = source + tap
                a0 += coefficient * samples[0]
                a1 += coefficient * samples[1]
                a2 += coefficient * samples[2]
                a3 += coefficient * samples[3]
                a4 += coefficient * samples[4]
                a5 += coefficient * samples[5]
                a6 += coefficient * samples[6]
                a7 += coefficient * samples[7]
                a8 += coefficient * samples[8]
                a9 += coefficient * samples[9]
                a10 += coefficient * samples[10]
                a11 += coefficient * samples[11]
                a12 += coefficient * samples[12]
                a13 += coefficient * samples[13]
                a14 += coefficient * samples[14]
                a15 += coefficient * samples[15]
                tap += 1
            }
            largest = max(
                largest,
                max(
                    max(max(max(abs(a0), abs(a1)), max(abs(a2), abs(a3))), max(max(abs(a4), abs(a5)), max(abs(a6), abs(a7)))),
                    max(max(max(abs(a8), abs(a9)), max(abs(a10), abs(a11))), max(max(abs(a12), abs(a13)), max(abs(a14), abs(a15))))))
            position += 16
        }
        while position < count {
            var sum: Float = 0
            var tap = 0
            while tap < taps {
                sum += coefficients[tap] * input[position + tap]
                tap += 1
            }
            largest = max(largest, abs(sum))
            position += 1
        }
        return largest
    }
}

/// The modified Bessel function of the first kind, order 0, by its power series.
private func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    var k = 1.0
    while term > sum * 1e-12 {
        term *= (x / (2 * k)) * (x / (2 * k))
        sum += term
        k += 1
    }
    return sum
}
