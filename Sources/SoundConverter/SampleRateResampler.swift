internal import CSampleRate
internal import SharedLibraries

/// Streaming sample-rate conversion through libsamplerate. This is the only file that uses it.
final class SampleRateResampler: Resampler {
    private let library: soundcheck_samplerate
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
        let library = try samplerateLibrary.get()
        var error: Int32 = 0
        guard let state = library.src_new(converter, Int32(channels), &error) else {
            throw .invalidOption("the resampler cannot start: \(libraryMessage(library.src_strerror(error)))")
        }
        self.library = library
        self.state = state
        self.channels = channels
        ratio = outputRate / inputRate
        guard library.src_is_valid_ratio(ratio) != 0 else {
            library.src_delete(state)
            throw .invalidOption("cannot resample from \(inputRate) Hz to \(outputRate) Hz (ratio \(ratio))")
        }
    }

    deinit {
        library.src_delete(state)
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
        let failure = library.src_process(state, &data)
        return (Int(data.input_frames_used), Int(data.output_frames_gen), failure == 0 ? nil : libraryMessage(library.src_strerror(failure)))
    }
}

/// libsamplerate's functions, or why they cannot be had: the library is opened on first use.
private let samplerateLibrary: Result<soundcheck_samplerate, ConversionError> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_samplerate_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        let name = missing.map { String(cString: $0) } ?? "libsamplerate"
        let advice = SharedLibrarySearch.installAdvice(brew: "libsamplerate", apt: "libsamplerate0")
        return .failure(.invalidOption("resampling with libsamplerate needs \(name), which cannot be loaded (\(advice))"))
    }
    return .success(table.pointee)
}()
