internal import CFFmpeg

/// Ogg Vorbis, encoded by FFmpeg's `libvorbis` encoder and written by its Ogg muxer, from the
/// libraries opened at run time as `FFmpegSource`'s decoders are. Takes interleaved Float32 in
/// blocks of any length and hands the encoder planar frames of its own size, so memory stays
/// flat. The muxer writes each page's granule position from the packets' timestamps, which start
/// at 0: a decoder drops the encoder's first, overlap-only block and plays from the first sample,
/// and the last page's granule position cuts the last block's padding (Vorbis I, appendix A.2).
/// This is the only file that encodes with FFmpeg.
final class OggVorbisWriter: EncodedOutput {
    /// The quality `libvorbis` encodes at when none is given (`-q:a` in ffmpeg, from -1 to 10):
    /// the smallest that keeps three quarters of the real sounds in ../shared/corpus/real at an
    /// SNR of 20 dB or more against the source (`Scripts/benchmarks/vorbis_quality.py`; the table
    /// is in docs/performance.md): 2, at 7.2% of the 16-bit WAV's size over the corpus.
    static let defaultQuality = 2.0

    private let ffmpeg: soundcheck_ffmpeg
    private let handles: FFmpegHandles
    private let stream: UnsafeMutablePointer<AVStream>
    private let channels: Int
    private let frameSize: Int
    /// Interleaved frames waiting for a whole encoder frame.
    private var pending: [Float] = []
    /// Frames handed to the encoder so far.
    private(set) var frames: Int64 = 0
    /// Audio packets written so far.
    private var packetsWritten = 0
    private let path: String

    /// Opens `path` (created already, and replaced) for Ogg Vorbis at `sampleRate` and `channels`,
    /// encoded at `quality` (-1 to 10), and writes the stream's three header packets.
    init(path: String, sampleRate: Int, channels: Int, quality: Double) throws(ConversionError) {
        switch ffmpegLibrary {
        case .success(let table): ffmpeg = table
        case .failure(let unavailable): throw .writeFailed(unavailable.reason(for: "writing Ogg Vorbis"))
        }
        self.path = path
        self.channels = channels
        handles = FFmpegHandles(ffmpeg, .writing)
        var format: UnsafeMutablePointer<AVFormatContext>?
        var status = ffmpeg.avformat_alloc_output_context2(&format, nil, "ogg", nil)
        guard status >= 0, let format else { throw .writeFailed("FFmpeg has no Ogg muxer: \(ffmpegMessage(status, ffmpeg))") }
        handles.format = format
        guard let encoder = ffmpeg.avcodec_find_encoder_by_name("libvorbis") else {
            throw .writeFailed("this FFmpeg was built without the libvorbis encoder, which writing Ogg Vorbis needs")
        }
        guard let context = ffmpeg.avcodec_alloc_context3(encoder), let stream = ffmpeg.avformat_new_stream(format, nil) else {
            throw .writeFailed("FFmpeg is out of memory")
        }
        handles.codec = context
        self.stream = stream
        context.pointee.sample_rate = Int32(sampleRate)
        ffmpeg.av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        context.pointee.flags |= AV_CODEC_FLAG_QSCALE
        context.pointee.global_quality = Int32((quality * Double(FF_QP2LAMBDA)).rounded())
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        status = ffmpeg.avcodec_open2(context, encoder, nil)
        guard status >= 0 else { throw .writeFailed("libvorbis cannot encode \(channels) channels at \(sampleRate) Hz: \(ffmpegMessage(status, ffmpeg))") }
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        status = ffmpeg.avcodec_parameters_from_context(stream.pointee.codecpar, context)
        guard status >= 0 else { throw .writeFailed("FFmpeg cannot set up the Ogg stream: \(ffmpegMessage(status, ffmpeg))") }
        stream.pointee.time_base = context.pointee.time_base
        // "file:" keeps FFmpeg from reading a name like "http:…" as a protocol.
        status = ffmpeg.avio_open(&format.pointee.pb, "file:" + path, AVIO_FLAG_WRITE)
        guard status >= 0 else { throw .writeFailed("\(path): \(ffmpegMessage(status, ffmpeg))") }
        status = ffmpeg.avformat_write_header(format, nil)
        guard status >= 0 else { throw .writeFailed("\(path): the Ogg headers: \(ffmpegMessage(status, ffmpeg))") }
        guard let frame = handles.frame, handles.packet != nil else { throw .writeFailed("FFmpeg is out of memory") }
        frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        frame.pointee.ch_layout = context.pointee.ch_layout
        frame.pointee.sample_rate = context.pointee.sample_rate
        frame.pointee.nb_samples = Int32(frameSize)
        status = ffmpeg.av_frame_get_buffer(frame, 0)
        guard status >= 0 else { throw .writeFailed("FFmpeg is out of memory") }
        pending.reserveCapacity(frameSize * channels * 2)
    }

