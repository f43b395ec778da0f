import SoundLoudness
import Testing

/// What the meter reports beyond the standards' cases: silence, clipping, channel layouts, and the
/// same answer however the samples are split into blocks.
@Suite("LoudnessMeter: silence, clipping, channels and blocks")
struct MeterBehaviourTests {
    typealias Segment = TestSignals.Segment

    @Test("digital silence: silent, no loudness, peaks of −∞, the whole length silent at both ends")
    func digitalSilence() {
        let measurement = TestSignals.measure([Float](repeating: 0, count: 48_000 * 2))
        #expect(measurement.isSilent && measurement.integratedLoudness == nil)
        #expect(measurement.truePeak == -.infinity && measurement.samplePeak == -.infinity)
        #expect(measurement.leadingSilence == 1 && measurement.trailingSilence == 1)
        #expect(measurement.frameCount == 48_000 && measurement.duration == 1 && measurement.loudnessRange == 0)
    }

    @Test("a tone at −61 dBFS is silent by the −60 dBFS rule, and still measured (−64 LUFS)")
    func belowSilenceThreshold() throws {
        let measurement = TestSignals.measure(TestSignals.tones([Segment(seconds: 2, dBFS: -61)]))
        #expect(measurement.isSilent)
        let integrated = try #require(measurement.integratedLoudness)
        #expect(abs(integrated - -61) <= 0.1)
    }

    @Test("leading and trailing silence to the sample: 0.7 s before, 0.25 s after a 1 s tone")
    func silenceAtTheEnds() {
        let samples = TestSignals.tones([
            Segment(seconds: 0.7, dBFS: -120), Segment(seconds: 1, dBFS: -20), Segment(seconds: 0.25, dBFS: -120),
        ])
        let measurement = TestSignals.measure(samples)
        // The tone's first sample above −60 dBFS (0.001) comes a few samples after it starts at 0.
        #expect(measurement.leadingSilence > 0.7 && measurement.leadingSilence < 0.7 + 3 / 48_000.0)
        #expect(measurement.trailingSilence >= 0.25 && measurement.trailingSilence < 0.25 + 3 / 48_000.0)
        #expect(!measurement.isSilent)
    }

    @Test("runs of three or more full-scale samples in one channel count as clipping; two do not")
    func fullScaleRuns() {
        var samples = TestSignals.tones([Segment(seconds: 1, dBFS: -6)])
        for frame in 1000..<1003 { samples[2 * frame] = 1 }  // a run of 3 in the left channel
        for frame in 2000..<2010 { samples[2 * frame + 1] = -1 }  // a run of 10 in the right one
        for frame in 3000..<3002 { samples[2 * frame] = 1 }  // 2 only: not a run
        for frame in 4000..<4004 { samples[2 * frame] = 32767 / 32768 }  // 16-bit positive full scale
        let measurement = TestSignals.measure(samples)
        #expect(measurement.fullScaleRuns == 3)
        #expect(measurement.samplePeak == 0 && measurement.truePeak > 0)
    }

    @Test("the same measurement whatever the block size, down to one frame at a time")
    func blockSizeDoesNotMatter() {
        let samples = TestSignals.tones([Segment(seconds: 0.5, dBFS: -30), Segment(seconds: 3.6, dBFS: -12)], frequency: 997)
        var whole = LoudnessMeter(sampleRate: 48_000, channels: 2)
        samples.withUnsafeBufferPointer { whole.add(interleaved: $0) }
        var oneByOne = LoudnessMeter(sampleRate: 48_000, channels: 2)
        samples.withUnsafeBufferPointer { all in
            for frame in 0..<(all.count / 2) {
                oneByOne.add(interleaved: UnsafeBufferPointer(rebasing: all[(2 * frame)..<(2 * frame + 2)]))
            }
        }
        // Equal but for the order of the additions (the last bits of the sums).
        #expect(whole.measurement().isClose(to: oneByOne.measurement()))
        #expect(whole.measurement().isClose(to: TestSignals.measure(samples)))
    }

