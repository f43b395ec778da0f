import CFFmpeg
import Foundation
import SharedLibraries
import TestSupport
import Testing

/// The newest FFmpeg release present loads, and every field soundcheck reads through its layout
/// (Sources/CFFmpeg/shim.h) holds what ffprobe, an independent reader, says of the same file.
/// Scripts/ffmpeg-matrix runs it once per release (5.1, 6.1, 7.x, 8.x), naming the libavcodec major
/// it expects in SOUNDCHECK_EXPECT_LIBAVCODEC.
@Suite("FFmpeg layouts")
struct FFmpegLayoutTests {
    /// The supported releases' layouts, newest first.
    static let layouts: [soundcheck_ffmpeg_layout] = withUnsafeBytes(of: soundcheck_ffmpeg_layouts) {
        Array($0.bindMemory(to: soundcheck_ffmpeg_layout.self))
    }

    /// The table and layout of the newest release that loads, as SoundConverter chooses it.
    static func load() throws -> soundcheck_ffmpeg {
        for release in layouts {
            var layout = release
            var table: UnsafePointer<soundcheck_ffmpeg>?
            var problem = [CChar](repeating: 0, count: 256)
            let status = soundcheck_ffmpeg_load({ SharedLibrarySearch.open(cString: $0) }, &layout, &table, &problem, problem.count)
            if status == SOUNDCHECK_FFMPEG_LOADED, let table { return table.pointee }
            #expect(status == SOUNDCHECK_FFMPEG_ABSENT, "libavcodec \(release.avcodec): \(String(cString: problem))")
        }
        throw LoadFailure()
    }

    struct LoadFailure: Error {}

    @Test("the layouts are the four supported releases, newest first, each with its libraries' majors")
    func layoutTable() {
        #expect(Self.layouts.map(\.avcodec) == [62, 61, 60, 59])
        #expect(Self.layouts.map(\.avformat) == [62, 61, 60, 59])
        #expect(Self.layouts.map(\.avutil) == [60, 59, 58, 57])
        #expect(Self.layouts.map(\.release) == [8, 7, 6, 5])
    }

    @Test("the release loaded is the one expected, and each library reports its file name's major version")
    func versions() throws {
        let ffmpeg = try Self.load()
        if let expected = ProcessInfo.processInfo.environment["SOUNDCHECK_EXPECT_LIBAVCODEC"] {
            #expect("\(ffmpeg.layout.avcodec)" == expected)
        }
        #expect(Int32(ffmpeg.avcodec_version() >> 16) == ffmpeg.layout.avcodec)
        #expect(Int32((ffmpeg.avcodec_version() >> 8) & 0xFF) >= ffmpeg.layout.avcodec_minor)
        #expect(Int32(ffmpeg.avformat_version() >> 16) == ffmpeg.layout.avformat)
        #expect(Int32(ffmpeg.avutil_version() >> 16) == ffmpeg.layout.avutil)
        #expect(String(cString: try #require(ffmpeg.avcodec_get_name(AV_CODEC_ID_AAC))) == "aac")
    }

    @Test(
        "every field read through the layout matches ffprobe: format, stream, decoder, packet and frame",
        .enabled(if: ExternalTools.run(["ffprobe", "-version"]) != nil, "ffprobe not installed"))
    func fields() throws {
        let ffmpeg = try Self.load()
        let layout = ffmpeg.layout
        let path = TestPaths.samples + "/invalid/aac.m4a"
        let probe = try #require(
            ExternalTools.run([
                "ffprobe", "-v", "error", "-show_entries",
                "stream=time_base,duration_ts,sample_rate,channels,sample_fmt:stream_tags=handler_name:format_tags=major_brand", "-of",
                "default=noprint_wrappers=1", path,
            ]))
        let facts = Dictionary(
            String(decoding: probe, as: UTF8.self).split(separator: "\n").map { line in
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })

        var format: OpaquePointer?
        try #require(ffmpeg.avformat_open_input(&format, path, nil, nil) >= 0)
        defer { ffmpeg.avformat_close_input(&format) }
        let file = try #require(format)
        try #require(ffmpeg.avformat_find_stream_info(file, nil) >= 0)
        let raw = UnsafeRawPointer(file)
        #expect(raw.load(fromByteOffset: Int(layout.format_nb_streams), as: UInt32.self) == 1)
        let streams = try #require(raw.load(fromByteOffset: Int(layout.format_streams), as: UnsafePointer<OpaquePointer?>?.self))
        let stream = UnsafeRawPointer(try #require(streams[0]))
        let formatMetadata = raw.load(fromByteOffset: Int(layout.format_metadata), as: OpaquePointer?.self)
        #expect(value(ffmpeg, formatMetadata, "major_brand") == facts["TAG:major_brand"])
        // An MP4's duration comes from its stream, never estimated from the bit rate.
        #expect(
            raw.load(fromByteOffset: Int(layout.format_duration_estimation_method), as: UInt32.self) == AVFMT_DURATION_FROM_STREAM.rawValue)

