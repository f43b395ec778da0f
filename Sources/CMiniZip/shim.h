// minizip (zlib's unzip), the zip reader for .ipa archives, chosen by measurement over libzip and
// ZIPFoundation (Scripts/bench zip). It is loaded at run time, when an archive is read, like the
// other C libraries (see Sources/CSndFile/shim.h).
//
// No header of minizip is needed to build: the declarations below are soundcheck's own, of the
// part of minizip 1's C interface (zlib's contrib/minizip; soname libminizip.so.1,
// libminizip.1.dylib) that it calls, as unzip.h documents it: the archive handle is opaque
// (minizip's `voidp`), uLong is C's unsigned long and ZPOS64_T a 64-bit unsigned integer.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/// An open zip archive (opaque).
typedef void *unzFile;

/// The archive's entry count and comment length.
typedef struct unz_global_info64 {
    uint64_t number_entry;
    unsigned long size_comment;
} unz_global_info64;

/// An entry's modification time, broken down.
typedef struct tm_unz {
    unsigned int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year;
} tm_unz;

/// What the central directory says of the current entry.
typedef struct unz_file_info64 {
    unsigned long version;
    unsigned long version_needed;
    unsigned long flag;
    unsigned long compression_method;
    unsigned long dosDate;
    unsigned long crc;
    uint64_t compressed_size;
    uint64_t uncompressed_size;
    unsigned long size_filename;
    unsigned long size_file_extra;
    unsigned long size_file_comment;
    unsigned long disk_num_start;
    unsigned long internal_fa;
    unsigned long external_fa;
    tm_unz tmu_date;
} unz_file_info64;

/// Where an entry's central-directory record is, to go back to it.
typedef struct unz64_file_pos {
    uint64_t pos_in_zip_directory;
    uint64_t num_of_file;
} unz64_file_pos;

#define UNZ_OK 0
#define UNZ_END_OF_LIST_OF_FILE (-100)

/// The minizip functions soundcheck calls, resolved from the library.
typedef struct soundcheck_minizip {
    unzFile (*_Nonnull unzOpen64)(const void *path);
    int (*_Nonnull unzClose)(unzFile file);
    int (*_Nonnull unzGetGlobalInfo64)(unzFile file, unz_global_info64 *info);
    int (*_Nonnull unzGoToFirstFile)(unzFile file);
    int (*_Nonnull unzGoToNextFile)(unzFile file);
    int (*_Nonnull unzGetCurrentFileInfo64)(
        unzFile file, unz_file_info64 *info, char *name, unsigned long nameSize, void *extra, unsigned long extraSize,
        char *comment, unsigned long commentSize);
    int (*_Nonnull unzGetFilePos64)(unzFile file, unz64_file_pos *position);
    int (*_Nonnull unzGoToFilePos64)(unzFile file, const unz64_file_pos *position);
    int (*_Nonnull unzOpenCurrentFile)(unzFile file);
    int (*_Nonnull unzReadCurrentFile)(unzFile file, void *buffer, unsigned length);
    int (*_Nonnull unzCloseCurrentFile)(unzFile file);
} soundcheck_minizip;

#define SOUNDCHECK_MINIZIP_FUNCTIONS(X) \
    X(unzOpen64) X(unzClose) X(unzGetGlobalInfo64) X(unzGoToFirstFile) X(unzGoToNextFile) \
    X(unzGetCurrentFileInfo64) X(unzGetFilePos64) X(unzGoToFilePos64) X(unzOpenCurrentFile) \
    X(unzReadCurrentFile) X(unzCloseCurrentFile)

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
    table.name = (__typeof__(table.name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_MINIZIP_FUNCTIONS(SOUNDCHECK_MINIZIP_LOAD)
    return &table;
}