    @Test("measurement() can be asked for part way and the meter goes on")
    func measurementPartWay() throws {
        let samples = TestSignals.tones([Segment(seconds: 2, dBFS: -30), Segment(seconds: 2, dBFS: -10)])
        var meter = LoudnessMeter(sampleRate: 48_000, channels: 2)
        samples.withUnsafeBufferPointer { all in meter.add(interleaved: UnsafeBufferPointer(rebasing: all[0..<(48_000 * 2 * 2)])) }
        let first = try #require(meter.measurement().integratedLoudness)
        samples.withUnsafeBufferPointer { all in meter.add(interleaved: UnsafeBufferPointer(rebasing: all[(48_000 * 2 * 2)...])) }
        let second = try #require(meter.measurement().integratedLoudness)
        // The −30 dBFS blocks are more than 10 LU under the rest: the relative gate leaves them out.
        #expect(abs(first - -30) <= 0.1 && abs(second - -10) <= 0.5)
        #expect(meter.measurement().isClose(to: TestSignals.measure(samples)))
    }

    @Test("mono counts once: a 1 kHz sine at −23 dBFS in one channel reads −26.0 LUFS")
    func mono() throws {
        let measurement = TestSignals.measure(TestSignals.tones([Segment(seconds: 5, dBFS: -23)], channels: 1), channels: 1)
        let integrated = try #require(measurement.integratedLoudness)
        #expect(abs(integrated - -26.01) <= 0.1)
    }

    @Test("5.1: the LFE (4th channel) is left out, the surrounds weigh 1.41")
    func lfeLeftOut() throws {
        // Only the LFE carries the tone: nothing passes the gate.
        let lfeOnly = TestSignals.tones([Segment(seconds: 3, dBFS: -10)], channels: 6, channelGains: [-200, -200, -200, 0, -200, -200])
        #expect(TestSignals.measure(lfeOnly, channels: 6).integratedLoudness == nil)
        // Only the left surround: 1.41 × the power of the same tone in a front channel (+1.49 dB).
        let surround = TestSignals.tones([Segment(seconds: 3, dBFS: -20)], channels: 6, channelGains: [-200, -200, -200, -200, 0, -200])
        let front = TestSignals.tones([Segment(seconds: 3, dBFS: -20)], channels: 6, channelGains: [0, -200, -200, -200, -200, -200])
        let surroundLoudness = try #require(TestSignals.measure(surround, channels: 6).integratedLoudness)
        let frontLoudness = try #require(TestSignals.measure(front, channels: 6).integratedLoudness)
        #expect(abs(surroundLoudness - frontLoudness - 1.4922) <= 0.01)
    }

    @Test("shorter than one 400 ms block: no integrated loudness, peaks and silence still measured")
    func shorterThanABlock() {
        let measurement = TestSignals.measure(TestSignals.tones([Segment(seconds: 0.3, dBFS: -12)]))
        #expect(measurement.integratedLoudness == nil && !measurement.isSilent)
        #expect(abs(measurement.samplePeak - -12) <= 0.01)
    }

    @Test("44.1 kHz and 8 kHz read the same loudness as 48 kHz (the filters are designed for each rate)")
    func otherRates() throws {
        for rate in [8_000.0, 11_025, 22_050, 44_100, 96_000] {
            let samples = TestSignals.tones([Segment(seconds: 3, dBFS: -23)], rate: rate)
            let integrated = try #require(TestSignals.measure(samples, rate: rate).integratedLoudness)
            #expect(abs(integrated - -23) <= 0.1, "\(rate) Hz: \(integrated) LUFS")
        }
    }
}

extension LoudnessMeasurement {
    /// Equal within 1e-9 in every figure: the same measurement, summed in another order.
    func isClose(to other: LoudnessMeasurement) -> Bool {
        func close(_ a: Double?, _ b: Double?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a == b || abs(a - b) <= 1e-9 * max(1, abs(a))
        }
        return close(integratedLoudness, other.integratedLoudness) && close(loudnessRange, other.loudnessRange)
            && close(truePeak, other.truePeak) && close(samplePeak, other.samplePeak) && leadingSilence == other.leadingSilence
            && trailingSilence == other.trailingSilence && isSilent == other.isSilent && fullScaleRuns == other.fullScaleRuns
            && frameCount == other.frameCount && sampleRate == other.sampleRate
    }
}
