internal import CFFmpeg

/// FFmpeg's contexts for one file, freed together however far the opening got: the reader's
/// (`FFmpegSource`) and the Ogg Vorbis writer's (`OggVorbisWriter`).
final class FFmpegHandles {
    /// How the format context was made, which decides how it is closed.
    enum Direction {
        /// Opened by `avformat_open_input`, closed by `avformat_close_input`.
        case reading
        /// Allocated for output with its own I/O context, closed by `avio_closep` and freed.
        case writing
    }

    let ffmpeg: soundcheck_ffmpeg
    let direction: Direction
    var format: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    var packet: UnsafeMutablePointer<AVPacket>?
    var frame: UnsafeMutablePointer<AVFrame>?

    init(_ ffmpeg: soundcheck_ffmpeg, _ direction: Direction) {
        self.ffmpeg = ffmpeg
        self.direction = direction
        packet = ffmpeg.av_packet_alloc()
        frame = ffmpeg.av_frame_alloc()
    }

    deinit {
        ffmpeg.av_frame_free(&frame)
        ffmpeg.av_packet_free(&packet)
        ffmpeg.avcodec_free_context(&codec)
        switch direction {
        case .reading:
            ffmpeg.avformat_close_input(&format)
        case .writing:
            guard let format else { return }
            if format.pointee.pb != nil { _ = ffmpeg.avio_closep(&format.pointee.pb) }
            ffmpeg.avformat_free_context(format)
        }
    }
}
