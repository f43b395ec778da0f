// libsamplerate is loaded at run time, when a conversion resamples with it, not linked, so that
// validate, info and resolve start without it (see Sources/CSndFile/shim.h).
//
// No header of libsamplerate is needed to build: the declarations below are soundcheck's own, of
// the part of libsamplerate 0's C interface (soname libsamplerate.so.0, libsamplerate.0.dylib)
// that it calls, as its documentation gives it: the state is opaque, SRC_DATA and the converter
// numbers are fixed by that interface.
#include <dlfcn.h>
#include <stddef.h>

/// A converter's state (opaque).
typedef struct SRC_STATE_tag SRC_STATE;

/// One call of src_process: the buffers, what was used and made, and the ratio.
typedef struct SRC_DATA {
    const float *data_in;
    float *data_out;
    long input_frames, output_frames;
    long input_frames_used, output_frames_gen;
    int end_of_input;
    double src_ratio;
} SRC_DATA;

/// The converters soundcheck chooses from.
#define SRC_SINC_BEST_QUALITY 0
#define SRC_SINC_MEDIUM_QUALITY 1
#define SRC_SINC_FASTEST 2

/// The libsamplerate functions soundcheck calls, resolved from the library.
typedef struct soundcheck_samplerate {
    SRC_STATE *(*_Nonnull src_new)(int converter, int channels, int *error);
    SRC_STATE *(*_Nonnull src_delete)(SRC_STATE *state);
    int (*_Nonnull src_process)(SRC_STATE *state, SRC_DATA *data);
    const char *(*_Nonnull src_strerror)(int error);
    int (*_Nonnull src_is_valid_ratio)(double ratio);
    const char *(*_Nonnull src_get_name)(int converter);
} soundcheck_samplerate;

#define SOUNDCHECK_SAMPLERATE_FUNCTIONS(X) \
    X(src_new) X(src_delete) X(src_process) X(src_strerror) X(src_is_valid_ratio) X(src_get_name)

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
    table.name = (__typeof__(table.name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SAMPLERATE_FUNCTIONS(SOUNDCHECK_SAMPLERATE_LOAD)
    return &table;
}
