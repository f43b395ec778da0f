import SoundPolicy
import Synchronization

/// What the resolver remembers about a name: its resolution, and what it was based on.
struct CachedResolution: Sendable {
    /// The watcher's generation when the file system was last looked at for this name.
    var generation: UInt64
    var outcome: ResolvedSound.Outcome
    var reason: FallbackReason?
    var findings: [Finding]
    var hints: [String]
    var searched: [String]
    /// The winning file and its stamp, so an unchanged file is not parsed again.
    var winner: (path: String, stamp: FileStamp)?
}

/// A bounded map from requests to resolutions, split into shards so that tasks resolving
/// different names rarely wait for each other.
final class ResolutionCache: Sendable {
    struct Key: Hashable, Sendable {
        let name: String
        let isCritical: Bool
    }

    private final class Shard: Sendable {
        let entries = Mutex<[Key: CachedResolution]>([:])
    }

    private static let shardCount = 16
    private let shards: [Shard]
    private let entriesPerShard: Int

    /// A cache holding at most about `limit` resolutions.
    init(limit: Int) {
        entriesPerShard = max(1, limit / Self.shardCount)
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    func value(for key: Key) -> CachedResolution? {
        shard(for: key).entries.withLock { $0[key] }
    }

    /// Stores `value`; when the shard is full, an arbitrary older entry makes room.
    func store(_ value: CachedResolution, for key: Key) {
        shard(for: key).entries.withLock { entries in
            if entries.count >= entriesPerShard, entries[key] == nil {
                entries.remove(at: entries.startIndex)
            }
            entries[key] = value
        }
    }

    /// The number of resolutions held.
    var count: Int { shards.reduce(0) { total, shard in total + shard.entries.withLock { $0.count } } }

    private func shard(for key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(Self.shardCount))]
    }
}
