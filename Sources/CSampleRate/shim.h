// libsamplerate is loaded at run time, when a conversion resamples with it, not linked, so that
// validate, info and resolve start without it (see Sources/CSndFile/shim.h).
#include <dlfcn.h>
#include <stddef.h>
#include <samplerate.h>

#define SOUNDCHECK_SAMPLERATE_FUNCTIONS(X) \
    X(src_new) X(src_delete) X(src_process) X(src_strerror) X(src_is_valid_ratio) X(src_get_name)

#define SOUNDCHECK_SAMPLERATE_MEMBER(name) __typeof__(&name) _Nonnull name;
/// The libsamplerate functions soundcheck calls, resolved from the library.
typedef struct soundcheck_samplerate {
    SOUNDCHECK_SAMPLERATE_FUNCTIONS(SOUNDCHECK_SAMPLERATE_MEMBER)
} soundcheck_samplerate;

#ifdef __APPLE__
#define SOUNDCHECK_SAMPLERATE_SONAME "libsamplerate.0.dylib"
#else
#define SOUNDCHECK_SAMPLERATE_SONAME "libsamplerate.so.0"
#endif

/// Opens libsamplerate 0 with `open` (SharedLibrarySearch, which never searches the current folder)
/// and returns the function table, or NULL with `missing` naming the library or function not found.
/// Call it once.
static inline const soundcheck_samplerate *soundcheck_samplerate_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_samplerate table;
    void *library = open(SOUNDCHECK_SAMPLERATE_SONAME);
    if (!library) { *missing = SOUNDCHECK_SAMPLERATE_SONAME; return NULL; }
#define SOUNDCHECK_SAMPLERATE_LOAD(name) \
    table.name = (__typeof__(&name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SAMPLERATE_FUNCTIONS(SOUNDCHECK_SAMPLERATE_LOAD)
    return &table;
}
