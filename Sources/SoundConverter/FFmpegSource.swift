internal import CFFmpeg
internal import SharedLibraries

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
        var format: UnsafeMutablePointer<AVFormatContext>?
        // "file:" keeps FFmpeg from reading a name like "http:…" or "concat:…" as a protocol.
        var status = ffmpeg.avformat_open_input(&format, "file:" + path, nil, nil)
        guard status >= 0, let format else { throw .cannotDecode("FFmpeg cannot open it: \(ffmpegMessage(status, ffmpeg))") }
        handles.format = format
        status = ffmpeg.avformat_find_stream_info(format, nil)
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot read its streams: \(ffmpegMessage(status, ffmpeg))") }
        var decoder: UnsafePointer<AVCodec>?
        status = ffmpeg.av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard status >= 0, let decoder, let stream = format.pointee.streams[Int(status)] else {
            throw .cannotDecode(
                status == soundcheck_averror_stream_not_found()
                    ? "it holds no audio stream" : "FFmpeg has no decoder for its audio (\(ffmpegMessage(status, ffmpeg)))")
        }
        streamIndex = status
        guard let context = ffmpeg.avcodec_alloc_context3(decoder) else { throw .cannotDecode("FFmpeg is out of memory") }
        handles.codec = context
        status = ffmpeg.avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot set up its decoder: \(ffmpegMessage(status, ffmpeg))") }
        context.pointee.thread_count = 1
        status = ffmpeg.avcodec_open2(context, decoder, nil)
        guard status >= 0 else { throw .cannotDecode("FFmpeg cannot open its decoder: \(ffmpegMessage(status, ffmpeg))") }
        codecName = ffmpeg.avcodec_get_name(context.pointee.codec_id).map { String(cString: $0) } ?? "audio"
        let rate = Int(context.pointee.sample_rate)
        let channelCount = Int(context.pointee.ch_layout.nb_channels)
        guard (1...64).contains(channelCount), (1...768_000).contains(rate) else {
            throw .cannotDecode("its \(codecName) stream declares \(channelCount) channels at \(rate) Hz")
        }
        sampleRate = Double(rate)
        channels = channelCount
        framesToSkip = trim?.primingFrames ?? 0
        // The cut at the container's length drops an MP4's or CAF's end padding.
        framesLeft = trim?.validFrames ?? Self.containerLength(format: format, stream: stream, sampleRate: sampleRate, ffmpeg) ?? Int64.max
        switch ffmpeg.av_get_packed_sample_fmt(context.pointee.sample_fmt) {
        case AV_SAMPLE_FMT_U8: integerBits = 8
        case AV_SAMPLE_FMT_S16: integerBits = 16
        case AV_SAMPLE_FMT_S32:
            let raw = Int(context.pointee.bits_per_raw_sample)
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
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = ffmpeg.avcodec_send_packet(codec, packet)
            guard sent >= 0 else { throw damaged(sent) }
            packetsSent += 1
        }
    }

    /// Appends a decoded frame to `pending` as interleaved Float32, after the frames to skip.
    private func append(_ frame: UnsafeMutablePointer<AVFrame>) throws(ConversionError) {
        let count = Int(frame.pointee.nb_samples)
        guard Int(frame.pointee.ch_layout.nb_channels) == channels, Double(frame.pointee.sample_rate) == sampleRate else {
            throw .readFailed(
                "its \(codecName) stream changes to \(frame.pointee.ch_layout.nb_channels) channels at \(frame.pointee.sample_rate) Hz part way"
            )
        }
        let skipped = Int(min(Int64(count), framesToSkip))
        framesToSkip -= Int64(skipped)
        guard count > skipped, let planes = frame.pointee.extended_data else { return }
        let sampleFormat = AVSampleFormat(frame.pointee.format)
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
        format: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>, sampleRate: Double,
        _ ffmpeg: soundcheck_ffmpeg
    ) -> Int64? {
        for dictionary in [stream.pointee.metadata, format.pointee.metadata] {
            guard let entry = ffmpeg.av_dict_get(dictionary, "iTunSMPB", nil, 0), let value = entry.pointee.value else { continue }
            // " 00000000 PRIMING REMAINDER TOTAL …", hexadecimal; FFmpeg applies the priming itself.
            let fields = String(cString: value).split(separator: " ")
            if fields.count >= 4, let total = Int64(fields[3], radix: 16), total > 0 { return total }
        }
        let base = stream.pointee.time_base
        guard stream.pointee.duration > 0, base.den > 0, base.num > 0,
            format.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE
        else { return nil }
        return Int64((Double(stream.pointee.duration) * Double(base.num) / Double(base.den) * sampleRate).rounded())
    }

    private func damaged(_ status: Int32) -> ConversionError {
        .readFailed("FFmpeg cannot decode its \(codecName) stream after packet \(packetsSent): \(ffmpegMessage(status, ffmpeg))")
    }
}

/// FFmpeg's functions, or the library or function that cannot be loaded: the libraries are opened
/// on first use (by a decoder), and FFmpeg's own log lines are silenced
/// (its errors reach the user through ours).
let ffmpegLibrary: Result<soundcheck_ffmpeg, FFmpegUnavailable> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_ffmpeg_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        return .failure(FFmpegUnavailable(missing: missing.map { String(cString: $0) } ?? "FFmpeg"))
    }
    table.pointee.av_log_set_level(AV_LOG_QUIET)
    return .success(table.pointee)
}()

/// FFmpeg's words for an error code.
func ffmpegMessage(_ status: Int32, _ ffmpeg: soundcheck_ffmpeg) -> String {
    var text = [CChar](repeating: 0, count: 256)
    guard ffmpeg.av_strerror(status, &text, text.count) == 0 else { return "damaged data (FFmpeg error \(status))" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// FFmpeg's libraries are not installed, or lack a function soundcheck calls.
struct FFmpegUnavailable: Error {
    /// The library or function that cannot be loaded.
    let missing: String

    /// What the user reads: `task` ("decoding it") needs FFmpeg, and how to install it.
    func reason(for task: String) -> String {
        let advice = SharedLibrarySearch.installAdvice(brew: "ffmpeg", apt: "libavformat59")
        return "\(task) needs FFmpeg's libavformat and libavcodec, and \(missing) cannot be loaded (\(advice))"
    }
}
