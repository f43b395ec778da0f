// Atomic operations on a 64-bit integer, for SharedState's AtomicInteger: the compiler's __atomic
// builtins, which ThreadSanitizer understands. The standard library's Synchronization.Atomic needs
// macOS 15 and iOS 18; these need nothing, so the package deploys to macOS 13 and iOS 16.
#ifndef SOUNDCHECK_CATOMICS_H
#define SOUNDCHECK_CATOMICS_H
#include <stdbool.h>
#include <stdint.h>

static inline int64_t soundcheck_atomic_load_relaxed(const int64_t *_Nonnull value) {
    return __atomic_load_n(value, __ATOMIC_RELAXED);
}
static inline int64_t soundcheck_atomic_load_acquire(const int64_t *_Nonnull value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}
static inline void soundcheck_atomic_store_release(int64_t *_Nonnull value, int64_t desired) {
    __atomic_store_n(value, desired, __ATOMIC_RELEASE);
}
/// Adds `amount` and returns the value before.
static inline int64_t soundcheck_atomic_fetch_add_relaxed(int64_t *_Nonnull value, int64_t amount) {
    return __atomic_fetch_add(value, amount, __ATOMIC_RELAXED);
}
/// Adds `amount` and returns the value before.
static inline int64_t soundcheck_atomic_fetch_add_acq_rel(int64_t *_Nonnull value, int64_t amount) {
    return __atomic_fetch_add(value, amount, __ATOMIC_ACQ_REL);
}
/// Stores `desired` and returns the value before.
static inline int64_t soundcheck_atomic_exchange_acq_rel(int64_t *_Nonnull value, int64_t desired) {
    return __atomic_exchange_n(value, desired, __ATOMIC_ACQ_REL);
}
/// Stores `desired` if the value is `expected`; true when it did.
static inline bool soundcheck_atomic_compare_exchange_relaxed(int64_t *_Nonnull value, int64_t expected, int64_t desired) {
    return __atomic_compare_exchange_n(value, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
#endif
