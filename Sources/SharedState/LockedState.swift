#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that threads share, behind a pthread mutex: a class, so that closures run on other
/// threads can hold it. Not `Synchronization.Mutex`, for two reasons: it needs macOS 15 and iOS
/// 18, and on Linux a contended `Mutex` is handed to its waiter by the kernel (a
/// priority-inheriting futex), which ThreadSanitizer does not see, so it reports the accesses made
/// under the lock as races — the near misses' listings in a CI run, the cache's tables before them
/// (`ResolutionCache`, which keeps its own pthread locks inline in its tables). Values go in and
/// out as `sending`, as with `Mutex`, so a value that is not `Sendable` is only ever reached under
/// the lock.
public final class LockedState<Value>: @unchecked Sendable {  // Every access holds `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    public init(_ value: sending Value) {
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
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
