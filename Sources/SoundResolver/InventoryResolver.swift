import SoundContainers
import SoundPolicy

/// Decides what plays for a sound name or a push body from an inventory of a build
/// (`SoundInventory`), with no app folder at hand: what a push backend links to check a body
/// before it sends it. Its answers, reasons and hints are those of a `SoundResolver` over the
/// build's bundle (and of an `AndroidSoundResolver` over its raw resources), with one more hint
/// where only the device knows: a sound the app writes into `Library/Sounds` at run time is
/// searched before the bundle, and no inventory holds it.
///
/// Everything is indexed when it is made; `resolve` only looks up dictionaries, never throws or
/// touches the file system, and is safe to call from many threads at once.
public struct InventoryResolver: Sendable {
    /// The iOS (or macOS) app answered for, if the inventory holds one.
    public let app: SoundInventory.App?
    /// The Android app answered for, if the inventory holds one.
    public let androidApp: SoundInventory.App?

    /// The hint for a name the build's bundle does not answer.
    public static let runTimeSoundsHint =
        "the build's bundle has no such file; a sound the app writes into Library/Sounds at run time would play, and only the device knows"

    /// The bundle's folder as answers name it.
    private let bundle: String
    /// The sounds at the bundle's root by name, by lowercased name, and by lowercased stem.
    private let rootSounds: [String: SoundInventory.Sound]
    private let rootByFoldedName: [String: [String]]
    private let rootByFoldedStem: [Substring: [String]]
    /// The sounds in the bundle's subfolders, as paths below the bundle, by lowercased file name.
    private let subfolderSounds: [String: [String]]
    private let android: AndroidSoundResolver
    /// The folders an answer says were searched: the bundle's, when there is an app.
    private let searched: [String]
    /// Every sound name the inventory holds, so that a body naming one is read into that name.
    private let knownNames: KnownStrings

    /// A resolver for the iOS app `app` and the Android app `androidApp` of an inventory.
    public init(app: SoundInventory.App?, androidApp: SoundInventory.App?, policy: Policy = Policy()) {
        self.app = app
        self.androidApp = androidApp
        let bundle = app?.bundle ?? app?.name ?? ""
        self.bundle = bundle
        var rootSounds: [String: SoundInventory.Sound] = [:]
        var byFoldedName: [String: [String]] = [:]
        var byFoldedStem: [Substring: [String]] = [:]
        var subfolderSounds: [String: [String]] = [:]
        for sound in (app?.sounds ?? []).sorted(by: { $0.name < $1.name }) {
            switch sound.location {
            case .bundle:
                guard rootSounds[sound.name] == nil else { continue }
                rootSounds[sound.name] = sound
                let folded = sound.name.lowercased()
                byFoldedName[folded, default: []].append(sound.name)
                byFoldedStem[ResolutionHint.stem(of: folded), default: []].append(sound.name)
            case .bundleSubfolder:
                let relative = sound.path.hasPrefix(bundle + "/") ? String(sound.path.dropFirst(bundle.count + 1)) : sound.path
                subfolderSounds[fileName(of: relative).lowercased(), default: []].append(relative)
            case .raw:
                continue
            }
        }
        self.rootSounds = rootSounds
        rootByFoldedName = byFoldedName
        rootByFoldedStem = byFoldedStem
        self.subfolderSounds = subfolderSounds
        searched = app == nil ? [] : [bundle]
        knownNames = KnownStrings(((app?.sounds ?? []) + (androidApp?.sounds ?? [])).map(\.name))
        var resources: [String: String] = [:]
        var verdicts: [String: Verdict] = [:]
        for sound in androidApp?.sounds ?? [] where sound.location == .raw && resources[sound.name] == nil {
            resources[sound.name] = sound.path
            verdicts[sound.path] = Verdict(description: sound.audio?.description, findings: sound.findings, passed: sound.passed)
        }
        let judged = verdicts
        android = AndroidSoundResolver(resources: resources, policy: policy) { path in
            judged[path] ?? Verdict(description: nil, findings: [], passed: false)
        }
    }

