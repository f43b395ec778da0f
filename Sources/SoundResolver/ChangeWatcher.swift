import SharedState
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells cheaply whether anything in the search folders may have changed since a moment: a
/// generation number that moves on every change. On Linux it is fed by inotify, drained without
/// blocking at most once per `checkInterval` (every call when it is zero: the kernel queues an
/// event inside the writer's system call, so a change made before a call is then seen by that
/// call). Between checks the generation stands still, so an answer can be up to `checkInterval`
/// old; that is what keeps a cached answer free of system calls. While a search folder cannot be
/// watched (it does not exist yet, or there is no inotify), every check counts as a change and the
/// resolver looks at the file system itself.
struct ChangeWatcher: ~Copyable, Sendable {
    private let generationCounter = AtomicInteger(0)
    private let descriptor: Int32
    private let checkInterval: Int64
    private let lastCheck = AtomicInteger(Int64.min / 2)
    /// Every search folder.
    private let folders: [String]
    /// Search folders not watched (they do not exist); retried on every call until they are.
    private let unwatched: LockedState<[String]>
    /// Set while `unwatched` is not empty, read without the lock on every call.
    private let hasUnwatched = AtomicInteger(0)

    /// Watches `folders` and the folders that contain them (to notice a search folder appear),
    /// looking for changes at most once per `checkInterval`.
    init(folders: [String], checkInterval: Duration) {
        let (seconds, attoseconds) = checkInterval.components
        self.checkInterval = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #else
            descriptor = -1
        #endif
        self.folders = folders
        var missing: [String] = []
        var parents = Set<String>()
        for folder in folders {
            if !Self.watch(folder, descriptor: descriptor, mask: Self.folderMask) { missing.append(folder) }
            let parent = parentFolder(of: folder)
            if parents.insert(parent).inserted { _ = Self.watch(parent, descriptor: descriptor, mask: Self.parentMask) }
        }
        unwatched = LockedState(missing)
        hasUnwatched.storeReleasing(missing.isEmpty ? 0 : 1)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The current generation: after taking in every change reported so far when the check
    /// interval has passed, otherwise as of the last check.
    func generation() -> UInt64 {
        if checkInterval > 0 {
            let now = Self.monotonicNanoseconds()
            let last = lastCheck.loadRelaxed()
            // One caller checks; the others use the generation as it stands.
            guard now - last >= checkInterval,
                lastCheck.compareExchangeRelaxed(expected: last, desired: now)
            else { return currentGeneration }
        }
        return check()
    }

    private func check() -> UInt64 {
        guard descriptor >= 0 else { return bump() }
        var changed = false
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
            while read(descriptor, buffer.baseAddress, buffer.count) > 0 { changed = true }
        }
        if changed {
            // A search folder may have been removed or replaced: watch whatever is there now.
            rewatch(folders)
        } else if hasUnwatched.loadAcquiring() != 0 {
            rewatch(unwatched.withLock { $0 })
        }
        return changed || hasUnwatched.loadAcquiring() != 0 ? bump() : currentGeneration
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    private func bump() -> UInt64 {
        UInt64(bitPattern: generationCounter.addAcquiringAndReleasing(1) &+ 1)
    }

    private var currentGeneration: UInt64 { UInt64(bitPattern: generationCounter.loadAcquiring()) }

    private func rewatch(_ candidates: [String]) {
        let missing = candidates.filter { !Self.watch($0, descriptor: descriptor, mask: Self.folderMask) }
        unwatched.withLock { list in
            list = list.filter { !candidates.contains($0) } + missing
            hasUnwatched.storeReleasing(list.isEmpty ? 0 : 1)
        }
    }

    private static func watch(_ folder: String, descriptor: Int32, mask: UInt32) -> Bool {
        #if os(Linux)
            return descriptor >= 0 && inotify_add_watch(descriptor, folder, mask) >= 0
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// Anything that can change which file a name finds, or the file itself.
        private static let folderMask = UInt32(
            IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF
                | IN_MOVE_SELF)
        /// A search folder appearing, disappearing or being renamed.
        private static let parentMask = UInt32(IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    #else
        private static let folderMask: UInt32 = 0
        private static let parentMask: UInt32 = 0
    #endif
}
