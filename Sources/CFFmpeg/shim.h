// FFmpeg is loaded at run time, when a file needs one of its decoders, not linked: libavcodec pulls in over a hundred shared libraries, which made every soundcheck process
// start 6x slower. soundcheck_ffmpeg_load() opens the libraries of one FFmpeg release, confirms
// their versions and fills a table of the functions soundcheck calls.
//
// No header of FFmpeg is needed to build, and one build runs with FFmpeg 5.1 to 8.x: the
// declarations below are soundcheck's own, of the part of FFmpeg's C interface that it uses. The
// functions' signatures and the constants are the same in every release from 5.1 (libavcodec 59)
// to 8.x (libavcodec 62), and the structures are opaque: the fields soundcheck reads and writes
// are reached at the byte offsets of the release loaded (soundcheck_ffmpeg_layout), which
// `offsetof` gave against each release's own headers (Scripts/ffmpeg-layouts prints them).
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// FFmpeg's structures, opaque: their fields are read at soundcheck_ffmpeg_layout's offsets.
typedef struct AVFormatContext AVFormatContext;
typedef struct AVInputFormat AVInputFormat;
typedef struct AVStream AVStream;
typedef struct AVCodecContext AVCodecContext;
typedef struct AVCodecParameters AVCodecParameters;
typedef struct AVFrame AVFrame;
typedef struct AVPacket AVPacket;
typedef struct AVDictionary AVDictionary;

/// The start of a codec's description, the same in every release: its short name and identifier.
typedef struct AVCodec {
    const char *name;
    const char *long_name;
    int type;
    int id;
} AVCodec;

/// A fraction (a time base).
typedef struct AVRational {
    int num;
    int den;
} AVRational;

/// One entry of an AVDictionary (metadata).
typedef struct AVDictionaryEntry {
    char *key;
    char *value;
} AVDictionaryEntry;

/// The channel layout structure of FFmpeg 5.1 and later (24 bytes).
typedef struct AVChannelLayout {
    int order;
    int nb_channels;
    union {
        uint64_t mask;
        void *map;
    } u;
    void *opaque;
} AVChannelLayout;

enum AVMediaType { AVMEDIA_TYPE_AUDIO = 1 };

/// The codec identifiers soundcheck names.
enum AVCodecID { AV_CODEC_ID_NONE = 0, AV_CODEC_ID_MP3 = 0x15001, AV_CODEC_ID_AAC = 0x15002 };

enum AVSampleFormat {
    AV_SAMPLE_FMT_NONE = -1,
    AV_SAMPLE_FMT_U8,
    AV_SAMPLE_FMT_S16,
    AV_SAMPLE_FMT_S32,
    AV_SAMPLE_FMT_FLT,
    AV_SAMPLE_FMT_DBL,
    AV_SAMPLE_FMT_U8P,
    AV_SAMPLE_FMT_S16P,
    AV_SAMPLE_FMT_S32P,
    AV_SAMPLE_FMT_FLTP,
    AV_SAMPLE_FMT_DBLP,
    AV_SAMPLE_FMT_S64,
    AV_SAMPLE_FMT_S64P,
};

enum AVDurationEstimationMethod { AVFMT_DURATION_FROM_PTS, AVFMT_DURATION_FROM_STREAM, AVFMT_DURATION_FROM_BITRATE };

#define AV_LOG_QUIET (-8)

// FFmpeg's error codes: AVERROR(e) is -e, and its own errors are negated four-character tags.
#define SOUNDCHECK_FFERRTAG(a, b, c, d) (-(int)((unsigned)(a) | ((unsigned)(b) << 8) | ((unsigned)(c) << 16) | ((unsigned)(d) << 24)))
static inline int soundcheck_averror_eagain(void) { return -EAGAIN; }
static inline int soundcheck_averror_eof(void) { return SOUNDCHECK_FFERRTAG('E', 'O', 'F', ' '); }
static inline int soundcheck_averror_stream_not_found(void) { return SOUNDCHECK_FFERRTAG(0xF8, 'S', 'T', 'R'); }

/// Where the fields soundcheck uses sit in one FFmpeg release's structures, in bytes from the
/// start, named `STRUCTURE_field` after FFmpeg's own names (AVFormatContext is `format`, AVStream
/// `stream`, AVCodecContext `codec`, AVFrame `frame`, AVPacket `packet`). FFmpeg adds fields at the end of a structure within a major version and moves
/// them only at a major bump, so one layout holds for every release of that major.
typedef struct soundcheck_ffmpeg_layout {
    /// The libraries' major versions: libavcodec (which names the layout), libavformat, libavutil.
    int avcodec, avformat, avutil;
    /// The oldest libavcodec minor version of that major that the layout holds for: the first
    /// release's (5.0, also libavcodec 59, has no AVChannelLayout, which came in 5.1).
    int avcodec_minor;
    /// The FFmpeg release's own major version (5 to 8), for messages.
    int release;
    int format_nb_streams, format_streams, format_metadata, format_duration_estimation_method;
    int stream_codecpar, stream_time_base, stream_duration, stream_metadata;
    int codec_sample_rate, codec_ch_layout, codec_sample_fmt, codec_bits_per_raw_sample, codec_thread_count;
    int frame_extended_data, frame_nb_samples, frame_format, frame_sample_rate, frame_ch_layout;
    int packet_stream_index;
} soundcheck_ffmpeg_layout;

