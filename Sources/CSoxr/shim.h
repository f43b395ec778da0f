// libsoxr is loaded at run time, when a conversion resamples with it, not linked, so that
// validate, info and resolve start without it (see Sources/CSndFile/shim.h).
#include <dlfcn.h>
#include <stddef.h>
#include <soxr.h>

#define SOUNDCHECK_SOXR_FUNCTIONS(X) \
    X(soxr_create) X(soxr_delete) X(soxr_process) X(soxr_io_spec) X(soxr_quality_spec) X(soxr_runtime_spec) \
    X(soxr_version)

#define SOUNDCHECK_SOXR_MEMBER(name) __typeof__(&name) _Nonnull name;
/// The libsoxr functions soundcheck calls, resolved from the library.
typedef struct soundcheck_soxr {
    SOUNDCHECK_SOXR_FUNCTIONS(SOUNDCHECK_SOXR_MEMBER)
} soundcheck_soxr;

#ifdef __APPLE__
#define SOUNDCHECK_SOXR_SONAME "libsoxr.0.dylib"
#else
#define SOUNDCHECK_SOXR_SONAME "libsoxr.so.0"
#endif

/// Opens libsoxr 0 with `open` (SharedLibrarySearch, which never searches the current folder) and
/// returns the function table, or NULL with `missing` naming the library or function not found.
/// Call it once.
static inline const soundcheck_soxr *soundcheck_soxr_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_soxr table;
    void *library = open(SOUNDCHECK_SOXR_SONAME);
    if (!library) { *missing = SOUNDCHECK_SOXR_SONAME; return NULL; }
#define SOUNDCHECK_SOXR_LOAD(name) \
    table.name = (__typeof__(&name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SOXR_FUNCTIONS(SOUNDCHECK_SOXR_LOAD)
    return &table;
}