        let base = stream.load(fromByteOffset: Int(layout.stream_time_base), as: AVRational.self)
        #expect("\(base.num)/\(base.den)" == facts["time_base"])
        #expect("\(stream.load(fromByteOffset: Int(layout.stream_duration), as: Int64.self))" == facts["duration_ts"])
        let streamMetadata = stream.load(fromByteOffset: Int(layout.stream_metadata), as: OpaquePointer?.self)
        #expect(value(ffmpeg, streamMetadata, "handler_name") == facts["TAG:handler_name"])

        var decoder: UnsafePointer<AVCodec>?
        #expect(ffmpeg.av_find_best_stream(file, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0) == 0)
        let codec = try #require(decoder)
        #expect(String(cString: try #require(ffmpeg.avcodec_get_name(AVCodecID(UInt32(bitPattern: codec.pointee.id))))) == "aac")
        var context = ffmpeg.avcodec_alloc_context3(codec)
        defer { ffmpeg.avcodec_free_context(&context) }
        let decoding = try #require(context)
        let parameters = stream.load(fromByteOffset: Int(layout.stream_codecpar), as: OpaquePointer?.self)
        #expect(ffmpeg.avcodec_parameters_to_context(decoding, parameters) >= 0)
        let settings = UnsafeMutableRawPointer(decoding)
        // A new context decodes on one thread until told otherwise (FFmpeg's default for "threads").
        #expect(settings.load(fromByteOffset: Int(layout.codec_thread_count), as: Int32.self) == 1)
        #expect(ffmpeg.avcodec_open2(decoding, codec, nil) >= 0)
        #expect("\(settings.load(fromByteOffset: Int(layout.codec_sample_rate), as: Int32.self))" == facts["sample_rate"])
        #expect("\(settings.load(fromByteOffset: Int(layout.codec_ch_layout), as: AVChannelLayout.self).nb_channels)" == facts["channels"])
        #expect(settings.load(fromByteOffset: Int(layout.codec_sample_fmt), as: Int32.self) == AV_SAMPLE_FMT_FLTP.rawValue)
        #expect(facts["sample_fmt"] == "fltp")
        #expect(settings.load(fromByteOffset: Int(layout.codec_bits_per_raw_sample), as: Int32.self) == 0)

        var packet = ffmpeg.av_packet_alloc()
        var frame = ffmpeg.av_frame_alloc()
        defer {
            ffmpeg.av_packet_free(&packet)
            ffmpeg.av_frame_free(&frame)
        }
        let reading = try #require(packet)
        let decoded = try #require(frame)
        var received: Int32 = -1
        while received < 0 {
            try #require(ffmpeg.av_read_frame(file, reading) >= 0, "a frame decodes before the file ends")
            #expect(UnsafeRawPointer(reading).load(fromByteOffset: Int(layout.packet_stream_index), as: Int32.self) == 0)
            #expect(ffmpeg.avcodec_send_packet(decoding, reading) >= 0)
            ffmpeg.av_packet_unref(reading)
            received = ffmpeg.avcodec_receive_frame(decoding, decoded)
        }
        let fields = UnsafeRawPointer(decoded)
        #expect(fields.load(fromByteOffset: Int(layout.frame_nb_samples), as: Int32.self) == 1024)
        #expect(fields.load(fromByteOffset: Int(layout.frame_format), as: Int32.self) == AV_SAMPLE_FMT_FLTP.rawValue)
        #expect("\(fields.load(fromByteOffset: Int(layout.frame_sample_rate), as: Int32.self))" == facts["sample_rate"])
        #expect("\(fields.load(fromByteOffset: Int(layout.frame_ch_layout), as: AVChannelLayout.self).nb_channels)" == facts["channels"])
        // With eight channels or fewer, extended_data points at the frame's own data array, its first field.
        #expect(fields.load(fromByteOffset: Int(layout.frame_extended_data), as: UnsafeRawPointer?.self) == fields)
        ffmpeg.av_frame_unref(decoded)
    }

    /// The value of `key` in an AVDictionary.
    private func value(_ ffmpeg: soundcheck_ffmpeg, _ dictionary: OpaquePointer?, _ key: String) -> String? {
        ffmpeg.av_dict_get(dictionary, key, nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
    }
}