/// The layouts of the releases soundcheck supports, newest first (libavcodec 62, 61, 60 and 59.37
/// on; 6.0's is 60.3, 7.0's 61.3 and 8.0's 62.11), from `offsetof` against the headers of FFmpeg
/// 5.1.9 (Debian 12), 6.1 (the n6.1 release's), 7.1.5 (Debian 13) and 8.0.1 (Debian's 8.0.1-3;
/// 8.1.2 agrees). Between releases: AVStream gained an AVClass and moved
/// codecpar to its start in 6.0; AVFormatContext, AVCodecContext and AVFrame lost their
/// deprecated fields in 7.0 (the old channel fields among them) and AVFrame more in 8.0.
static const soundcheck_ffmpeg_layout soundcheck_ffmpeg_layouts[] = {
    // avcodec, avformat, avutil, avcodec_minor, release;
    // format: nb_streams, streams, metadata, duration_estimation_method;
    // stream: codecpar, time_base, duration, metadata;
    // codec: sample_rate, ch_layout, sample_fmt, bits_per_raw_sample, thread_count;
    // frame: extended_data, nb_samples, format, sample_rate, ch_layout; packet: stream_index
    {62, 62, 60, 11, 8, 44, 48, 192, 300, 16, 32, 48, 80, 344, 352, 348, 652, 656, 96, 112, 116, 180, 384, 36},
    {61, 61, 59, 3, 7, 44, 48, 192, 300, 16, 32, 48, 80, 344, 352, 348, 652, 656, 96, 112, 116, 192, 408, 36},
    {60, 60, 58, 3, 6, 44, 48, 176, 272, 16, 32, 48, 80, 352, 912, 360, 628, 636, 96, 112, 116, 208, 448, 36},
    {59, 59, 57, 37, 5, 44, 48, 176, 272, 208, 16, 32, 64, 352, 920, 360, 628, 636, 96, 112, 116, 208, 448, 36},
};

/// The FFmpeg functions soundcheck calls, resolved from the libraries, and the layout of their
/// release.
typedef struct soundcheck_ffmpeg {
    soundcheck_ffmpeg_layout layout;
    unsigned (*_Nonnull avutil_version)(void);
    void (*_Nonnull av_log_set_level)(int level);
    int (*_Nonnull av_strerror)(int error, char *text, size_t size);
    AVDictionaryEntry *(*_Nonnull av_dict_get)(const AVDictionary *dictionary, const char *key, const AVDictionaryEntry *previous, int flags);
    AVFrame *(*_Nonnull av_frame_alloc)(void);
    void (*_Nonnull av_frame_free)(AVFrame **frame);
    void (*_Nonnull av_frame_unref)(AVFrame *frame);
    enum AVSampleFormat (*_Nonnull av_get_packed_sample_fmt)(enum AVSampleFormat format);
    int (*_Nonnull av_sample_fmt_is_planar)(enum AVSampleFormat format);
    unsigned (*_Nonnull avcodec_version)(void);
    AVPacket *(*_Nonnull av_packet_alloc)(void);
    void (*_Nonnull av_packet_free)(AVPacket **packet);
    void (*_Nonnull av_packet_unref)(AVPacket *packet);
    AVCodecContext *(*_Nonnull avcodec_alloc_context3)(const AVCodec *codec);
    void (*_Nonnull avcodec_free_context)(AVCodecContext **context);
    int (*_Nonnull avcodec_parameters_to_context)(AVCodecContext *context, const AVCodecParameters *parameters);
    int (*_Nonnull avcodec_open2)(AVCodecContext *context, const AVCodec *codec, AVDictionary **options);
    const char *(*_Nonnull avcodec_get_name)(enum AVCodecID id);
    int (*_Nonnull avcodec_send_packet)(AVCodecContext *context, const AVPacket *packet);
    int (*_Nonnull avcodec_receive_frame)(AVCodecContext *context, AVFrame *frame);
    unsigned (*_Nonnull avformat_version)(void);
    int (*_Nonnull avformat_open_input)(AVFormatContext **format, const char *url, const AVInputFormat *input, AVDictionary **options);
    void (*_Nonnull avformat_close_input)(AVFormatContext **format);
    int (*_Nonnull avformat_find_stream_info)(AVFormatContext *format, AVDictionary **options);
    int (*_Nonnull av_find_best_stream)(
        AVFormatContext *format, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags);
    int (*_Nonnull av_read_frame)(AVFormatContext *format, AVPacket *packet);
} soundcheck_ffmpeg;