    /// A resolver for the inventory's app named `name` on each of `platforms` (`.ios`,
    /// `.android`), or its only one there; a platform not asked for answers nothing and is never
    /// a reason to choose. `.ios` takes a macOS app where the inventory holds no iOS app, or
    /// where `name` names one.
    /// - Throws: `InventoryError` when `name` matches no app, or when a platform asked for has
    ///   several apps and no `name` chooses one.
    public init(
        inventory: SoundInventory, app name: String? = nil, platforms: Set<SoundPlatform> = [.ios, .android], policy: Policy = Policy()
    ) throws(InventoryError) {
        func choose(_ platform: SoundPlatform) throws(InventoryError) -> SoundInventory.App? {
            guard platforms.contains(platform) else { return nil }
            var apps = inventory.apps(of: platform)
            // Apple's answers come from an iOS app, or from a macOS app where there is none (the
            // same rules; a Flutter app's two runners): a name chooses among both.
            if platform == .ios {
                let macOS = inventory.apps(of: .macos)
                if name != nil { apps += macOS } else if apps.isEmpty { apps = macOS }
            }
            if let name {
                return apps.first { $0.name == name || $0.identifier == name }
            }
            guard apps.count <= 1 else {
                throw InventoryError(
                    description: "the inventory holds \(apps.count) \(apps[0].platform.rawValue) apps "
                        + "(\(apps.map(\.name).joined(separator: ", "))); choose one by name")
            }
            return apps.first
        }
        let ios = try choose(.ios)
        let android = try choose(.android)
        if let name, ios == nil, android == nil {
            let held = inventory.apps.filter { platforms.contains($0.platform) }
            throw InventoryError(
                description: "no app named '\(name)' in the inventory"
                    + (held.isEmpty ? "" : " (it holds \(held.map(\.name).joined(separator: ", ")))"))
        }
        self.init(app: ios, androidApp: android, policy: policy)
    }

    /// What plays for a sound `name` on iOS (`"default"` asks for the default sound).
    public func resolve(name: String, critical: Bool = false) -> ResolvedSound {
        resolve(SoundRequest(name: name, isCritical: critical))
    }

    /// What plays for `request` on iOS under the app's notification `settings`.
    public func resolve(_ request: SoundRequest, settings: NotificationSettings) -> ResolvedSound {
        settings.resolve(request, by: resolve)
    }

    /// What plays for `request` on iOS.
    public func resolve(_ request: SoundRequest) -> ResolvedSound {
        let defaultOutcome: ResolvedSound.Outcome = request.isCritical ? .defaultCriticalSound : .defaultSound
        func answer(_ outcome: ResolvedSound.Outcome, _ reason: FallbackReason?, findings: [Finding] = [], hints: [String] = [])
            -> ResolvedSound
        {
            ResolvedSound(
                request: request, outcome: outcome, reason: reason, findings: findings, hints: hints + request.notes, searched: searched)
        }
        switch request.sound {
        case .none:
            return ResolvedSound(request: request, outcome: .none, reason: nil, findings: [], hints: request.notes, searched: [])
        case .systemDefault:
            return ResolvedSound(
                request: request, outcome: defaultOutcome, reason: .requested, findings: [], hints: request.notes, searched: [])
        case .named(let name):
            if let problem = SoundName.problem(with: name) {
                let withExtension =
                    fileExtension(of: name).isEmpty
                    ? (rootByFoldedStem[name.lowercased()[...]] ?? []).map { ResolutionHint.withExtension($0, in: place) } : []
                let hint = withExtension.isEmpty ? problem.hint : ResolutionHint.noExtension
                return answer(
                    defaultOutcome, .invalidName,
                    hints: [hint] + withExtension + suggestion(problem.suggestedName, critical: request.isCritical))
            }
            guard let sound = rootSounds[name] else {
                return answer(defaultOutcome, .notFound, hints: nearMisses(for: name) + [Self.runTimeSoundsHint])
            }
            if sound.passed, let audio = sound.audio {
                return answer(
                    .file(ResolvedFile(path: sound.path, location: .bundle, description: audio.description)), nil,
                    findings: sound.findings)
            }
            guard !sound.findings.isEmpty else {
                return answer(defaultOutcome, .unreadable, hints: [ResolutionHint.notARegularFile(sound.path)])
            }
            let unreadable = sound.findings.contains { $0.code == .unreadable }
            return answer(
                defaultOutcome, unreadable ? .unreadable : .invalidFile, findings: sound.findings,
                hints: [ResolutionHint.winsThoughItCannotPlay(sound.path)])
        }
    }

