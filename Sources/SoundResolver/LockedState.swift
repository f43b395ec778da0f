#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value the resolver's callers share, behind a pthread mutex. Not `Synchronization.Mutex`: on
/// Linux a contended `Mutex` is handed to its waiter by the kernel (a priority-inheriting futex),
/// which ThreadSanitizer does not see, so it reports the accesses made under the lock as races —
/// the near misses' listings in a CI run, the cache's tables before them (`ResolutionCache`, which
/// keeps its own pthread locks inline in its tables).
final class LockedState<Value: Sendable>: @unchecked Sendable {  // Every access holds `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
