internal import CSampleRate

/// Streaming sample-rate conversion through libsamplerate. This is the only file that uses it.
final class SampleRateResampler: Resampler {
    private let state: OpaquePointer
    private let channels: Int
    private let ratio: Double
    private var output: [Float] = []

    init(from inputRate: Double, to outputRate: Double, channels: Int, quality: ResamplerQuality) throws(ConversionError) {
        let converter: Int32
        switch quality {
        case .best: converter = Int32(SRC_SINC_BEST_QUALITY)
        case .medium: converter = Int32(SRC_SINC_MEDIUM_QUALITY)
        case .fast: converter = Int32(SRC_SINC_FASTEST)
        }
        var error: Int32 = 0
        guard let state = src_new(converter, Int32(channels), &error) else {
            throw .invalidOption("the resampler cannot start: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        self.channels = channels
        ratio = outputRate / inputRate
        guard src_is_valid_ratio(ratio) != 0 else {
            src_delete(state)
            throw .invalidOption("cannot resample from \(inputRate) Hz to \(outputRate) Hz (ratio \(ratio))")
        }
    }

    deinit {
        src_delete(state)
    }

    /// Resamples `frames` interleaved frames of `input`; with `isLast`, also flushes what the
    /// filter holds. Returns the output frames (interleaved), valid until the next call.
    func process(_ input: [Float], frames: Int, isLast: Bool) throws(ConversionError) -> ArraySlice<Float> {
        let capacity = Int(Double(frames) * ratio) + 256
        if output.count < capacity * channels { output = [Float](repeating: 0, count: capacity * channels) }
        var produced = 0
        var consumed = 0
        while true {
            var failure: Int32 = 0
            var used = 0
            var made = 0
            let room = output.count / channels - produced
            input.withUnsafeBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    var data = SRC_DATA()
                    data.data_in = inputBuffer.baseAddress.map { UnsafePointer($0 + consumed * channels) }
                    data.input_frames = frames - consumed
                    data.data_out = outputBuffer.baseAddress! + produced * channels
                    data.output_frames = room
                    data.end_of_input = isLast ? 1 : 0
                    data.src_ratio = ratio
                    failure = src_process(state, &data)
                    used = Int(data.input_frames_used)
                    made = Int(data.output_frames_gen)
                }
            }
            guard failure == 0 else { throw .readFailed("resampling: \(String(cString: src_strerror(failure)))") }
            consumed += used
            produced += made
            let inputDone = consumed >= frames
            if inputDone && (!isLast || made == 0) { break }
            if produced * channels >= output.count {
                output += [Float](repeating: 0, count: output.count)
            }
        }
        return output[0..<(produced * channels)]
    }
}
