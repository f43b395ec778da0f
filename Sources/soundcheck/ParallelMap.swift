import Dispatch

/// Maps `items` through `transform` on up to `jobs` threads, keeping the input order.
func parallelMap<T, R>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] where T: Sendable {
    guard jobs > 1, items.count > 1 else { return items.map(transform) }
    let results = ResultSlots<R>(count: items.count)
    let workers = min(jobs, items.count)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var index = worker
        while index < items.count {
            results.store(transform(items[index]), at: index)
            index += workers
        }
    }
    return results.values
}

/// Result storage that concurrent workers write at distinct indices. The buffer is allocated
/// once, so writes never touch shared array bookkeeping.
private final class ResultSlots<R>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Each index is written by exactly one worker, and read only after all have finished.
    func store(_ value: R, at index: Int) {
        slots[index] = value
    }

    var values: [R] { slots.map { $0! } }
}
