internal import CFFmpeg

/// FFmpeg's contexts for one file being decoded (`FFmpegSource`), freed together however far the
/// opening got.
final class FFmpegHandles {
    let ffmpeg: soundcheck_ffmpeg
    var format: OpaquePointer?
    var codec: OpaquePointer?
    var packet: OpaquePointer?
    var frame: OpaquePointer?

    init(_ ffmpeg: soundcheck_ffmpeg) {
        self.ffmpeg = ffmpeg
        packet = ffmpeg.av_packet_alloc()
        frame = ffmpeg.av_frame_alloc()
    }

    deinit {
        ffmpeg.av_frame_free(&frame)
        ffmpeg.av_packet_free(&packet)
        ffmpeg.avcodec_free_context(&codec)
        ffmpeg.avformat_close_input(&format)
    }
}
