import SoundContainers
import SoundPolicy

/// Decides which file plays for a notification sound, the way the system does: the app
/// container's `Library/Sounds`, then each app group's, then the bundle; the first file with the
/// exact name wins even if it cannot play, in which case the default sound plays. Says why, with
/// near misses.
///
/// Built for delivery time: `resolve` never throws and never traps, is safe to call from many
/// tasks at once, and answers from a cache that follows the file system: on Linux, inotify says
/// when anything in the search folders changed, checked at most once per `changeCheckInterval`,
/// so a cached answer costs no system call and is never older than that interval. A changed
/// name is looked up again (a few `lstat`s, and a listing of the folder that has it, whose
/// spelling must match: a case-insensitive disk answers any case, a device does not) and its
/// file parsed again only if its size, modification time or inode changed.
public final class SoundResolver: Sendable {
    /// Where the app's sounds are.
    public let locations: SoundLocations
    /// What a file must obey to play.
    public let policy: Policy

    /// The longest a cached answer can lag behind the file system (default 1 ms; zero checks
    /// on every call, so a change is seen by the very next call).
    public let changeCheckInterval: Duration

    private let searchRoots: [SearchRoot]
    private let criticalSearchRoots: [SearchRoot]
    private let probes: [SearchRoot: FolderProbe]
    private let watcher: ChangeWatcher
    private let cache: ResolutionCache
    private let nearMisses = NearMisses()

    /// A resolver for `locations`, judging files with `policy`, remembering up to `cacheLimit`
    /// answers, and looking for changes at most once per `changeCheckInterval`.
    public convenience init(
        locations: SoundLocations, policy: Policy = Policy(), cacheLimit: Int = 4096,
        changeCheckInterval: Duration = .milliseconds(1)
    ) {
        self.init(
            locations: locations, policy: policy, cacheLimit: cacheLimit, changeCheckInterval: changeCheckInterval,
            threadFrontTables: true)
    }

    /// The same, with or without the cache's per-thread front tables: for `Scripts/bench resolve`,
    /// which measures what they are worth on the machine at hand.
    @_spi(Benchmarking)
    public init(
        locations: SoundLocations, policy: Policy = Policy(), cacheLimit: Int = 4096,
        changeCheckInterval: Duration = .milliseconds(1), threadFrontTables: Bool
    ) {
        self.locations = locations
        self.policy = policy
        self.changeCheckInterval = changeCheckInterval
        let roots = locations.allRoots
        searchRoots = locations.searchRoots(critical: false)
        criticalSearchRoots = locations.searchRoots(critical: true)
        probes = Dictionary(roots.map { ($0, FolderProbe(folder: $0.folder)) }, uniquingKeysWith: { first, _ in first })
        watcher = ChangeWatcher(folders: roots.map(\.folder), checkInterval: changeCheckInterval)
        cache = ResolutionCache(limit: cacheLimit, threadFrontTables: threadFrontTables)
    }

    /// What plays for a sound `name` (`"default"` asks for the default sound).
    public func resolve(name: String, critical: Bool = false) -> ResolvedSound {
        resolve(SoundRequest(name: name, isCritical: critical))
    }

    /// What plays for `request` under the app's notification `settings`: nothing when sounds are
    /// turned off; a critical request without critical-alert authorization is delivered as a
    /// regular notification, so it is resolved as one, with a hint saying so.
    public func resolve(_ request: SoundRequest, settings: NotificationSettings) -> ResolvedSound {
        settings.resolve(request, by: resolve)
    }

    /// What plays for `request`.
    public func resolve(_ request: SoundRequest) -> ResolvedSound {
        let defaultOutcome: ResolvedSound.Outcome = request.isCritical ? .defaultCriticalSound : .defaultSound
        switch request.sound {
        case .none:
            return ResolvedSound(
                request: request, outcome: .none, reason: nil, findings: [], hints: request.notes, searched: [])
        case .systemDefault:
            return ResolvedSound(
                request: request, outcome: defaultOutcome, reason: .requested, findings: [], hints: request.notes,
                searched: [])
        case .named(let name):
            if let problem = SoundName.problem(with: name) {
                let withExtension = fileExtension(of: name).isEmpty ? nearMisses.filesWithStem(name, locations: locations) : []
                let hint = withExtension.isEmpty ? problem.hint : ResolutionHint.noExtension
                return ResolvedSound(
                    request: request, outcome: defaultOutcome, reason: .invalidName, findings: [],
                    hints: [hint] + withExtension + suggestion(problem.suggestedName, critical: request.isCritical)
                        + request.notes,
                    searched: roots(critical: request.isCritical).map(\.folder))
            }
            let resolution = cachedResolution(of: name, critical: request.isCritical)
            return ResolvedSound(
                request: request, outcome: resolution.outcome, reason: resolution.reason, findings: resolution.findings,
                hints: resolution.hints + request.notes, searched: resolution.searched)
        }
    }

