import Synchronization

/// A value that worker threads share, behind the standard library's `Mutex`: a class, so that
/// the closures Dispatch runs on other threads can hold it.
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock(body)
    }
}
