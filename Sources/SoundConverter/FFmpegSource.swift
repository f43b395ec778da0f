internal import CFFmpeg

/// Audio decoded by FFmpeg's libavformat and libavcodec: AAC and ALAC in MP4/M4A/M4R, in CAF and
/// in ADTS, and whatever libsndfile cannot read. Encoder delay and padding are honoured: FFmpeg
/// applies MP4 edit lists and `iTunSMPB` itself; CAF's `pakt` priming and valid-frame count, which
/// FFmpeg ignores, come from our parser as a `Trim`. This is the only file that decodes with FFmpeg.
final class FFmpegSource: AudioSource {
    /// Frames to drop at the start and the number of frames that play, from the container.
    struct Trim {
        /// Encoder delay at the start (CAF `pakt` priming frames).
        var primingFrames: Int64
        /// The frames that play after the priming (CAF `pakt` valid frames), when known.
        var validFrames: Int64?
    }

    private let handles: FFmpegHandles
    private let streamIndex: Int32
    private let codecName: String
    private var pending: [Float] = []
    private var pendingStart = 0
    private var framesToSkip: Int64
    private var framesLeft: Int64
    private var packetsSent: Int64 = 0
    private var inputEnded = false
    private var decoderDrained = false
    let sampleRate: Double
    let channels: Int
    let integerBits: Int?

    private let ffmpeg: soundcheck_ffmpeg

