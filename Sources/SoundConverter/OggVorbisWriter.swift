internal import CVorbis
internal import SharedLibraries

/// Ogg Vorbis, encoded by libvorbisenc and libvorbis and paged by libogg, opened at run time.
/// Takes interleaved Float32 in blocks of any length and hands them to the encoder 64 frames at a
/// time, so memory stays flat. libvorbis gives each packet its granule position: a decoder drops the
/// first, overlap-only block and plays from the first sample, and the last page's granule position
/// cuts the last block's padding (Vorbis I, appendix A.2), so the stream holds the source's frames
/// exactly. This is the only file that uses libvorbis and libogg.
final class OggVorbisWriter: EncodedOutput {
    /// The quality libvorbis encodes at when none is given (from -1 to 10, as oggenc's `-q` and
    /// ffmpeg's `-q:a`): the smallest that keeps three quarters of the real sounds in
    /// ../shared/corpus/real at an SNR of 20 dB or more against the source
    /// (`Scripts/benchmarks/vorbis_quality.py`; the table is in docs/performance.md): 2, at 7.2%
    /// of the 16-bit WAV's size over the corpus.
    static let defaultQuality = 2.0

    /// Where each Vorbis channel is taken from, by channel count: the source's channels are in
    /// WAVE's order (front left, front right, centre, LFE, back, side), Vorbis I (section 4.3.9)
    /// puts the centre between the fronts and the LFE last.
    private static let vorbisChannelSources: [[Int]] = [
        [0], [0, 1], [0, 2, 1], [0, 1, 2, 3], [0, 2, 1, 3, 4], [0, 2, 1, 4, 5, 3], [0, 2, 1, 5, 6, 4, 3], [0, 2, 1, 6, 7, 4, 5, 3],
    ]

    /// The frames libvorbis is handed at a time: the frame size of FFmpeg's libvorbis wrapper, so
    /// that the packets are the ones `ffmpeg -c:a libvorbis` makes of the same samples (libvorbis's
    /// choice of block sizes depends on how much it is given at once).
    private static let chunkFrames = 64

    /// The most a page's body holds (255 segments of 255 bytes), as the size at which libogg is to
    /// end a page: it then ends one only when its segment table is full, or when told to.
    private static let largestPageBody: Int32 = 255 * 255

    /// A page is ended once it holds a second of audio, as FFmpeg's Ogg muxer ends them (its
    /// `page_duration`), or 255 segments, Ogg's most: the pages FFmpeg wrote, a third as many as
    /// libogg's own 4 KB ones (0.3% of the file in page headers over `Scripts/bench convert`'s files).
    private let pageFrames: Int64
    /// The granule position of the last page taken.
    private var pageEnd: Int64 = 0

    private let vorbis: soundcheck_vorbis
    private let state = EncoderState()
    private let file: AtomicOutput
    private let channelSources: [Int]
    private var channels: Int { channelSources.count }
    /// Interleaved frames waiting for a whole chunk.
    private var pending: [Float] = []
    /// Pages completed and not yet written.
    private var bytes: [UInt8] = []
    /// Frames handed to the encoder so far.
    private(set) var frames: Int64 = 0
    /// Audio packets added to the stream so far.
    private var audioPackets = 0

