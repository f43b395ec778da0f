import SoundContainers
import SoundPolicy

/// The smallest change that makes a failing sound pass: keep an allowed container and encoding,
/// replace only what is wrong (an encoding notifications cannot play becomes 16-bit Linear PCM in
/// the same container; a container they cannot play becomes CAF), and cut what is too long.
/// Asked for a loudness or a trim of silence, it plans a file that passes too, keeping its format.
public struct FixPlan: Sendable, Equatable {
    /// What to write.
    public var format: OutputFormat
    /// What is changed, in words ("encoding aac → LEI16", "trim 45.000 s to under 30 s", …).
    public var changes: [String]

    /// The plan for a file judged `verdict`, with `container` and `encoding` overriding the
    /// choice when given, bringing it to `loudnessTarget` LUFS and trimming its silence when
    /// asked. Nil when the file already passes and neither is asked for.
    public static func make(
        for verdict: Verdict, maxDuration: Double, container: AudioContainer? = nil, encoding: AudioEncoding? = nil,
        loudnessTarget: Double? = nil, trimsSilence: Bool = false
    ) -> FixPlan? {
        guard !verdict.passed || loudnessTarget != nil || trimsSilence else { return nil }
        let description = verdict.description
        var changes: [String] = []
        var target = container ?? .caf
        if container == nil, let current = description?.container {
            target = current == .rf64 ? .wav : current
        }
        if let current = description?.container, current != target {
            changes.append("container \(current.displayName) → \(target.displayName)")
        } else if description == nil {
            changes.append("container → \(target.displayName)")
        }
        var format = OutputFormat(container: target, encoding: encoding)
        if encoding == nil, let current = description?.encoding,
            !current.isAllowedForNotifications || !OutputFormat.canHold(target, current)
        {
            format.encoding = try? format.resolvedEncoding(source: nil)
        }
        let finalEncoding = format.encoding ?? description?.encoding
        if let finalEncoding, let current = description?.encoding, current != finalEncoding {
            changes.append("encoding \(current.name) → \(finalEncoding.name)")
        } else if description == nil {
            changes.append("encoding → \((try? format.resolvedEncoding(source: nil))?.name ?? "LEI16")")
        }
        if verdict.findings.contains(where: { $0.code == .tooLong }), let duration = description?.duration {
            changes.append("trim \(formatSeconds(duration)) to under \(formatSeconds(maxDuration)) with a fade-out")
        }
        if let loudnessTarget { changes.append("loudness → \(formatLevel(loudnessTarget)) LUFS") }
        if trimsSilence { changes.append("trim silence") }
        if changes.isEmpty { changes.append("rewrite the header") }
        return FixPlan(format: format, changes: changes)
    }
}
