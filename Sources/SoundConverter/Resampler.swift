/// How hard the resampler works. Each engine maps these to its own settings.
public enum ResamplerQuality: String, Sendable, CaseIterable {
    /// libsoxr's very high quality (28-bit), or libsamplerate's SRC_SINC_BEST_QUALITY.
    case best
    /// libsoxr's high quality (20-bit), or libsamplerate's SRC_SINC_MEDIUM_QUALITY.
    case medium
    /// libsoxr's 16-bit quality, or libsamplerate's SRC_SINC_FASTEST.
    case fast
}

/// The library that does the sample-rate conversion.
public enum ResamplerEngine: String, Sendable, CaseIterable {
    /// libsoxr, the resampler sox uses.
    case soxr
    /// libsamplerate (Secret Rabbit Code).
    case libsamplerate
}

/// One library's streaming sample-rate conversion of interleaved Float32 frames. An engine only
/// makes single calls into its library; the loop around them is `process`, the same for all.
protocol Resampler: AnyObject {
    /// Interleaved channels.
    var channels: Int { get }
    /// Output frames per input frame.
    var ratio: Double { get }

    /// One call into the library: takes up to `frames` frames at `input` (none, to flush, when
    /// `frames` is 0 and `isLast`), writes up to `room` frames at `output`, and returns how many
    /// frames it took and made, or the library's message.
    func step(
        input: UnsafePointer<Float>, frames: Int, output: UnsafeMutablePointer<Float>, room: Int, isLast: Bool
    ) -> (used: Int, made: Int, failure: String?)
}

extension Resampler {
    /// Resamples `frames` interleaved frames of `input` into `output` (grown as needed); with
    /// `isLast`, also flushes what the filter holds. Returns the frames made, at `output`'s start.
    func process(_ input: [Float], frames: Int, isLast: Bool, into output: inout [Float]) throws(ConversionError) -> ArraySlice<Float> {
        let capacity = Int(Double(frames) * ratio) + 256
        if output.count < capacity * channels { output = [Float](repeating: 0, count: capacity * channels) }
        var produced = 0
        var consumed = 0
        while consumed < frames || isLast {
            if produced * channels >= output.count { output += [Float](repeating: 0, count: output.count) }
            let remaining = frames - consumed
            let room = output.count / channels - produced
            let channels = self.channels
            let (used, made, failure) = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    // A buffer of no frames still needs an address to pass; `target`'s is never read.
                    let start = source.baseAddress.map { UnsafePointer($0 + consumed * channels) } ?? UnsafePointer(target.baseAddress!)
                    return step(
                        input: start, frames: remaining, output: target.baseAddress! + produced * channels, room: room, isLast: isLast)
                }
            }
            if let failure { throw .readFailed("resampling: \(failure)") }
            consumed += used
            produced += made
            if remaining == 0 && made == 0 { break }  // flushed
        }
        return output[0..<(produced * channels)]
    }
}

/// A resampler of `engine` from `inputRate` to `outputRate` for `channels` interleaved channels.
func makeResampler(
    engine: ResamplerEngine, from inputRate: Double, to outputRate: Double, channels: Int, quality: ResamplerQuality
) throws(ConversionError) -> any Resampler {
    switch engine {
    case .soxr: return try SoxrResampler(from: inputRate, to: outputRate, channels: channels, quality: quality)
    case .libsamplerate: return try SampleRateResampler(from: inputRate, to: outputRate, channels: channels, quality: quality)
    }
}
