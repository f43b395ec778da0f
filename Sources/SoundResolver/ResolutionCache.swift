import SoundContainers
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the resolver remembers about a name: its resolution, and what it was based on. A class,
/// so a cache hit hands out one reference instead of copying every field.
final class CachedResolution: Sendable {
    /// The watcher's generation when the file system was last looked at for this name.
    let generation: UInt64
    let outcome: ResolvedSound.Outcome
    let reason: FallbackReason?
    let findings: [Finding]
    let hints: [String]
    let searched: [String]
    /// The winning file and its stamp, so an unchanged file is not parsed again.
    let winner: (path: String, stamp: FileIdentity)?

    init(
        generation: UInt64, outcome: ResolvedSound.Outcome, reason: FallbackReason?, findings: [Finding],
        hints: [String], searched: [String], winner: (path: String, stamp: FileIdentity)?
    ) {
        self.generation = generation
        self.outcome = outcome
        self.reason = reason
        self.findings = findings
        self.hints = hints
        self.searched = searched
        self.winner = winner
    }
}

extension CachedResolution {
    /// A copy that shares no reference-counted storage that a cache hit touches with this one:
    /// a hit retains the answer, its file's path and its arrays, and a count written by two
    /// cores at once moves its cache line between them on every call.
    func unsharedCopy() -> CachedResolution {
        var outcome = outcome
        if case .file(var file) = outcome {
            file.path = String(decoding: Array(file.path.utf8), as: UTF8.self)
            file.description.notes = file.description.notes.map { $0 }
            outcome = .file(file)
        }
        return CachedResolution(
            generation: generation, outcome: outcome, reason: reason, findings: findings.map { $0 },
            hints: hints.map { $0 }, searched: searched.map { $0 }, winner: winner)
    }
}

/// A bounded map from requests to resolutions that many threads read at once without slowing
/// each other down. Two levels, each a set of locked tables:
/// - the shared level holds every answer, in 64 tables chosen by the key, so that different
///   names rarely wait for each other;
/// - in front of it, each thread reads and fills a table of its own (16, chosen by the thread),
///   so a hit locks a lock that only its own core has touched lately instead of pulling a cache
///   line from another core on every call; its entries are the thread's own copies (see
///   `unsharedCopy`). A front entry older than the shared one is replaced.
/// Each level holds at most about `limit` answers per table of the front and `limit` in all at
/// the shared level; the entries are references to the same immutable answers.
struct ResolutionCache: ~Copyable, @unchecked Sendable {  // Every table has its lock; the storage never changes.
    struct Key: Hashable, Sendable {
        let name: String
        let isCritical: Bool
    }

    /// One table and its lock. A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer
    /// sees pthread locking, but not the standard library's prebuilt futex lock, and reported the
    /// table as raced in one CI run although every access held the lock.
    private struct Table: ~Copyable {
        var lock = pthread_mutex_t()
        var entries: [Key: CachedResolution] = [:]
    }

    private static let sharedCount = 64
    private static let frontCount = 16
    /// Bytes from one table to the next: two cache lines, so neighbours never share one.
    private static let stride = max(128, MemoryLayout<Table>.stride)
    private let storage: UnsafeMutableRawPointer
    private let sharedLimit: Int
    private let frontLimit: Int
    private let usesFront: Bool

    /// A cache holding at most about `limit` resolutions (and as many references per thread),
    /// with or without the per-thread front tables.
    init(limit: Int, threadFrontTables: Bool = true) {
        sharedLimit = max(1, limit / Self.sharedCount)
        frontLimit = max(1, limit)
        usesFront = threadFrontTables
        let tables = Self.sharedCount + Self.frontCount
        storage = .allocate(byteCount: tables * Self.stride, alignment: Self.stride)
        for index in 0..<tables {
            let table = (storage + index * Self.stride).bindMemory(to: Table.self, capacity: 1)
            table.initialize(to: Table())
            pthread_mutex_init(&table.pointee.lock, nil)
        }
    }

    deinit {
        for index in 0..<(Self.sharedCount + Self.frontCount) {
            pthread_mutex_destroy(&table(index).pointee.lock)
            table(index).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    /// The newest answer for `key`, from this thread's table when it is there and current.
    func value(for key: Key, generation: UInt64) -> CachedResolution? {
        guard usesFront else { return Self.withLock(sharedTable(for: key)) { $0[key] } }
        let front = frontTable()
        let local = Self.withLock(front) { $0[key] }
        if let local, local.generation == generation { return local }
        guard let shared = Self.withLock(sharedTable(for: key), { $0[key] }) else { return local }
        if let local, local.generation >= shared.generation { return local }
        let copy = shared.unsharedCopy()
        Self.insert(copy, for: key, into: front, limit: frontLimit)
        return copy
    }

    /// Stores `value` at both levels; a full table drops an arbitrary older entry to make room.
    func store(_ value: CachedResolution, for key: Key) {
        Self.insert(value, for: key, into: sharedTable(for: key), limit: sharedLimit)
        if usesFront { Self.insert(value.unsharedCopy(), for: key, into: frontTable(), limit: frontLimit) }
    }

    /// The number of answers held at the shared level.
    var count: Int {
        (0..<Self.sharedCount).reduce(0) { total, index in total + Self.withLock(table(index)) { $0.count } }
    }

    /// The most answers any thread's front table holds.
    var largestFrontCount: Int {
        (0..<Self.frontCount).map { Self.withLock(table(Self.sharedCount + $0)) { $0.count } }.max() ?? 0
    }

    private static func insert(
        _ value: CachedResolution, for key: Key, into table: UnsafeMutablePointer<Table>, limit: Int
    ) {
        Self.withLock(table) { entries in
            if entries.count >= limit, entries[key] == nil {
                entries.remove(at: entries.startIndex)
            }
            entries[key] = value
        }
    }

    /// Runs `body` on `table`'s entries, holding its lock.
    private static func withLock<Result>(
        _ table: UnsafeMutablePointer<Table>, _ body: (inout [Key: CachedResolution]) -> Result
    ) -> Result {
        pthread_mutex_lock(&table.pointee.lock)
        defer { pthread_mutex_unlock(&table.pointee.lock) }
        return body(&table.pointee.entries)
    }

    private func sharedTable(for key: Key) -> UnsafeMutablePointer<Table> {
        table(Int(UInt(bitPattern: key.hashValue) % UInt(Self.sharedCount)))
    }

    /// This thread's front table: the thread's identity (an address, so its low bits are all
    /// alike) mixed by a multiplication, top bits taken.
    private func frontTable() -> UnsafeMutablePointer<Table> {
        #if canImport(Darwin)
            let identity = UInt64(UInt(bitPattern: pthread_self()))
        #else
            let identity = UInt64(pthread_self())
        #endif
        let mixed = identity &* 0x9E37_79B9_7F4A_7C15
        return table(Self.sharedCount + Int(mixed >> 60))
    }

    private func table(_ index: Int) -> UnsafeMutablePointer<Table> {
        (storage + index * Self.stride).assumingMemoryBound(to: Table.self)
    }
}
