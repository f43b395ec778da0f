import Foundation
import SoundLoudness

/// Test signals built from their published definitions, measured by a `LoudnessMeter` fed in
/// blocks of an awkward size (so block boundaries fall mid-step and mid-chunk).
enum TestSignals {
    /// Interleaved samples of a sine of `frequency` Hz whose peak is `dBFS`, `seconds` long, in
    /// every one of `channels` channels (the same in each), starting at `phase` radians.
    static func sine(frequency: Double, dBFS: Double, seconds: Double, rate: Double = 48_000, channels: Int = 2, phase: Double = 0)
        -> [Float]
    {
        let amplitude = pow(10, dBFS / 20)
        let frames = Int((seconds * rate).rounded())
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let value = Float(amplitude * sin(2 * Double.pi * frequency * Double(frame) / rate + phase))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
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