    init(path: String, trim: Trim? = nil) throws(ConversionError) {
        let ffmpeg: soundcheck_ffmpeg
        switch ffmpegLibrary {
        case .success(let table): ffmpeg = table
        case .failure(let unavailable): throw .cannotDecode(unavailable.reason(for: "decoding it"))
        }
        self.ffmpeg = ffmpeg
        handles = FFmpegHandles(ffmpeg)
        var format: OpaquePointer?
        // "file:" keeps FFmpeg from reading a name like "http:…" or "concat:…" as a protocol.
        var status = ffmpeg.avformat_open_input(&format, "file:" + path, nil, nil)
        guard status >= 0, let format else { throw .cannotDecode("FFmpeg cannot open it: \(ffmpegMessage(status, ffmpeg))") }
        handles.format = format
        status = ffmpeg.avformat_find_stream_info(format, nil)
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot read its streams: \(ffmpegMessage(status, ffmpeg))") }
        var decoder: UnsafePointer<AVCodec>?
        status = ffmpeg.av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard status >= 0, let decoder, let stream = ffmpeg.stream(format, Int(status)) else {
            throw .cannotDecode(
                status == soundcheck_averror_stream_not_found()
                    ? "it holds no audio stream" : "FFmpeg has no decoder for its audio (\(ffmpegMessage(status, ffmpeg)))")
        }
        streamIndex = status
        guard let context = ffmpeg.avcodec_alloc_context3(decoder) else { throw .cannotDecode("FFmpeg is out of memory") }
        handles.codec = context
        let layout = ffmpeg.layout
        status = ffmpeg.avcodec_parameters_to_context(context, ffmpeg.field(stream, layout.stream_codecpar, as: OpaquePointer?.self))
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot set up its decoder: \(ffmpegMessage(status, ffmpeg))") }
        ffmpeg.setField(context, layout.codec_thread_count, to: Int32(1))
        status = ffmpeg.avcodec_open2(context, decoder, nil)
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot open its decoder: \(ffmpegMessage(status, ffmpeg))") }
        codecName = ffmpeg.avcodec_get_name(AVCodecID(UInt32(bitPattern: decoder.pointee.id))).map { String(cString: $0) } ?? "audio"
        let rate = Int(ffmpeg.field(context, layout.codec_sample_rate, as: Int32.self))
        let channelCount = Int(ffmpeg.channelCount(context, layout.codec_ch_layout))
        guard (1...64).contains(channelCount), (1...768_000).contains(rate) else {
            throw .cannotDecode("its \(codecName) stream declares \(channelCount) channels at \(rate) Hz")
        }
        sampleRate = Double(rate)
        channels = channelCount
        framesToSkip = trim?.primingFrames ?? 0
        // The cut at the container's length drops an MP4's or CAF's end padding.
        framesLeft = trim?.validFrames ?? Self.containerLength(format: format, stream: stream, sampleRate: sampleRate, ffmpeg) ?? Int64.max
        switch ffmpeg.av_get_packed_sample_fmt(AVSampleFormat(ffmpeg.field(context, layout.codec_sample_fmt, as: Int32.self))) {
        case AV_SAMPLE_FMT_U8: integerBits = 8
        case AV_SAMPLE_FMT_S16: integerBits = 16
        case AV_SAMPLE_FMT_S32:
            let raw = Int(ffmpeg.field(context, layout.codec_bits_per_raw_sample, as: Int32.self))
            integerBits = (1...24).contains(raw) ? raw : nil
        default: integerBits = nil
        }
        guard handles.packet != nil, handles.frame != nil else { throw .cannotDecode("FFmpeg is out of memory") }
    }

    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int {
        while (pending.count - pendingStart) / channels < frames, !decoderDrained {
            try decodeMore()
        }
        let available = min(frames, (pending.count - pendingStart) / channels, Int(min(framesLeft, Int64(Int.max))))
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: pending[pendingStart..<(pendingStart + available * channels)])
        pendingStart += available * channels
        framesLeft -= Int64(available)
        if pendingStart > 1 << 16 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        return available
    }

    /// Decodes the next frame into `pending`, reading packets as the decoder asks for them.
    private func decodeMore() throws(ConversionError) {
        guard let format = handles.format, let codec = handles.codec, let packet = handles.packet, let frame = handles.frame else {
            return
        }
        while true {
            let received = ffmpeg.avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { ffmpeg.av_frame_unref(frame) }
                try append(frame)
                return
            }
            if received == soundcheck_averror_eof() {
                decoderDrained = true
                return
            }
            guard received == soundcheck_averror_eagain(), !inputEnded else { throw damaged(received) }
            let read = ffmpeg.av_read_frame(format, packet)
            if read < 0 {
                guard read == soundcheck_averror_eof() else { throw damaged(read) }
                inputEnded = true
                _ = ffmpeg.avcodec_send_packet(codec, nil)
                continue
            }
            defer { ffmpeg.av_packet_unref(packet) }
            guard ffmpeg.field(packet, ffmpeg.layout.packet_stream_index, as: Int32.self) == streamIndex else { continue }
            let sent = ffmpeg.avcodec_send_packet(codec, packet)
            guard sent >= 0 else { throw damaged(sent) }
            packetsSent += 1
        }
    }

    /// Appends a decoded frame to `pending` as interleaved Float32, after the frames to skip.
    private func append(_ frame: OpaquePointer) throws(ConversionError) {
        let layout = ffmpeg.layout
        let count = Int(ffmpeg.field(frame, layout.frame_nb_samples, as: Int32.self))
        let frameChannels = ffmpeg.channelCount(frame, layout.frame_ch_layout)
        let frameRate = ffmpeg.field(frame, layout.frame_sample_rate, as: Int32.self)
        guard Int(frameChannels) == channels, Double(frameRate) == sampleRate else {
            throw .readFailed("its \(codecName) stream changes to \(frameChannels) channels at \(frameRate) Hz part way")
        }
        let skipped = Int(min(Int64(count), framesToSkip))
        framesToSkip -= Int64(skipped)
        guard count > skipped,
            let planes = ffmpeg.field(frame, layout.frame_extended_data, as: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?.self)
        else { return }
        let sampleFormat = AVSampleFormat(ffmpeg.field(frame, layout.frame_format, as: Int32.self))
        let planar = ffmpeg.av_sample_fmt_is_planar(sampleFormat) != 0
        let packedFormat = ffmpeg.av_get_packed_sample_fmt(sampleFormat)
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: (count - skipped) * channels))
        let channels = self.channels
        pending.withUnsafeMutableBufferPointer { pending in
            for channel in 0..<channels {
                guard let plane = planes[planar ? channel : 0] else { continue }
                let target = pending.baseAddress! + start + channel
                let step = planar ? 1 : channels
                let first = planar ? 0 : channel
                // The decoders of MP3, AAC and Vorbis give planar float, ALAC and FLAC 16- or
                // 32-bit integers: those copy in a loop of their own, without a switch per sample.
                switch packedFormat {
                case AV_SAMPLE_FMT_FLT:
                    Self.copy(UnsafeRawPointer(plane).assumingMemoryBound(to: Float.self), first, step, skipped..<count, target, channels) { $0 }
                case AV_SAMPLE_FMT_S16:
                    Self.copy(UnsafeRawPointer(plane).assumingMemoryBound(to: Int16.self), first, step, skipped..<count, target, channels) {
                        Float($0) * (1 / 32768)
                    }
                default:
                    for index in skipped..<count {
                        target[(index - skipped) * channels] = Self.sample(plane, at: first + index * step, packedFormat: packedFormat)
                    }
                }
            }
        }
    }

    /// Copies the samples `frames` of one channel (`first + frame * step` in `source`), converted,
    /// to every `channels`-th float of `target` from its first.
    @inline(__always)
    private static func copy<Sample>(
        _ source: UnsafePointer<Sample>, _ first: Int, _ step: Int, _ frames: Range<Int>, _ target: UnsafeMutablePointer<Float>,
        _ channels: Int, _ convert: (Sample) -> Float
    ) {
        for index in frames { target[(index - frames.lowerBound) * channels] = convert(source[first + index * step]) }
    }

    private static func sample(_ plane: UnsafeMutablePointer<UInt8>, at position: Int, packedFormat: AVSampleFormat) -> Float {
        let raw = UnsafeRawPointer(plane)
        switch packedFormat {
        case AV_SAMPLE_FMT_U8: return (Float(raw.load(fromByteOffset: position, as: UInt8.self)) - 128) / 128
        case AV_SAMPLE_FMT_S16: return Float(raw.load(fromByteOffset: position * 2, as: Int16.self)) / 32768
        case AV_SAMPLE_FMT_S32: return Float(Double(raw.load(fromByteOffset: position * 4, as: Int32.self)) / 2_147_483_648)
        case AV_SAMPLE_FMT_S64: return Float(Double(raw.load(fromByteOffset: position * 8, as: Int64.self)) / 9.223_372_036_854_775_808e18)
        case AV_SAMPLE_FMT_FLT: return raw.load(fromByteOffset: position * 4, as: Float.self)
        case AV_SAMPLE_FMT_DBL: return Float(raw.load(fromByteOffset: position * 8, as: Double.self))
        default: return 0
        }
    }

    /// The frames that play, as the container states them: `iTunSMPB`'s sample count, else the
    /// stream's duration (an MP4 edit list's), unless FFmpeg only estimated it from the bit rate.
    private static func containerLength(
        format: OpaquePointer, stream: OpaquePointer, sampleRate: Double, _ ffmpeg: soundcheck_ffmpeg
    ) -> Int64? {
        let layout = ffmpeg.layout
        for (object, metadata) in [(stream, layout.stream_metadata), (format, layout.format_metadata)] {
            let dictionary = ffmpeg.field(object, metadata, as: OpaquePointer?.self)
            guard let entry = ffmpeg.av_dict_get(dictionary, "iTunSMPB", nil, 0), let value = entry.pointee.value else { continue }
            // " 00000000 PRIMING REMAINDER TOTAL …", hexadecimal; FFmpeg applies the priming itself.
            let fields = String(cString: value).split(separator: " ")
            if fields.count >= 4, let total = Int64(fields[3], radix: 16), total > 0 { return total }
        }
        let base = ffmpeg.field(stream, layout.stream_time_base, as: AVRational.self)
        let duration = ffmpeg.field(stream, layout.stream_duration, as: Int64.self)
        let estimation = ffmpeg.field(format, layout.format_duration_estimation_method, as: UInt32.self)
        guard duration > 0, base.den > 0, base.num > 0, estimation != AVFMT_DURATION_FROM_BITRATE.rawValue else { return nil }
        return Int64((Double(duration) * Double(base.num) / Double(base.den) * sampleRate).rounded())
    }

    private func damaged(_ status: Int32) -> ConversionError {
        .readFailed("FFmpeg cannot decode its \(codecName) stream after packet \(packetsSent): \(ffmpegMessage(status, ffmpeg))")
    }
}
