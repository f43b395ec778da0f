internal import CAtomics

/// A 64-bit integer that threads read and change without a lock, with the memory orderings the
/// callers need. Not `Synchronization.Atomic`, which needs macOS 15 and iOS 18: the compiler's
/// atomic builtins (`CAtomics`), which ThreadSanitizer understands. A class, so that its storage
/// never moves.
public final class AtomicInteger: @unchecked Sendable {  // The storage is reached only through atomic operations.
    private let storage: UnsafeMutablePointer<Int64>

    /// An integer holding `value`.
    public init(_ value: Int64) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deallocate()
    }

    /// The value, with no ordering of other memory.
    public func loadRelaxed() -> Int64 { soundcheck_atomic_load_relaxed(storage) }

    /// The value, seeing every write made before the store (or change) that produced it.
    public func loadAcquiring() -> Int64 { soundcheck_atomic_load_acquire(storage) }

    /// Stores `value`, publishing every write made before it to an acquiring load.
    public func storeReleasing(_ value: Int64) { soundcheck_atomic_store_release(storage, value) }

    /// Adds `amount` with no ordering of other memory; returns the value before.
    @discardableResult
    public func addRelaxed(_ amount: Int64) -> Int64 { soundcheck_atomic_fetch_add_relaxed(storage, amount) }

    /// Adds `amount`, acquiring and releasing; returns the value before.
    @discardableResult
    public func addAcquiringAndReleasing(_ amount: Int64) -> Int64 { soundcheck_atomic_fetch_add_acq_rel(storage, amount) }

    /// Stores `value`, acquiring and releasing; returns the value before.
    public func exchangeAcquiringAndReleasing(_ value: Int64) -> Int64 { soundcheck_atomic_exchange_acq_rel(storage, value) }

    /// Stores `desired` if the value is `expected`, with no ordering of other memory; true when it did.
    public func compareExchangeRelaxed(expected: Int64, desired: Int64) -> Bool {
        soundcheck_atomic_compare_exchange_relaxed(storage, expected, desired)
    }
}
