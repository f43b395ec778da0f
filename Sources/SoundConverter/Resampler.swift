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

/// Streaming sample-rate conversion of interleaved Float32 frames.
protocol Resampler: AnyObject {
    /// Resamples `frames` interleaved frames of `input`; with `isLast`, also flushes what the
    /// filter holds. Returns the output frames (interleaved), valid until the next call.
    func process(_ input: [Float], frames: Int, isLast: Bool) throws(ConversionError) -> ArraySlice<Float>
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