    /// Starts Ogg Vorbis at `sampleRate` and `channels` (1 to 8) in `file`, encoded at `quality`
    /// (-1 to 10), and writes the stream's three header packets.
    init(file: AtomicOutput, sampleRate: Int, channels: Int, quality: Double) throws(ConversionError) {
        vorbis = try vorbisLibrary.get()
        self.file = file
        channelSources = Self.vorbisChannelSources[channels - 1]
        pageFrames = Int64(sampleRate)
        vorbis.vorbis_info_init(state.info)
        state.hasInfo = true
        guard vorbis.vorbis_encode_init_vbr(state.info, channels, sampleRate, Float(quality / 10)) == 0 else {
            throw failed("libvorbis cannot encode \(channels) channels at \(sampleRate) Hz at quality \(quality)")
        }
        vorbis.vorbis_comment_init(state.comment)
        state.hasComment = true
        guard vorbis.vorbis_analysis_init(state.dsp, state.info) == 0 else { throw failed("libvorbis cannot start") }
        state.hasAnalysis = true
        guard vorbis.vorbis_block_init(state.dsp, state.block) == 0 else { throw failed("libvorbis cannot start") }
        state.hasBlock = true
        // A random serial number, as libogg's documentation asks: chained streams must not share one.
        guard vorbis.ogg_stream_init(state.stream, Int32.random(in: .min ... .max)) == 0 else { throw failed("libogg cannot start") }
        state.hasStream = true
        var identification = soundcheck_ogg_packet()
        var comment = soundcheck_ogg_packet()
        var setup = soundcheck_ogg_packet()
        guard vorbis.vorbis_analysis_headerout(state.dsp, state.comment, &identification, &comment, &setup) == 0 else {
            throw failed("libvorbis cannot make the stream's headers")
        }
        for var header in [identification, comment, setup] {
            guard vorbis.ogg_stream_packetin(state.stream, &header) == 0 else { throw failed("libogg cannot take a header") }
        }
        // libogg puts the identification header alone on the first page; the flush ends the page
        // of the other two, so that the audio starts a new page (Vorbis I, section A.2).
        try takePages(flushing: true)
        try writePages()
    }

    /// Encodes `samples` (whole interleaved frames), writing the pages libogg completes.
    func write(_ samples: ArraySlice<Float>) throws(ConversionError) {
        pending.append(contentsOf: samples)
        let chunk = Self.chunkFrames * channels
        let whole = pending.count / chunk
        guard whole > 0 else { return }
        for index in 0..<whole { try encode(startingAt: index * chunk, frames: Self.chunkFrames) }
        pending.removeFirst(whole * chunk)
        try writePages()
    }

    /// Encodes what is left and ends the stream: the encoder's last blocks, then the last page,
    /// whose granule position is the frame count.
    func finish() throws(ConversionError) -> Int64 {
        if !pending.isEmpty { try encode(startingAt: 0, frames: pending.count / channels) }
        pending.removeAll()
        try wrote(0)
        try takePages(flushing: true)
        try writePages()
        return frames
    }

    /// Hands libvorbis `count` frames of `pending` from `start`, each channel in its Vorbis place.
    private func encode(startingAt start: Int, frames count: Int) throws(ConversionError) {
        guard let planes = vorbis.vorbis_analysis_buffer(state.dsp, Int32(count)) else { throw failed("libvorbis has no buffer") }
        let channels = self.channels
        pending.withUnsafeBufferPointer { interleaved in
            for (channel, source) in channelSources.enumerated() {
                let plane = planes[channel]
                for index in 0..<count { plane[index] = interleaved[start + index * channels + source] }
            }
        }
        try wrote(count)
        frames += Int64(count)
    }

    /// Tells libvorbis that `count` frames are in its buffer (0: the end), and adds the packets it
    /// encodes to the stream.
    private func wrote(_ count: Int) throws(ConversionError) {
        guard vorbis.vorbis_analysis_wrote(state.dsp, Int32(count)) == 0 else { throw failed("libvorbis refused frame \(frames)") }
        var packet = soundcheck_ogg_packet()
        while vorbis.vorbis_analysis_blockout(state.dsp, state.block) == 1 {
            guard vorbis.vorbis_analysis(state.block, nil) == 0, vorbis.vorbis_bitrate_addblock(state.block) == 0 else {
                throw failed("libvorbis cannot encode frame \(frames)")
            }
            while vorbis.vorbis_bitrate_flushpacket(state.dsp, &packet) == 1 {
                guard vorbis.ogg_stream_packetin(state.stream, &packet) == 0 else { throw failed("libogg cannot take frame \(frames)") }
                audioPackets += 1
                // The first audio page ends after the first two packets (the first decodes to no
                // sample): a stream with one audio page, first and last at once, is one that
                // FFmpeg's reader cuts wrongly at the end (half a block short, or a block's padding long).
                try takePages(flushing: audioPackets == 2 || packet.granulepos - pageEnd >= pageFrames)
            }
        }
    }

