#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/samplefmt.h>

// AVERROR(EAGAIN) and AVERROR_EOF are function-like macros, which Swift does not import.
static inline int soundcheck_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int soundcheck_averror_eof(void) { return AVERROR_EOF; }
static inline int soundcheck_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
