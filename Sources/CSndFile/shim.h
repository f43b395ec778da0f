// libsndfile is loaded at run time, when a conversion needs it, not linked: it pulls in FLAC,
// Vorbis, Opus, mpg123 and LAME, a dozen shared libraries that every soundcheck process, validate
// included, loaded at start (0.85 ms of each), and without which the binary would not start at all.
// soundcheck_sndfile_load() opens the library and fills a table of the functions soundcheck calls.
//
// No header of libsndfile is needed to build: the declarations below are soundcheck's own, of the
// part of libsndfile 1's C interface (soname libsndfile.so.1, libsndfile.1.dylib) that it calls,
// as its documentation gives it: the handle is opaque, SF_INFO and the constants are fixed by that
// interface (sf_count_t is 64-bit on every platform libsndfile 1 builds for).
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/// An open sound file (opaque).
typedef struct sf_private_tag SNDFILE;
/// A frame count or file offset.
typedef int64_t sf_count_t;

/// What sf_open reports about a file.
typedef struct SF_INFO {
    sf_count_t frames;
    int samplerate;
    int channels;
    int format;
    int sections;
    int seekable;
} SF_INFO;

/// sf_open's mode: read.
#define SFM_READ 0x10
/// The part of SF_INFO.format that names the encoding.
#define SF_FORMAT_SUBMASK 0x0000FFFF
#define SF_FORMAT_PCM_S8 0x0001
#define SF_FORMAT_PCM_16 0x0002
#define SF_FORMAT_PCM_24 0x0003
#define SF_FORMAT_PCM_U8 0x0005

/// The libsndfile functions soundcheck calls, resolved from the library.
typedef struct soundcheck_sndfile {
    SNDFILE *(*_Nonnull sf_open)(const char *path, int mode, SF_INFO *info);
    int (*_Nonnull sf_close)(SNDFILE *file);
    sf_count_t (*_Nonnull sf_readf_float)(SNDFILE *file, float *frames, sf_count_t count);
    int (*_Nonnull sf_error)(SNDFILE *file);
    const char *(*_Nonnull sf_strerror)(SNDFILE *file);
    const char *(*_Nonnull sf_version_string)(void);
} soundcheck_sndfile;

#define SOUNDCHECK_SNDFILE_FUNCTIONS(X) \
    X(sf_open) X(sf_close) X(sf_readf_float) X(sf_error) X(sf_strerror) X(sf_version_string)

#ifdef __APPLE__
#define SOUNDCHECK_SNDFILE_SONAME "libsndfile.1.dylib"
#else
#define SOUNDCHECK_SNDFILE_SONAME "libsndfile.so.1"
#endif

/// Opens libsndfile 1 with `open` (SharedLibrarySearch, which never searches the current folder)
/// and returns the function table, or NULL with `missing` naming the library or function not found.
/// Call it once (Swift keeps the result in a lazily initialised global).
static inline const soundcheck_sndfile *soundcheck_sndfile_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_sndfile table;
    void *library = open(SOUNDCHECK_SNDFILE_SONAME);
    if (!library) { *missing = SOUNDCHECK_SNDFILE_SONAME; return NULL; }
#define SOUNDCHECK_SNDFILE_LOAD(name) \
    table.name = (__typeof__(table.name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SNDFILE_FUNCTIONS(SOUNDCHECK_SNDFILE_LOAD)
    return &table;
}
