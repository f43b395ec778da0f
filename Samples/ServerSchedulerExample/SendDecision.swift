import SoundResolver

/// What a push backend does with a body before it sends it: send it as it is, send it with the
/// sound renamed to the file the build ships, or refuse it.
///
/// Repairing is right when the body names a sound the build ships under another case or another
/// extension (`Chime.caf`, `chime.wav` for `chime.caf`): the intent is plain, exactly one shipped
/// sound plays, and without the repair the user hears the default sound. Refusing is right when
/// no shipped sound is meant (a name the build does not ship, a file that cannot play, an
/// ambiguous near miss), or when the body was built for another build: only a person can say
/// which sound it should have.
enum SendDecision: Equatable, Sendable {
    /// Send as it is: this file plays (or the default or no sound, as the body asks).
    case send(plays: String)
    /// Send with the sound renamed from `from` to `to`, the shipped file it almost names.
    case repair(from: String, to: String)
    /// Do not send: why.
    case refuse(String)
}

/// Decides for each body against the inventory of the build it is addressed to.
struct SendGate: Sendable {
    /// The resolvers of the builds known, by build number.
    let builds: [String: InventoryResolver]

    /// The decision for `body` (the JSON a provider would receive), addressed to `build`.
    func decide(_ body: [UInt8], build: String) -> [SendDecision] {
        guard let resolver = builds[build] else { return [.refuse("no inventory for build \(build)")] }
        let requests: [SoundRequest]
        do {
            requests = try SoundRequest.requests(inBody: body)
        } catch {
            return [.refuse("not a push body: \(error)")]
        }
        return requests.map { decide($0, resolver: resolver) }
    }

    private func decide(_ request: SoundRequest, resolver: InventoryResolver) -> SendDecision {
        let answer = resolver.resolve(request)
        if let file = answer.file { return .send(plays: file.path) }
        guard case .named(let name) = request.sound, answer.reason == .notFound || answer.reason == .invalidName else {
            return answer.fellBackOnPurpose ? .send(plays: answer.resultName) : .refuse(answer.reason?.rawValue ?? "no sound")
        }
        let candidates = (resolver.app?.sounds ?? []).filter { sound in
            sound.location == .bundle && sound.passed && Self.stem(sound.name) == Self.stem(name)
        }
        guard candidates.count == 1, let shipped = candidates.first else {
            return .refuse(candidates.isEmpty ? "'\(name)' is not shipped by this build" : "'\(name)' is near several shipped sounds")
        }
        return .repair(from: name, to: shipped.name)
    }

    /// The lowercased name without its extension (the resolver's own stem): what a repair may change.
    private static func stem(_ name: String) -> Substring {
        ResolutionHint.stem(of: name.lowercased())
    }
}

extension ResolvedSound {
    /// True when the default sound or none plays because the body asks for it.
    var fellBackOnPurpose: Bool { reason == nil || reason == .requested }
}