    /// The folders a sound of this kind is looked for in, in order.
    private func roots(critical: Bool) -> [SearchRoot] { critical ? criticalSearchRoots : searchRoots }

    private func cachedResolution(of name: String, critical: Bool) -> CachedResolution {
        let key = ResolutionCache.Key(name: name, isCritical: critical)
        let generation = watcher.generation()
        let previous = cache.value(for: key, generation: generation)
        if let previous, previous.generation == generation { return previous }
        let fresh = search(
            name, critical: critical, searched: roots(critical: critical), generation: generation, previous: previous)
        cache.store(fresh, for: key)
        return fresh
    }

    /// Looks for `name` in `searched`, in order; parses the winner unless it is the file
    /// `previous` already judged.
    private func search(
        _ name: String, critical: Bool, searched: [SearchRoot], generation: UInt64, previous: CachedResolution?
    ) -> CachedResolution {
        let defaultOutcome: ResolvedSound.Outcome = critical ? .defaultCriticalSound : .defaultSound
        let folders = searched.map(\.folder)
        var hints: [String] = []
        func resolution(
            _ outcome: ResolvedSound.Outcome, _ reason: FallbackReason?, findings: [Finding] = [],
            winner: (path: String, stamp: FileIdentity)? = nil
        ) -> CachedResolution {
            CachedResolution(
                generation: generation, outcome: outcome, reason: reason, findings: findings, hints: hints,
                searched: folders, winner: winner)
        }
        for root in searched {
            guard let probe = probes[root] else { continue }
            switch probe.probe(name) {
            case .missing:
                continue
            case .linkLeavesFolder(let path):
                hints.append("'\(path)' is a symbolic link that leaves \(root.folder); it is not followed")
                continue
            case .notRegularFile(let path):
                hints.append(ResolutionHint.notARegularFile(path))
                return resolution(defaultOutcome, .unreadable)
            case .unreadable(let path, let reason):
                hints.append("'\(path)' is the first match but cannot be read: \(reason)")
                return resolution(defaultOutcome, .unreadable)
            case .file(let path, let stamp, _):
                if let previous, let winner = previous.winner, winner.path == path, winner.stamp == stamp {
                    return CachedResolution(
                        generation: generation, outcome: previous.outcome, reason: previous.reason,
                        findings: previous.findings, hints: previous.hints, searched: folders, winner: winner)
                }
                let verdict = policy.verdict(forFileAt: path)
                if verdict.passed, let description = verdict.description {
                    let file = ResolvedFile(path: path, location: root.kind, description: description)
                    return resolution(.file(file), nil, findings: verdict.findings, winner: (path, stamp))
                }
                let unreadable = verdict.findings.contains { $0.code == .unreadable }
                hints.append(ResolutionHint.winsThoughItCannotPlay(path))
                return resolution(
                    defaultOutcome, unreadable ? .unreadable : .invalidFile, findings: verdict.findings,
                    winner: (path, stamp))
            }
        }
        hints += nearMisses.hints(for: name, searched: searched, locations: locations)
        if let bundle = locations.bundle { hints += nearMisses.subfolderHints(for: name, bundle: bundle) }
        return resolution(defaultOutcome, .notFound)
    }

    /// How many answers the cache holds (for tests of its bound).
    var cachedResolutionCount: Int { cache.count }

    /// The most answers any thread's front table of the cache holds (for tests of its bound).
    var largestFrontCacheCount: Int { cache.largestFrontCount }

    /// A hint for a refused name whose bare file name would have played.
    private func suggestion(_ name: String?, critical: Bool) -> [String] {
        guard let name, SoundName.problem(with: name) == nil else { return [] }
        let resolved = resolve(SoundRequest(name: name, isCritical: critical))
        guard let file = resolved.file else { return ["use the bare file name, e.g. '\(name)'"] }
        return ["use the bare file name '\(name)', which would play \(file.path)"]
    }
}
