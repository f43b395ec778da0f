// FFmpeg is loaded at run time, when a file needs it (a decoder, or the Ogg Vorbis writer), not linked: libavcodec pulls in over a
// hundred shared libraries, which made every soundcheck process start 6x slower. The headers
// give the types; soundcheck_ffmpeg_load() opens the libraries of the same major versions and
// fills a table of the functions soundcheck calls.
#include <dlfcn.h>
#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/samplefmt.h>

// AVERROR(EAGAIN) and friends are function-like macros, which Swift does not import.
static inline int soundcheck_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int soundcheck_averror_eof(void) { return AVERROR_EOF; }
static inline int soundcheck_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }

#define SOUNDCHECK_FFMPEG_FUNCTIONS(X) \
    X(avutil, av_log_set_level) X(avutil, av_strerror) X(avutil, av_dict_get) X(avutil, av_frame_alloc) \
    X(avutil, av_frame_free) X(avutil, av_frame_unref) X(avutil, av_get_packed_sample_fmt) X(avutil, av_sample_fmt_is_planar) \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) X(avcodec, avcodec_alloc_context3) \
    X(avcodec, avcodec_free_context) X(avcodec, avcodec_parameters_to_context) X(avcodec, avcodec_open2) \
    X(avcodec, avcodec_get_name) X(avcodec, avcodec_send_packet) X(avcodec, avcodec_receive_frame) \
    X(avformat, avformat_open_input) X(avformat, avformat_close_input) X(avformat, avformat_find_stream_info) \
    X(avformat, av_find_best_stream) X(avformat, av_read_frame) \
    X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable) X(avutil, av_channel_layout_default) \
    X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_parameters_from_context) X(avcodec, avcodec_send_frame) \
    X(avcodec, avcodec_receive_packet) X(avcodec, av_packet_rescale_ts) X(avformat, avformat_alloc_output_context2) \
    X(avformat, avformat_free_context) X(avformat, avformat_new_stream) X(avformat, avio_open) X(avformat, avio_closep) \
    X(avformat, avformat_write_header) X(avformat, av_write_frame) X(avformat, av_write_trailer)

#define SOUNDCHECK_FFMPEG_MEMBER(library, name) __typeof__(&name) _Nonnull name;
/// The FFmpeg functions soundcheck calls, resolved from the libraries.
typedef struct soundcheck_ffmpeg {
    SOUNDCHECK_FFMPEG_FUNCTIONS(SOUNDCHECK_FFMPEG_MEMBER)
} soundcheck_ffmpeg;

#define SOUNDCHECK_STRING(x) #x
#define SOUNDCHECK_NAME(x) SOUNDCHECK_STRING(x)
#ifdef __APPLE__
#define SOUNDCHECK_SONAME(name, major) "lib" #name "." SOUNDCHECK_NAME(major) ".dylib"
#else
#define SOUNDCHECK_SONAME(name, major) "lib" #name ".so." SOUNDCHECK_NAME(major)
#endif

/// Opens libavutil, libavcodec and libavformat of the major versions these headers describe and
/// returns the function table (each opened with `open`: SharedLibrarySearch, which never searches the
/// current folder), or NULL with `missing` naming the library or function not found.
static inline const soundcheck_ffmpeg *soundcheck_ffmpeg_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_ffmpeg table;
    void *avutil = open(SOUNDCHECK_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR));
    if (!avutil) { *missing = SOUNDCHECK_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR); return NULL; }
    void *avcodec = open(SOUNDCHECK_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR));
    if (!avcodec) { *missing = SOUNDCHECK_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR); return NULL; }
    void *avformat = open(SOUNDCHECK_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR));
    if (!avformat) { *missing = SOUNDCHECK_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR); return NULL; }
#define SOUNDCHECK_FFMPEG_LOAD(library, name) \
    table.name = (__typeof__(&name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_FFMPEG_FUNCTIONS(SOUNDCHECK_FFMPEG_LOAD)
    return &table;
}