#define SOUNDCHECK_FFMPEG_FUNCTIONS(X) \
    X(avutil, avutil_version) X(avutil, av_log_set_level) X(avutil, av_strerror) X(avutil, av_dict_get) \
    X(avutil, av_frame_alloc) X(avutil, av_frame_free) X(avutil, av_frame_unref) X(avutil, av_get_packed_sample_fmt) \
    X(avutil, av_sample_fmt_is_planar) \
    X(avcodec, avcodec_version) X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) \
    X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_free_context) X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_open2) X(avcodec, avcodec_get_name) X(avcodec, avcodec_send_packet) X(avcodec, avcodec_receive_frame) \
    X(avformat, avformat_version) X(avformat, avformat_open_input) X(avformat, avformat_close_input) \
    X(avformat, avformat_find_stream_info) X(avformat, av_find_best_stream) X(avformat, av_read_frame)

/// Writes the file name of FFmpeg's library `name` ("avcodec") of major version `major` into
/// `text`: libavcodec.so.61 on Linux, libavcodec.61.dylib on macOS.
static inline const char *_Nonnull soundcheck_ffmpeg_soname(char *_Nonnull text, size_t size, const char *_Nonnull name, int major) {
#ifdef __APPLE__
    snprintf(text, size, "lib%s.%d.dylib", name, major);
#else
    snprintf(text, size, "lib%s.so.%d", name, major);
#endif
    return text;
}

/// How soundcheck_ffmpeg_load went.
typedef enum soundcheck_ffmpeg_status {
    /// The libraries are open and `table` is filled.
    SOUNDCHECK_FFMPEG_LOADED,
    /// No libavcodec of that major version is installed.
    SOUNDCHECK_FFMPEG_ABSENT,
    /// libavcodec is there, but `problem` names what is missing or wrong.
    SOUNDCHECK_FFMPEG_BROKEN,
} soundcheck_ffmpeg_status;

/// Opens libavcodec, libavformat and libavutil of the release that `layout` describes, each with
/// `open` (SharedLibrarySearch, which never searches the current folder), confirms that each
/// reports the major version of its file name (its `avcodec_version()` and so on) and libavcodec a
/// minor version the layout holds for, and resolves the functions into a table (`loaded`, one for
/// the process: call it until one release loads). Anything short of that closes what it opened and
/// writes the reason into `problem`.
static inline soundcheck_ffmpeg_status soundcheck_ffmpeg_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const soundcheck_ffmpeg_layout *_Nonnull layout,
    const soundcheck_ffmpeg *_Nullable *_Nonnull loaded, char *_Nonnull problem, size_t size) {
    static soundcheck_ffmpeg table;
    static const char *const names[3] = {"avcodec", "avformat", "avutil"};
    const int majors[3] = {layout->avcodec, layout->avformat, layout->avutil};
    char name[3][64], function[32];
    void *libraries[3] = {NULL, NULL, NULL};
    soundcheck_ffmpeg_status status = SOUNDCHECK_FFMPEG_BROKEN;
    for (int index = 0; index < 3; index++) {
        libraries[index] = open(soundcheck_ffmpeg_soname(name[index], sizeof name[index], names[index], majors[index]));
        if (!libraries[index]) {
            if (index == 0) status = SOUNDCHECK_FFMPEG_ABSENT;
            snprintf(problem, size, "%s cannot be loaded", name[index]);
            goto fail;
        }
        snprintf(function, sizeof function, "%s_version", names[index]);
        unsigned (*version)(void) = (unsigned (*)(void))dlsym(libraries[index], function);
        unsigned found = version ? version() : 0;
        if ((int)(found >> 16) != majors[index] || (index == 0 && (int)((found >> 8) & 0xFF) < layout->avcodec_minor)) {
            snprintf(problem, size, "%s reports version %u.%u.%u", name[index], found >> 16, (found >> 8) & 0xFF, found & 0xFF);
            goto fail;
        }
    }
    void *avcodec = libraries[0], *avformat = libraries[1], *avutil = libraries[2];
    table.layout = *layout;
#define SOUNDCHECK_FFMPEG_LOAD(library, function) \
    table.function = (__typeof__(table.function))dlsym(library, #function); \
    if (!table.function) { snprintf(problem, size, "lib%s has no function %s", #library, #function); goto fail; }
    SOUNDCHECK_FFMPEG_FUNCTIONS(SOUNDCHECK_FFMPEG_LOAD)
    *loaded = &table;
    return SOUNDCHECK_FFMPEG_LOADED;
fail:
    for (int index = 0; index < 3; index++) {
        if (libraries[index]) dlclose(libraries[index]);
    }
    return status;
}

/// The version that libavcodec of major version `major` reports (its `avcodec_version()`), when
/// one is installed, else 0: how soundcheck names an FFmpeg it does not support.
static inline unsigned soundcheck_ffmpeg_installed_version(void *_Nullable (*_Nonnull open)(const char *_Nonnull name), int major) {
    char name[64];
    void *library = open(soundcheck_ffmpeg_soname(name, sizeof name, "avcodec", major));
    if (!library) return 0;
    unsigned (*version)(void) = (unsigned (*)(void))dlsym(library, "avcodec_version");
    unsigned found = version ? version() : 0;
    dlclose(library);
    return found;
}
