internal import CSampleRate

/// Streaming sample-rate conversion through libsamplerate. This is the only file that uses it.
final class SampleRateResampler: Resampler {
    private let state: OpaquePointer
    let channels: Int
    let ratio: Double

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

    func step(
        input: UnsafePointer<Float>, frames: Int, output: UnsafeMutablePointer<Float>, room: Int, isLast: Bool
    ) -> (used: Int, made: Int, failure: String?) {
        var data = SRC_DATA()
        data.data_in = input
        data.input_frames = frames
        data.data_out = output
        data.output_frames = room
        data.end_of_input = isLast ? 1 : 0
        data.src_ratio = ratio
        let failure = src_process(state, &data)
        return (Int(data.input_frames_used), Int(data.output_frames_gen), failure == 0 ? nil : String(cString: src_strerror(failure)))
    }
}
