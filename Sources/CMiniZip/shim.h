// minizip (zlib's unzip), the zip reader for .ipa archives, chosen by measurement over libzip and
// ZIPFoundation (Scripts/bench zip). It is loaded at run time, when an archive is read, like the
// other C libraries (see Sources/CSndFile/shim.h).
#include <dlfcn.h>
#include <stddef.h>
#include <minizip/unzip.h>

#define SOUNDCHECK_MINIZIP_FUNCTIONS(X) \
    X(unzOpen64) X(unzClose) X(unzGetGlobalInfo64) X(unzGoToFirstFile) X(unzGoToNextFile) \
    X(unzGetCurrentFileInfo64) X(unzGetFilePos64) X(unzGoToFilePos64) X(unzOpenCurrentFile) \
    X(unzReadCurrentFile) X(unzCloseCurrentFile)

#define SOUNDCHECK_MINIZIP_MEMBER(name) __typeof__(&name) _Nonnull name;
/// The minizip functions soundcheck calls, resolved from the library.
typedef struct soundcheck_minizip {
    SOUNDCHECK_MINIZIP_FUNCTIONS(SOUNDCHECK_MINIZIP_MEMBER)
} soundcheck_minizip;

#ifdef __APPLE__
#define SOUNDCHECK_MINIZIP_SONAME "libminizip.1.dylib"
#else
#define SOUNDCHECK_MINIZIP_SONAME "libminizip.so.1"
#endif

/// Opens minizip 1 with `open` (SharedLibrarySearch, which never searches the current folder) and
/// returns the function table, or NULL with `missing` naming the library or function not found.
/// Call it once.
static inline const soundcheck_minizip *soundcheck_minizip_load(
    void *_Nullable (*_Nonnull open)(const char *_Nonnull name), const char *_Nullable *_Nonnull missing) {
    static soundcheck_minizip table;
    void *library = open(SOUNDCHECK_MINIZIP_SONAME);
    if (!library) { *missing = SOUNDCHECK_MINIZIP_SONAME; return NULL; }
#define SOUNDCHECK_MINIZIP_LOAD(name) \
    table.name = (__typeof__(&name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_MINIZIP_FUNCTIONS(SOUNDCHECK_MINIZIP_LOAD)
    return &table;
}
