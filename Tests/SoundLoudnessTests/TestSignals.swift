import Foundation
import SoundLoudness

/// Test signals built from their published definitions (EBU Tech 3341 and Tech 3342, Table 1 of
/// each), measured by a `LoudnessMeter` fed in blocks of an awkward size, so block boundaries fall
/// inside the meter's 100 ms steps and its true-peak chunks.
enum TestSignals {
    /// A stretch of a tone: `seconds` long at a per-channel peak of `dBFS`.
    struct Segment {
        var seconds: Double
        var dBFS: Double
    }

    /// Interleaved samples of a 1 kHz sine (or `frequency`) whose level steps through `segments`,
    /// the phase running on across the steps ("tones similar to #1"), the same in each of
    /// `channels` channels scaled by `channelGains` (dB per channel; 0 when absent).
    static func tones(
        _ segments: [Segment], frequency: Double = 1000, rate: Double = 48_000, channels: Int = 2, channelGains: [Double] = []
    ) -> [Float] {
        let frames = segments.reduce(0) { $0 + Int(($1.seconds * rate).rounded()) }
        var samples = [Float](repeating: 0, count: frames * channels)
        let gains = (0..<channels).map { pow(10, (channelGains.indices.contains($0) ? channelGains[$0] : 0) / 20) }
        var frame = 0
        for segment in segments {
            let amplitude = pow(10, segment.dBFS / 20)
            let end = frame + Int((segment.seconds * rate).rounded())
            while frame < end {
                let value = amplitude * sin(2 * Double.pi * frequency * Double(frame) / rate)
                for channel in 0..<channels { samples[frame * channels + channel] = Float(value * gains[channel]) }
                frame += 1
            }
        }
        return samples
    }

    /// Tech 3341 cases 15 to 19: a stereo sine at `frequency` with peak `amplitude` (of full scale)
    /// starting at `phaseDegrees`, `seconds` long, tapered by 10 ms fades in and out.
    static func taperedSine(frequency: Double, amplitude: Double, phaseDegrees: Double, seconds: Double = 1, rate: Double = 48_000)
        -> [Float]
    {
        let frames = Int(seconds * rate)
        let fade = Int(0.010 * rate)
        var samples = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let taper = min(1, Double(min(frame, frames - 1 - frame)) / Double(fade))
            let value = taper * amplitude * sin(2 * Double.pi * frequency * Double(frame) / rate + phaseDegrees * Double.pi / 180)
            samples[2 * frame] = Float(value)
            samples[2 * frame + 1] = Float(value)
        }
        return samples
    }

    /// Tech 3341 cases 20 to 23: at 4·fs, a sine of fs/6 at 0.5 of full scale holding one period of
    /// a sine of fs/4 at full scale, the phase continuous on both sides (the period starts and ends
    /// at a zero crossing), then low-pass filtered at fs/2 and kept every 4th sample from `offset`
    /// (0 to 3). Stereo, tapered, at `rate`.
    static func singlePeriodBurst(offset: Int, rate: Double = 48_000) -> [Float] {
        let upsampled = 4 * rate
        let frames = Int(0.2 * upsampled)  // 0.2 s: the duration "does not matter"
        var signal = [Double](repeating: 0, count: frames)
        var phase = 0.0
        let burstStart = frames / 2 - (frames / 2) % 24  // a whole number of fs/6 periods (24 samples at 4·fs): phase 0
        for index in 0..<frames {
            let inBurst = index >= burstStart && index < burstStart + 16  // one period of fs/4 is 16 samples at 4·fs
            signal[index] = (inBurst ? 1.0 : 0.5) * sin(phase)
            phase += 2 * Double.pi * (inBurst ? rate / 4 : rate / 6) / upsampled
        }
        // The anti-aliasing low-pass at fs/2: a Blackman-windowed sinc 256 taps each side of the
        // centre at 4·fs (64 samples at fs), normalised to unit gain at 0 Hz.
        let halfLength = 256
        let taps = (-halfLength...halfLength).map { tap -> Double in
            let x = Double(tap) / 4
            let sinc = tap == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
            let angle = Double.pi * Double(tap) / Double(halfLength)
            return sinc * (0.42 + 0.5 * cos(angle) + 0.08 * cos(2 * angle))
        }
        let tapSum = taps.reduce(0, +)
        let fade = Int(0.010 * rate)
        let outputs = (frames - offset) / 4
        var samples = [Float](repeating: 0, count: outputs * 2)
        for output in 0..<outputs {
            let centre = output * 4 + offset
            var sum = 0.0
            var index = max(0, halfLength - centre)
            while index < taps.count && centre + index - halfLength < frames {
                sum += taps[index] * signal[centre + index - halfLength]
                index += 1
            }
            let taper = min(1, Double(min(output, outputs - 1 - output)) / Double(fade))
            let value = Float(taper * sum / tapSum)
            samples[2 * output] = value
            samples[2 * output + 1] = value
        }
        return samples
    }

    /// The measurement of `samples` (`channels` interleaved at `rate`), fed 1,237 frames at a time.
    static func measure(_ samples: [Float], rate: Double = 48_000, channels: Int = 2) -> LoudnessMeasurement {
        var meter = LoudnessMeter(sampleRate: rate, channels: channels)
        let blockSamples = 1237 * channels
        samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + blockSamples)
                meter.add(interleaved: UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
        return meter.measurement()
    }
}