    /// What plays on iOS for the request in a push body's UTF-8 `bytes` (as
    /// `SoundRequest(payload:)` reads it: APNs, FCM, OneSignal or Expo), the same answer as
    /// `resolve(try SoundRequest(payload: bytes))` gives. The body is scanned once for the keys the
    /// shapes read, without building a JSON tree: for a body that names a sound the inventory
    /// ships, the default sound or none, it allocates nothing; the answer's request keeps the
    /// body's Android half.
    /// - Throws: `PayloadError`, as `SoundRequest(payload:)` does.
    public func resolve(pushBody bytes: UnsafeRawBufferPointer) throws(PayloadError) -> ResolvedSound {
        resolve(try SoundRequest.onlyRequest(in: bytes, knownStrings: knownNames))
    }

    /// `resolve(pushBody:)` for a body in an array.
    /// - Throws: `PayloadError`, as `SoundRequest(payload:)` does.
    public func resolve(pushBody bytes: [UInt8]) throws(PayloadError) -> ResolvedSound {
        let outcome = bytes.withUnsafeBytes { body in Result { () throws(PayloadError) in try resolve(pushBody: body) } }
        return try outcome.get()
    }

    /// `resolve(pushBody:)` for a body in any collection of bytes: in place when they are
    /// contiguous (`Data`, a native string's `utf8`), else copied.
    /// - Throws: `PayloadError`, as `SoundRequest(payload:)` does.
    public func resolve(pushBody bytes: some Collection<UInt8>) throws(PayloadError) -> ResolvedSound {
        try SoundRequest.withBytes(of: bytes) { body throws(PayloadError) in try resolve(pushBody: body) }
    }

    /// What Android plays for a push body's Android half (with no Android app in the
    /// inventory, as if it shipped no raw resource).
    public func resolve(_ request: AndroidSoundRequest) -> AndroidResolvedSound {
        android.resolve(request)
    }

    /// How the hints name the bundle, as a resolve over its folder does.
    private var place: String { "\(SoundLocationKind.bundle.rawValue) folder \(bundle)" }

    /// Near misses for a name the bundle's root does not hold: another case, another extension,
    /// the same name in a subfolder.
    private func nearMisses(for name: String) -> [String] {
        let folded = name.lowercased()
        let sameFoldedName = rootByFoldedName[folded] ?? []
        var hints = sameFoldedName.filter { $0 != name }.map { ResolutionHint.differsByCase($0, in: place) }
        for candidate in rootByFoldedStem[ResolutionHint.stem(of: folded)] ?? [] where !sameFoldedName.contains(candidate) {
            hints.append(ResolutionHint.otherExtension(candidate, in: place))
        }
        hints += (subfolderSounds[folded] ?? []).sorted().map { ResolutionHint.inSubfolder($0, of: bundle) }
        return hints
    }

    /// A hint for a refused name whose bare file name would have played.
    private func suggestion(_ name: String?, critical: Bool) -> [String] {
        guard let name, SoundName.problem(with: name) == nil else { return [] }
        guard let file = resolve(SoundRequest(name: name, isCritical: critical)).file else {
            return ["use the bare file name, e.g. '\(name)'"]
        }
        return ["use the bare file name '\(name)', which would play \(file.path)"]
    }

}
