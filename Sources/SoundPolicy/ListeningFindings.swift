import SoundContainers
import SoundLoudness

/// What `validate --listen` makes of a sound's measured audio: `silent`, `quiet`, `clipped` and
/// `late-start`, by `listening`'s limits, each with the command that fixes it.
extension Policy {
    /// The findings `measurement` (the decoded audio of the sound at `path`) gives under
    /// `listening`. A silent sound that is silent on purpose (one the app plays itself, or whose
    /// name says silence: `Policy.isNamedAsSilence`) gets a note; a sound the app plays itself gets
    /// no other listening finding unless it is held to the notification rules.
    public func listeningFindings(for measurement: LoudnessMeasurement, path: String, purpose: SoundPurpose) -> [Finding] {
        let playedByApp = purpose == .app && !holdsToNotificationRules(path)
        if measurement.isSilent {
            return [Self.silentFinding(measurement, path: path, playedByApp: playedByApp)]
        }
        guard !playedByApp else { return [] }
        var findings: [Finding] = []
        let loudnessFix = Remedy.normalizeLoudness(path: path, target: listening.target)
        let floor = listening.target - listening.quietMargin
        if let loudness = measurement.integratedLoudness {
            if loudness < floor {
                findings.append(
                    Finding(
                        code: .quiet,
                        message:
                            "the integrated loudness is \(formatTenths(loudness)) LUFS, \(formatTenths(listening.target - loudness)) LU "
                            + "below the \(formatLevel(listening.target)) LUFS target",
                        fix: loudnessFix))
            }
        } else if measurement.duration >= Self.shortestMeasured {
            // Not silent, yet no 400 ms block reaches the absolute gate: far too quiet to judge by loudness.
            findings.append(
                Finding(
                    code: .quiet,
                    message: "the integrated loudness is below -70 LUFS (every block is under the absolute gate), far below the "
                        + "\(formatLevel(listening.target)) LUFS target",
                    fix: loudnessFix))
        }
        var clipping: [String] = []
        if measurement.truePeak > listening.maxTruePeak {
            clipping.append(
                "the true peak is \(formatTenths(measurement.truePeak, signed: true)) dBTP, above \(formatLevel(listening.maxTruePeak)) dBTP"
            )
        }
        if measurement.fullScaleRuns > 0 {
            let runs = measurement.fullScaleRuns
            clipping.append("\(runs) \(runs == 1 ? "run" : "runs") of samples at full scale")
        }
        if !clipping.isEmpty {
            findings.append(Finding(code: .clipped, message: clipping.joined(separator: "; "), fix: loudnessFix))
        }
        if measurement.leadingSilence > listening.lateStart {
            findings.append(
                Finding(
                    code: .lateStart,
                    message: "the sound starts after \(formatSeconds(measurement.leadingSilence)) of silence (nothing above "
                        + "\(formatLevel(LoudnessThresholds.silenceDBFS)) dBFS before it); the limit is \(formatLimit(listening.lateStart))",
                    fix: .trimSilence(path: path)))
        }
        return findings
    }

    /// The shortest sound with an integrated loudness, in seconds: one BS.1770 gating block.
    /// A shorter one is not judged `quiet`.
    public static let shortestMeasured = 0.4

    /// The `not-heard` note for a sound whose audio could not be decoded (`reason` says why).
    public static func notHeard(_ reason: String) -> Finding {
        Finding(code: .notHeard, message: "--listen could not decode the audio: \(reason)")
    }

    /// True when the file name of `path` says it is silence on purpose: `silent.mp3`,
    /// `Silence.caf`, `mute_ring.wav`, `no-sound.wav` (its stem holds silent, silence, mute or no-sound).
    public static func isNamedAsSilence(_ path: String) -> Bool {
        let stem = removingExtension(from: fileName(of: path)).lowercased()
        return ["silent", "silence", "mute", "nosound", "no-sound", "no_sound"].contains { stem.contains($0) }
    }

    private static func silentFinding(_ measurement: LoudnessMeasurement, path: String, playedByApp: Bool) -> Finding {
        let threshold = "no sample rises above \(formatLevel(LoudnessThresholds.silenceDBFS)) dBFS"
        let peak = measurement.samplePeak.isFinite ? " (the peak is \(formatTenths(measurement.samplePeak)) dBFS)" : " (every sample is 0)"
        if playedByApp || isNamedAsSilence(path) {
            let why = playedByApp ? "the code shows the app plays it itself" : "its name says so"
            return Finding(code: .silent, severity: .note, message: "\(threshold)\(peak): silent on purpose, as \(why)")
        }
        return Finding(
            code: .silent, message: "\(threshold)\(peak): nothing is heard",
            fix: .advice("export the sound again from its source, with its audio"))
    }
}
