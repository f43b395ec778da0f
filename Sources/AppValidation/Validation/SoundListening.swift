import SoundContainers
import SoundConverter
import SoundPolicy

/// `validate --listen`: decodes a judged sound, measures it (`measureLoudness(ofFileAt:)`, in
/// blocks) and adds what the policy's listening rules make of it. Runs on the pipeline's worker
/// that judged the file; without `--listen` nothing here runs and only headers are read.
enum SoundListening {
    /// Whether the sound whose header read gave `outcome` is listened to: a sound some platform
    /// ships (`platform` not `.none`) whose header parsed, or that is another audio format a
    /// decoder reads (an MP3, an Ogg file in `res/raw`). A damaged header is already an error.
    static func listens(to outcome: Result<AudioDescription, ParseError>, platform: SoundPlatform) -> Bool {
        guard platform != .none else { return false }
        switch outcome {
        case .success(let description): return (description.frameCount ?? 1) > 0
        case .failure(.unsupportedContainer): return true
        case .failure: return false
        }
    }

    /// The listening findings of the sound at `path`, or a `not-heard` note when it cannot be decoded.
    static func findings(forFileAt path: String, purpose: SoundPurpose, policy: Policy) -> [Finding] {
        do {
            let measurement = try measureLoudness(ofFileAt: path)
            return policy.listeningFindings(for: measurement, path: path, purpose: purpose)
        } catch {
            // The report names the file: the message keeps only why.
            var reason = error.description
            if let named = reason.firstRange(of: path + ": ") { reason.removeSubrange(named) }
            return [Policy.notHeard(reason)]
        }
    }
}
