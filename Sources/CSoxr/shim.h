// libsoxr is loaded at run time, when a conversion resamples with it, not linked, so that
// validate, info and resolve start without it (see Sources/CSndFile/shim.h).
//
// No header of libsoxr is needed to build: the declarations below are soundcheck's own, of the
// part of libsoxr 0's C interface (soname libsoxr.so.0, libsoxr.0.dylib) that it calls, as its
// documentation gives it: the resampler is opaque, the three spec structures (returned by value)
// and the data-type and recipe numbers are fixed by that interface.
#include <dlfcn.h>
#include <stddef.h>

/// A resampler (opaque).
typedef struct soxr *soxr_t;
/// NULL, or the error's text.
typedef const char *soxr_error_t;

/// A sample type of the resampler's input or output.
typedef enum { SOXR_FLOAT32_I = 0, SOXR_FLOAT64_I = 1, SOXR_INT32_I = 2, SOXR_INT16_I = 3 } soxr_datatype_t;

/// The input's and output's sample types (made by soxr_io_spec).
typedef struct soxr_io_spec {
    soxr_datatype_t itype;
    soxr_datatype_t otype;
    double scale;
    void *e;
    unsigned long flags;
} soxr_io_spec_t;

/// The filter's precision and shape (made by soxr_quality_spec).
typedef struct soxr_quality_spec {
    double precision;
    double phase_response;
    double passband_end;
    double stopband_begin;
    void *e;
    unsigned long flags;
} soxr_quality_spec_t;

/// Threads and buffer sizes (made by soxr_runtime_spec).
typedef struct soxr_runtime_spec {
    unsigned log2_min_dft_size;
    unsigned log2_large_dft_size;
    unsigned coef_size_kbytes;
    unsigned num_threads;
    void *e;
    unsigned long flags;
} soxr_runtime_spec_t;

/// soxr_quality_spec's recipes that soundcheck uses: 16-, 20- and 28-bit precision.
#define SOXR_16_BITQ 3
#define SOXR_20_BITQ 4
#define SOXR_28_BITQ 6

/// The libsoxr functions soundcheck calls, resolved from the library.
typedef struct soundcheck_soxr {
    soxr_t (*_Nonnull soxr_create)(
        double input_rate, double output_rate, unsigned channels, soxr_error_t *error, const soxr_io_spec_t *io,
        const soxr_quality_spec_t *quality, const soxr_runtime_spec_t *runtime);
    void (*_Nonnull soxr_delete)(soxr_t resampler);
    soxr_error_t (*_Nonnull soxr_process)(
        soxr_t resampler, const void *input, size_t input_length, size_t *input_used, void *output, size_t output_length,
        size_t *output_made);
    soxr_io_spec_t (*_Nonnull soxr_io_spec)(soxr_datatype_t input, soxr_datatype_t output);
    soxr_quality_spec_t (*_Nonnull soxr_quality_spec)(unsigned long recipe, unsigned long flags);
    soxr_runtime_spec_t (*_Nonnull soxr_runtime_spec)(unsigned threads);
    const char *(*_Nonnull soxr_version)(void);
} soundcheck_soxr;

#define SOUNDCHECK_SOXR_FUNCTIONS(X) \
    X(soxr_create) X(soxr_delete) X(soxr_process) X(soxr_io_spec) X(soxr_quality_spec) X(soxr_runtime_spec) \
    X(soxr_version)

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
    table.name = (__typeof__(table.name))dlsym(library, #name); \
    if (!table.name) { *missing = #name; return NULL; }
    SOUNDCHECK_SOXR_FUNCTIONS(SOUNDCHECK_SOXR_LOAD)
    return &table;
}
