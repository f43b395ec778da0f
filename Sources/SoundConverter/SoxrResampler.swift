internal import CSoxr
internal import SharedLibraries

/// Streaming sample-rate conversion through libsoxr, the resampler sox uses. This is the only
/// file that uses it. One thread per resampler: `fix --jobs` runs files in parallel instead.
final class SoxrResampler: Resampler {
    private let library: soundcheck_soxr
    private let state: soxr_t
    let channels: Int
    let ratio: Double

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
        let library = try soxrLibrary.get()
        var io = library.soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var qualitySpec = library.soxr_quality_spec(recipe, 0)
        var runtime = library.soxr_runtime_spec(1)
        var error: soxr_error_t?
        guard let state = library.soxr_create(inputRate, outputRate, UInt32(channels), &error, &io, &qualitySpec, &runtime), error == nil
        else {
            throw .invalidOption("the resampler cannot start: \(error.map { String(cString: $0) } ?? "unknown error")")
        }
        self.library = library
        self.state = state
        self.channels = channels
        ratio = outputRate / inputRate
    }

    deinit {
        library.soxr_delete(state)
    }

    func step(
        input: UnsafePointer<Float>, frames: Int, output: UnsafeMutablePointer<Float>, room: Int, isLast: Bool
    ) -> (used: Int, made: Int, failure: String?) {
        var used = 0
        var made = 0
        // soxr flushes when it is given no input at all.
        let failure = library.soxr_process(state, frames > 0 ? UnsafeRawPointer(input) : nil, frames, &used, output, room, &made)
        return (used, made, failure.map { String(cString: $0) })
    }
}

/// libsoxr's functions, or why they cannot be had: the library is opened on first use.
private let soxrLibrary: Result<soundcheck_soxr, ConversionError> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_soxr_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        let name = missing.map { String(cString: $0) } ?? "libsoxr"
        let advice = SharedLibrarySearch.installAdvice(brew: "libsoxr", apt: "libsoxr0")
        return .failure(.invalidOption("resampling with libsoxr needs \(name), which cannot be loaded (\(advice))"))
    }
    return .success(table.pointee)
}()
