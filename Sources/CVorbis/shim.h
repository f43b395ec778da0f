// libvorbisenc, libvorbis and libogg write Ogg Vorbis. They are loaded at run time, when a
// conversion writes Ogg, not linked (see Sources/CSndFile/shim.h), and no header of theirs is
// needed to build: the types and functions soundcheck uses are declared here, from their C ABI,
// which has not changed since libogg 1.0 and libvorbis 1.0.
// soundcheck_vorbis_load() opens the three libraries and fills a table of the functions soundcheck calls.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// libogg's `ogg_packet`: one packet (a header, or a block of audio) as the encoder hands it to
/// the Ogg stream.
typedef struct soundcheck_ogg_packet {
    unsigned char *_Nullable packet;
    long bytes;
    long b_o_s;
    long e_o_s;
    int64_t granulepos;
    int64_t packetno;
} soundcheck_ogg_packet;

/// libogg's `ogg_page`: a page ready to be written, as its header's bytes and its body's.
typedef struct soundcheck_ogg_page {
    unsigned char *_Nullable header;
    long header_len;
    unsigned char *_Nullable body;
    long body_len;
} soundcheck_ogg_page;

// The encoder's state, which soundcheck only passes by pointer: storage as aligned as any of the
// libraries' structures and twice as large as each is on a 64-bit system (56, 32, 144, 192 and
// 408 bytes), checked against their headers by Tests/CLibraryLinkTests/VorbisDeclarationTests.
#define SOUNDCHECK_VORBIS_OPAQUE(name, bytes) \
    typedef struct name { _Alignas(16) unsigned char storage[bytes]; } name;
/// libvorbis's `vorbis_info`: the stream's rate, channels and encoder setup.
SOUNDCHECK_VORBIS_OPAQUE(soundcheck_vorbis_info, 112)
/// libvorbis's `vorbis_comment`: the comment header's vendor string and tags.
SOUNDCHECK_VORBIS_OPAQUE(soundcheck_vorbis_comment, 64)
/// libvorbis's `vorbis_dsp_state`: the analysis buffers.
SOUNDCHECK_VORBIS_OPAQUE(soundcheck_vorbis_dsp_state, 288)
/// libvorbis's `vorbis_block`: one block being encoded.
SOUNDCHECK_VORBIS_OPAQUE(soundcheck_vorbis_block, 384)
/// libogg's `ogg_stream_state`: the pages being assembled.
SOUNDCHECK_VORBIS_OPAQUE(soundcheck_ogg_stream_state, 816)