    /// Moves the pages libogg has completed (255 segments, or the last) into `bytes`; with
    /// `flushing`, the page under way too, whatever its size.
    private func takePages(flushing: Bool) throws(ConversionError) {
        var page = soundcheck_ogg_page()
        while flushing
            ? vorbis.ogg_stream_flush_fill(state.stream, &page, Self.largestPageBody) != 0
            : vorbis.ogg_stream_pageout_fill(state.stream, &page, Self.largestPageBody) != 0
        {
            guard let header = page.header, page.header_len >= 27 else { throw failed("libogg made a page without a header") }
            // Bytes 6 to 13 of a page's header: its granule position, little-endian.
            let granule = (0..<8).reduce(Int64(0)) { $0 | Int64(header[6 + $1]) << (8 * Int64($1)) }
            if granule >= 0 { pageEnd = granule }
            bytes.append(contentsOf: UnsafeBufferPointer(start: header, count: page.header_len))
            if let body = page.body, page.body_len > 0 { bytes.append(contentsOf: UnsafeBufferPointer(start: body, count: page.body_len)) }
        }
    }

    private func writePages() throws(ConversionError) {
        guard !bytes.isEmpty else { return }
        try file.append(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private func failed(_ reason: String) -> ConversionError {
        .writeFailed("\(file.destination): Ogg Vorbis: \(reason)")
    }

    /// libvorbis's and libogg's structures, at addresses that do not move (each keeps pointers to
    /// the others), cleared in reverse however far the setup got.
    private final class EncoderState {
        let info = zeroedStorage(soundcheck_vorbis_info.self)
        let comment = zeroedStorage(soundcheck_vorbis_comment.self)
        let dsp = zeroedStorage(soundcheck_vorbis_dsp_state.self)
        let block = zeroedStorage(soundcheck_vorbis_block.self)
        let stream = zeroedStorage(soundcheck_ogg_stream_state.self)
        var hasInfo = false, hasComment = false, hasAnalysis = false, hasBlock = false, hasStream = false

        deinit {
            if case .success(let vorbis) = vorbisLibrary {
                if hasStream { _ = vorbis.ogg_stream_clear(stream) }
                if hasBlock { _ = vorbis.vorbis_block_clear(block) }
                if hasAnalysis { vorbis.vorbis_dsp_clear(dsp) }
                if hasComment { vorbis.vorbis_comment_clear(comment) }
                if hasInfo { vorbis.vorbis_info_clear(info) }
            }
            for storage in [UnsafeMutableRawPointer(info), .init(comment), .init(dsp), .init(block), .init(stream)] {
                storage.deallocate()
            }
        }
    }
}

/// Memory for one `T`, filled with zeros.
private func zeroedStorage<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
    let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
    UnsafeMutableRawPointer(storage).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    return storage
}

/// libogg's, libvorbis's and libvorbisenc's functions, or why they cannot be had: the libraries
/// are opened on first use.
private let vorbisLibrary: Result<soundcheck_vorbis, ConversionError> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_vorbis_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        let name = missing.map { String(cString: $0) } ?? "libvorbisenc"
        let advice = SharedLibrarySearch.installAdvice(brew: "libvorbis libogg", apt: "libvorbisenc2 libogg0")
        return .failure(
            .writeFailed("writing Ogg Vorbis needs libvorbisenc, libvorbis and libogg, and \(name) cannot be loaded (\(advice))"))
    }
    return .success(table.pointee)
}()
