// <os/lock.h> as Darwin declares it: os_unfair_lock, which swift-argument-parser's Mutex uses.
#ifndef STAND_IN_OS_LOCK_H
#define STAND_IN_OS_LOCK_H
#include <stdint.h>
#define OS_UNFAIR_LOCK_AVAILABILITY \
    __attribute__((availability(macos, introduced = 10.12))) __attribute__((availability(ios, introduced = 10.0)))
OS_UNFAIR_LOCK_AVAILABILITY
typedef struct os_unfair_lock_s {
    uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;
OS_UNFAIR_LOCK_AVAILABILITY
void os_unfair_lock_lock(os_unfair_lock_t lock);
OS_UNFAIR_LOCK_AVAILABILITY
_Bool os_unfair_lock_trylock(os_unfair_lock_t lock);
OS_UNFAIR_LOCK_AVAILABILITY
void os_unfair_lock_unlock(os_unfair_lock_t lock);
#endif
