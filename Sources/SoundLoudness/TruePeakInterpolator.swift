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
/// peak is never below the sample peak.
///
/// Memory is fixed: the last `tapsPerPhase − 1` samples of history.
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
    /// One phase's outputs for a chunk.
    private var outputsScratch: [Float] = []
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
    /// `gainBound` cannot exceed the peak so far is skipped. Each phase's outputs of a chunk are
    /// accumulated tap by tap over contiguous samples, a loop the compiler vectorises.
    private mutating func scan(outputs: Int) {
        let taps = Self.tapsPerPhase
        let chunk = Self.chunk
        if outputsScratch.count < chunk { outputsScratch = [Float](repeating: 0, count: chunk) }
        var peak = self.peak
        let factor = self.factor
        let gainBound = self.gainBound
        work.withUnsafeBufferPointer { input in
            coefficients.withUnsafeBufferPointer { coefficients in
                outputsScratch.withUnsafeMutableBufferPointer { accumulated in
                    guard let input = input.baseAddress, let coefficients = coefficients.baseAddress,
                        let accumulated = accumulated.baseAddress
                    else { return }
                    var start = 0
                    while start < outputs {
                        let count = min(chunk, outputs - start)
                        var largest: Float = 0
                        var index = start
                        while index < start + count + taps - 1 {
                            largest = max(largest, abs(input[index]))
                            index += 1
                        }
                        if largest * gainBound > peak {
                            var phase = 0
                            while phase < factor {
                                accumulated.update(repeating: 0, count: count)
                                var tap = 0
                                while tap < taps {
                                    let coefficient = coefficients[phase * taps + tap]
                                    let source = input + start + tap
                                    var position = 0
                                    while position < count {
                                        accumulated[position] += coefficient * source[position]
                                        position += 1
                                    }
                                    tap += 1
                                }
                                var position = 0
                                while position < count {
                                    peak = max(peak, abs(accumulated[position]))
                                    position += 1
                                }
                                phase += 1
                            }
                        }
                        start += count
                    }
                }
            }
        }
        self.peak = peak
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
