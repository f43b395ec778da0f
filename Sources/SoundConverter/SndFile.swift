internal import CSndFile
internal import SharedLibraries

/// Audio decoded by libsndfile: WAV, AIFF, CAF (PCM, float, µLaw, aLaw, ALAC), MS and IMA ADPCM
/// WAV, GSM, FLAC, Ogg Vorbis/Opus, MP3, AU, … This is the only file that uses libsndfile.
final class SndFileSource: AudioSource {
    private let library: soundcheck_sndfile
    private let handle: OpaquePointer
    let sampleRate: Double
    let channels: Int
    let integerBits: Int?

    init(path: String) throws(ConversionError) {
        let library = try sndfileLibrary.get()
        var info = SF_INFO()
        guard let handle = library.sf_open(path, Int32(SFM_READ), &info) else {
            throw .cannotDecode(libraryMessage(library.sf_strerror(nil)))
        }
        guard info.channels > 0, info.channels <= 64, info.samplerate > 0 else {
            library.sf_close(handle)
            throw .cannotDecode("it declares \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.library = library
        self.handle = handle
        sampleRate = Double(info.samplerate)
        channels = Int(info.channels)
        switch info.format & Int32(SF_FORMAT_SUBMASK) {
        case Int32(SF_FORMAT_PCM_S8), Int32(SF_FORMAT_PCM_U8): integerBits = 8
        case Int32(SF_FORMAT_PCM_16): integerBits = 16
        case Int32(SF_FORMAT_PCM_24): integerBits = 24
        default: integerBits = nil
        }
    }

    deinit {
        library.sf_close(handle)
    }

    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int {
        if buffer.count < frames * channels { buffer = [Float](repeating: 0, count: frames * channels) }
        let read = buffer.withUnsafeMutableBufferPointer { library.sf_readf_float(handle, $0.baseAddress, sf_count_t(frames)) }
        guard read >= 0 else { throw .readFailed(libraryMessage(library.sf_strerror(handle))) }
        if read == 0, library.sf_error(handle) != 0 { throw .readFailed(libraryMessage(library.sf_strerror(handle))) }
        return Int(read)
    }
}

/// libsndfile's functions, or why they cannot be had: the library is opened on first use.
private let sndfileLibrary: Result<soundcheck_sndfile, ConversionError> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_sndfile_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        let name = missing.map { String(cString: $0) } ?? "libsndfile"
        let advice = SharedLibrarySearch.installAdvice(brew: "libsndfile", apt: "libsndfile1")
        return .failure(.cannotDecode("decoding it needs libsndfile, and \(name) cannot be loaded (\(advice))"))
    }
    return .success(table.pointee)
}()