    /// Encodes `samples` (whole interleaved frames), writing the pages the muxer completes.
    func write(_ samples: ArraySlice<Float>) throws(ConversionError) {
        pending.append(contentsOf: samples)
        let whole = pending.count / (frameSize * channels)
        guard whole > 0 else { return }
        for index in 0..<whole { try encodeFrame(startingAt: index * frameSize * channels, frames: frameSize) }
        pending.removeFirst(whole * frameSize * channels)
    }

    /// Encodes what is left, drains the encoder, writes the last page and closes the file.
    func finish() throws(ConversionError) -> Int64 {
        if !pending.isEmpty { try encodeFrame(startingAt: 0, frames: pending.count / channels) }
        pending.removeAll()
        guard let codec = handles.codec, let format = handles.format else { return frames }
        let status = ffmpeg.avcodec_send_frame(codec, nil)
        guard status >= 0 else { throw failed("the encoder's end", status) }
        try writePackets()
        let trailer = ffmpeg.av_write_trailer(format)
        guard trailer >= 0 else { throw failed("the last page", trailer) }
        let closed = ffmpeg.avio_closep(&format.pointee.pb)
        guard closed >= 0 else { throw failed("closing it", closed) }
        return frames
    }

    /// Hands `frames` frames of `pending` from `start` to the encoder as one planar frame.
    private func encodeFrame(startingAt start: Int, frames count: Int) throws(ConversionError) {
        guard let codec = handles.codec, let frame = handles.frame else { return }
        var status = ffmpeg.av_frame_make_writable(frame)
        guard status >= 0 else { throw failed("a frame", status) }
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.pts = frames
        let channels = self.channels
        pending.withUnsafeBufferPointer { samples in
            for channel in 0..<channels {
                guard let plane = frame.pointee.extended_data[channel] else { continue }
                plane.withMemoryRebound(to: Float.self, capacity: count) { target in
                    for index in 0..<count { target[index] = samples[start + index * channels + channel] }
                }
            }
        }
        status = ffmpeg.avcodec_send_frame(codec, frame)
        guard status >= 0 else { throw failed("frame \(frames)", status) }
        frames += Int64(count)
        try writePackets()
    }

    /// Writes every packet the encoder has ready.
    private func writePackets() throws(ConversionError) {
        guard let codec = handles.codec, let format = handles.format, let packet = handles.packet else { return }
        while true {
            let received = ffmpeg.avcodec_receive_packet(codec, packet)
            if received == soundcheck_averror_eagain() || received == soundcheck_averror_eof() { return }
            guard received >= 0 else { throw failed("a packet", received) }
            defer { ffmpeg.av_packet_unref(packet) }
            ffmpeg.av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            var written = ffmpeg.av_write_frame(format, packet)
            packetsWritten += 1
            // The first audio page ends after the first two packets (the first decodes to no
            // sample): a stream with one audio page, first and last at once, is one that FFmpeg's
            // own reader cuts wrongly at the end (half a block short, or a block's padding long).
            if packetsWritten == 2 { written = min(written, ffmpeg.av_write_frame(format, nil)) }
            guard written >= 0 else { throw failed("a page", written) }
        }
    }

    private func failed(_ what: String, _ status: Int32) -> ConversionError {
        .writeFailed("\(path): Ogg Vorbis, \(what): \(ffmpegMessage(status, ffmpeg))")
    }
}
