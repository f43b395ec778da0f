// libsndfile is loaded at run time, when a conversion needs it, not linked: it pulls in FLAC,
// Vorbis, Opus, mpg123 and LAME, a dozen shared libraries that every soundcheck process, validate
// included, loaded at start (0.85 ms of each), and without which the binary would not start at all.
// soundcheck_sndfile_load() opens the library and fills a table of the functions soundcheck calls.
#include <dlfcn.h>
#include <stddef.h>
#include <sndfile.h>

#define SOUNDCHECK_SNDFILE_FUNCTIONS(X) \
    X(sf_open) X(sf_close) X(sf_readf_float) X(sf_error) X(sf_strerror) X(sf_version_string)

#define SOUNDCHECK_SNDFILE_MEMBER(name) __typeof__(&name) _Nonnull name;
/// The libsndfile functions soundcheck calls, resolved from the library.
typedef struct soundcheck_sndfile {
    SOUNDCHECK_SNDFILE_FUNCTIONS(SOUNDCHECK_SNDFILE_MEMBER)
} soundcheck_sndfile;

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
    table.name = (__typeof__(&name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SNDFILE_FUNCTIONS(SOUNDCHECK_SNDFILE_LOAD)
    return &table;
}