// X(library, name, result, parameters) for every function soundcheck calls.
#define SOUNDCHECK_VORBIS_FUNCTIONS(X) \
    X(ogg, ogg_stream_init, int, (soundcheck_ogg_stream_state *stream, int serialno)) \
    X(ogg, ogg_stream_clear, int, (soundcheck_ogg_stream_state *stream)) \
    X(ogg, ogg_stream_packetin, int, (soundcheck_ogg_stream_state *stream, soundcheck_ogg_packet *packet)) \
    X(ogg, ogg_stream_pageout_fill, int, (soundcheck_ogg_stream_state *stream, soundcheck_ogg_page *page, int bytes)) \
    X(ogg, ogg_stream_flush_fill, int, (soundcheck_ogg_stream_state *stream, soundcheck_ogg_page *page, int bytes)) \
    X(vorbis, vorbis_version_string, const char *_Nullable, (void)) \
    X(vorbis, vorbis_info_init, void, (soundcheck_vorbis_info *info)) \
    X(vorbis, vorbis_info_clear, void, (soundcheck_vorbis_info *info)) \
    X(vorbis, vorbis_comment_init, void, (soundcheck_vorbis_comment *comment)) \
    X(vorbis, vorbis_comment_clear, void, (soundcheck_vorbis_comment *comment)) \
    X(vorbis, vorbis_analysis_init, int, (soundcheck_vorbis_dsp_state *dsp, soundcheck_vorbis_info *info)) \
    X(vorbis, vorbis_block_init, int, (soundcheck_vorbis_dsp_state *dsp, soundcheck_vorbis_block *block)) \
    X(vorbis, vorbis_block_clear, int, (soundcheck_vorbis_block *block)) \
    X(vorbis, vorbis_dsp_clear, void, (soundcheck_vorbis_dsp_state *dsp)) \
    X(vorbis, vorbis_analysis_headerout, int, \
      (soundcheck_vorbis_dsp_state *dsp, soundcheck_vorbis_comment *comment, soundcheck_ogg_packet *identification, \
       soundcheck_ogg_packet *commentPacket, soundcheck_ogg_packet *setup)) \
    X(vorbis, vorbis_analysis_buffer, float *_Nonnull *_Nullable, (soundcheck_vorbis_dsp_state *dsp, int frames)) \
    X(vorbis, vorbis_analysis_wrote, int, (soundcheck_vorbis_dsp_state *dsp, int frames)) \
    X(vorbis, vorbis_analysis_blockout, int, (soundcheck_vorbis_dsp_state *dsp, soundcheck_vorbis_block *block)) \
    X(vorbis, vorbis_analysis, int, (soundcheck_vorbis_block *block, soundcheck_ogg_packet *_Nullable packet)) \
    X(vorbis, vorbis_bitrate_addblock, int, (soundcheck_vorbis_block *block)) \
    X(vorbis, vorbis_bitrate_flushpacket, int, (soundcheck_vorbis_dsp_state *dsp, soundcheck_ogg_packet *packet)) \
    X(vorbisenc, vorbis_encode_init_vbr, int, (soundcheck_vorbis_info *info, long channels, long rate, float quality))

#define SOUNDCHECK_VORBIS_MEMBER(library, name, result, parameters) result (*_Nonnull name) parameters;
/// The libogg, libvorbis and libvorbisenc functions soundcheck calls, resolved from the libraries.
typedef struct soundcheck_vorbis {
    SOUNDCHECK_VORBIS_FUNCTIONS(SOUNDCHECK_VORBIS_MEMBER)
} soundcheck_vorbis;

// In the order they are opened: each after the library it depends on, so that the loader finds
// that one already open (from the same folder) instead of looking for it again.
#ifdef __APPLE__
#define SOUNDCHECK_OGG_SONAME "libogg.0.dylib"
#define SOUNDCHECK_VORBIS_SONAME "libvorbis.0.dylib"
#define SOUNDCHECK_VORBISENC_SONAME "libvorbisenc.2.dylib"
#else
#define SOUNDCHECK_OGG_SONAME "libogg.so.0"
#define SOUNDCHECK_VORBIS_SONAME "libvorbis.so.0"
#define SOUNDCHECK_VORBISENC_SONAME "libvorbisenc.so.2"
#endif

/// Opens libogg 0, libvorbis 0 and libvorbisenc 2 with `open` (SharedLibrarySearch, which never
/// searches the current folder) and returns the function table, or NULL with `missing` naming the
/// library or function not found. Call it once (Swift keeps the result in a lazily initialised global).
static inline const soundcheck_vorbis *_Nullable soundcheck_vorbis_load(
    void *_Nullable (*_Nonnull open)(const char *name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_vorbis table;
    void *_Nullable ogg = open(SOUNDCHECK_OGG_SONAME);
    if (!ogg) { *missing = SOUNDCHECK_OGG_SONAME; return NULL; }
    void *_Nullable vorbis = open(SOUNDCHECK_VORBIS_SONAME);
    if (!vorbis) { *missing = SOUNDCHECK_VORBIS_SONAME; return NULL; }
    void *_Nullable vorbisenc = open(SOUNDCHECK_VORBISENC_SONAME);
    if (!vorbisenc) { *missing = SOUNDCHECK_VORBISENC_SONAME; return NULL; }
#define SOUNDCHECK_VORBIS_LOAD(library, name, result, parameters) \
    table.name = (result (*) parameters)dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_VORBIS_FUNCTIONS(SOUNDCHECK_VORBIS_LOAD)
    return &table;
}

#pragma clang assume_nonnull end
