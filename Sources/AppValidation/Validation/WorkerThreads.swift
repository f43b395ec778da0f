import Dispatch
import SharedState

#if canImport(Glibc)
    import Glibc
#endif

/// Threads that run one body together, started before the body is known: a run can start them as
/// soon as it knows it will judge many files, and they are ready (each with its heap) when the
/// files are.
///
/// On Linux each is a thread of its own. Dispatch's pool started the first worker, which started a
/// manager thread and only then the second worker, 0.3–0.6 ms on one core out of a 12 ms run over
/// 2,000 files (`perf record -e sched:sched_process_fork`); started before the list of paths is
/// read, the threads and their heaps are made while this thread reads it. Elsewhere Dispatch's
/// global queue runs the body when it comes.
final class WorkerThreads: Sendable {
    /// How many threads run the body.
    let count: Int
    private let shared = Shared()
    private let started: Int
    private let isUsed = AtomicInteger(0)

    /// Starts `count` threads, which wait for `run(_:)`. They hold no work and cost nothing while
    /// they wait; a process that never calls `run(_:)` ends with them waiting.
    init(count: Int) {
        self.count = count
        #if canImport(Glibc)
            WorkerHeaps.reserve()
            var started = 0
            for _ in 0..<count where Self.startThread(waitingOn: shared) { started += 1 }
            self.started = started
        #else
            self.started = 0
        #endif
    }

    /// Runs `body` on every thread at once and returns when every one has returned. Threads are
    /// used once: a second run starts new ones. Where none could be started, this thread runs it.
    func run(_ body: @escaping @Sendable () -> Void) {
        guard isUsed.exchangeAcquiringAndReleasing(1) == 0 else { return WorkerThreads(count: count).run(body) }
        #if canImport(Glibc)
            shared.body.withLock { $0 = body }
            for _ in 0..<started { shared.start.signal() }
            if started == 0 { body() }
            for _ in 0..<started { shared.finished.wait() }
        #else
            let group = DispatchGroup()
            for _ in 0..<count { DispatchQueue.global().async(group: group, execute: body) }
            group.wait()
        #endif
    }

    /// Lets the threads end without work when `run(_:)` was never called (a run that found too
    /// few files for them, or failed): in a process that goes on, they would wait for ever.
    func dismiss() {
        guard isUsed.exchangeAcquiringAndReleasing(1) == 0 else { return }
        #if canImport(Glibc)
            for _ in 0..<started { shared.start.signal() }
        #endif
    }

    /// What the threads share with the pool: the body, when it comes, and the signals around it.
    private final class Shared: Sendable {
        let body = LockedState<(@Sendable () -> Void)?>(nil)
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
    }

    #if canImport(Glibc)
        /// Starts a detached thread that takes its heap, waits for the body, runs it and says so.
        private static func startThread(waitingOn shared: Shared) -> Bool {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            var thread = pthread_t()
            let context = Unmanaged.passRetained(shared).toOpaque()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
                    free(malloc(1))  // glibc gives the thread its arena at its first allocation: now, not in the work
                    shared.start.wait()
                    shared.body.withLock { $0 }?()
                    shared.finished.signal()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<Shared>.fromOpaque(context).release()
                return false
            }
            return true
        }
    #endif
}
