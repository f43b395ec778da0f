internal import CSoxr

/// Streaming sample-rate conversion through libsoxr, the resampler sox uses. This is the only
/// file that uses it. One thread per resampler: `fix --jobs` runs files in parallel instead.
final class SoxrResampler: Resampler {
    private let state: soxr_t
    private let channels: Int
    private let ratio: Double
    private var output: [Float] = []

    init(from inputRate: Double, to outputRate: Double, channels: Int, quality: ResamplerQuality) throws(ConversionError) {
        let recipe: UInt
        switch quality {
        case .best: recipe = UInt(SOXR_28_BITQ)
        case .medium: recipe = UInt(SOXR_20_BITQ)
        case .fast: recipe = UInt(SOXR_16_BITQ)
        }
        guard inputRate > 0, outputRate > 0, inputRate.isFinite, outputRate.isFinite else {
            throw .invalidOption("cannot resample from \(inputRate) Hz to \(outputRate) Hz")
        }
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var qualitySpec = soxr_quality_spec(recipe, 0)
        var runtime = soxr_runtime_spec(1)
        var error: soxr_error_t?
        guard let state = soxr_create(inputRate, outputRate, UInt32(channels), &error, &io, &qualitySpec, &runtime), error == nil
        else {
            throw .invalidOption("the resampler cannot start: \(error.map { String(cString: $0) } ?? "unknown error")")
        }
        self.state = state
        self.channels = channels
        ratio = outputRate / inputRate
    }

    deinit {
        soxr_delete(state)
    }

    func process(_ input: [Float], frames: Int, isLast: Bool) throws(ConversionError) -> ArraySlice<Float> {
        let capacity = Int(Double(frames) * ratio) + 256
        if output.count < capacity * channels { output = [Float](repeating: 0, count: capacity * channels) }
        var produced = 0
        var consumed = 0
        while true {
            var used = 0
            var made = 0
            let room = output.count / channels - produced
            let flushing = consumed >= frames
            let failure: soxr_error_t? = input.withUnsafeBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    let start = flushing ? nil : inputBuffer.baseAddress.map { UnsafeRawPointer($0 + consumed * channels) }
                    return soxr_process(
                        state, start, flushing ? 0 : frames - consumed, &used, outputBuffer.baseAddress! + produced * channels, room,
                        &made)
                }
            }
            if let failure { throw .readFailed("resampling: \(String(cString: failure))") }
            consumed += used
            produced += made
            // Without isLast, stop once the input is taken; with it, flush until nothing comes out.
            if consumed >= frames && (!isLast || (flushing && made == 0)) { break }
            if produced * channels >= output.count {
                output += [Float](repeating: 0, count: output.count)
            }
        }
        return output[0..<(produced * channels)]
    }
}
