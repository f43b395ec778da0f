import SoundContainers

/// The rules a notification sound must obey (Apple's, with the limit and strictness adjustable),
/// turning what the decoder layer found into a `Verdict`. It never sees bytes and never throws:
/// a bad file is a verdict.
public struct Policy: Sendable, Equatable {
    /// Apple's limit: a notification sound must be under 30 seconds.
    public static let appleMaxDuration = 30.0

    /// What to do about a file whose header is damaged: nothing can decode it, so nothing can repair it.
    static let damagedFileFix = Remedy.advice("export the sound again from its source; this file is damaged")

    /// What to do about a Git LFS pointer: fetch the objects where soundcheck runs (`actions/checkout`'s
    /// `lfs` input, https://github.com/actions/checkout#usage).
    static let lfsFix = Remedy.advice(
        "fetch the Git LFS objects before checking: `git lfs pull`, or in GitHub Actions `actions/checkout` with `lfs: true`")

    /// The duration a sound must stay strictly under, in seconds.
    public var maxDuration: Double
    /// When set, sounds longer than this many seconds get a `long-for-banner` warning.
    public var bannerDuration: Double?
    /// When true, warnings fail a file too.
    public var isStrict: Bool
    /// Codes whose findings get another severity, or are dropped (a configuration's `rules:`).
    public var rules: FindingRules
    /// Findings accepted for the files they match (a configuration's `ignore:`).
    public var exemptions: [Exemption]
    /// Sounds held to the notification rules even when the code shows the app plays them itself
    /// (a configuration's `notification-sounds:`).
    public var notificationSounds: [PathGlob] = []
    /// Whether sounds are decoded and measured, and the limits of what that finds (`--listen`).
    public var listening = ListeningRules()

    /// Creates a policy.
    public init(
        maxDuration: Double = Policy.appleMaxDuration, bannerDuration: Double? = nil, isStrict: Bool = false,
        rules: FindingRules = FindingRules(), exemptions: [Exemption] = []
    ) {
        self.maxDuration = maxDuration
        self.bannerDuration = bannerDuration
        self.isStrict = isStrict
        self.rules = rules
        self.exemptions = exemptions
    }

    /// Judges the outcome of parsing the file at `path` (used in fix commands and for its extension).
    public func verdict(for outcome: Result<AudioDescription, ParseError>, path: String) -> Verdict {
        var findings: [Finding]
        var description: AudioDescription?
        switch outcome {
        case .success(let parsed):
            description = parsed
            findings = evaluate(parsed, path: path)
        case .failure(let error):
            findings = [finding(for: error, path: path)]
        }
        return judged(Verdict(description: description, findings: findings, passed: false), path: path)
    }

    /// Judges the outcome of parsing the file at `path` by the rules of the platform that ships
    /// it: Apple's, Android's, both (findings both give are listed once), or, for a sound no app
    /// ships, none but a `not-shipped` warning. A sound the app plays itself (`purpose` `.app`)
    /// gets no finding here, unless the policy is strict: the caller adds the note that says what
    /// showed it (`Finding.flutterAsset()`, `Finding.playedByApp(at:)`).
    public func verdict(
        for outcome: Result<AudioDescription, ParseError>, path: String, platform: SoundPlatform, purpose: SoundPurpose = .unknown
    ) -> Verdict {
        var findings: [Finding] = []
        if purpose == .app, !holdsToNotificationRules(path) {
            return judged(Verdict(description: try? outcome.get(), findings: [], passed: false), path: path)
        }
        switch platform {
        case .ios, .macos:
            return verdict(for: outcome, path: path)
        case .android, .both:
            if platform.usesAppleRules {
                // Apple's conversion would make a CAF, which Android does not play.
                findings = verdict(for: outcome, path: path).findings.map(\.forBothPlatforms)
            }
            for finding in androidFindings(for: outcome, path: path, forBothPlatforms: platform == .both)
            where !findings.contains(where: { $0.message == finding.message }) {
                findings.append(finding)
            }
        case .none:
            findings = [.notShipped()]
        }
        return judged(Verdict(description: try? outcome.get(), findings: findings, passed: false), path: path)
    }

    /// The verdict of `findings` alone, for what has no header to judge (a project file, a config,
    /// a line of code, a sound a project copies that is not there): rules, exemptions and
    /// strictness applied as to any.
    public func verdict(of findings: [Finding], path: String) -> Verdict {
        judged(Verdict(description: nil, findings: findings, passed: false), path: path)
    }

    /// `verdict` of the file at `path` with `findings` from outside the policy added (a check of a
    /// whole folder tree, say), judged again by the same rules: rules and exemptions applied,
    /// errors first, and strictness applied.
    public func adding(_ findings: [Finding], to verdict: Verdict, path: String) -> Verdict {
        var verdict = verdict
        verdict.findings += findings
        return judged(verdict, path: path)
    }

    /// The verdict's findings with the rules and the exemptions for `path` applied, sorted errors
    /// first, and whether it passes under this policy.
    private func judged(_ verdict: consuming Verdict, path: String) -> Verdict {
        // Consumed, not copied: a copy of the verdict and its description was a fifth of judging a passing file.
        var verdict = verdict
        if !rules.isEmpty || !exemptions.isEmpty {
            let exempted = exemptions.filter { $0.matches(path) }.reduce(into: Set<FindingCode>()) { $0.formUnion($1.codes) }
            verdict.findings = verdict.findings.compactMap { finding in
                guard !exempted.contains(finding.code) else { return nil }
                var finding = finding
                switch rules[finding.code] {
                case .off?: return nil
                case .error?: finding.severity = .error
                case .warning?: finding.severity = .warning
                case nil: break
                }
                return finding
            }
        }
        if verdict.findings.count > 1 { verdict.findings.sort { $0.severity.rank < $1.severity.rank } }
        verdict.passed = passes(verdict.findings)
        return verdict
    }

    /// `verdict` without the findings `isRemoved` picks (those a baseline or an inline comment
    /// accepts), and whether what is left passes under this policy.
    public func removing(from verdict: Verdict, where isRemoved: (Finding) -> Bool) -> Verdict {
        var verdict = verdict
        verdict.findings.removeAll(where: isRemoved)
        verdict.passed = passes(verdict.findings)
        return verdict
    }

    /// Whether a file with `findings` (rules already applied) passes: no error and, under a
    /// strict policy, no warning.
    private func passes(_ findings: [Finding]) -> Bool {
        !findings.contains { $0.severity == .error || (isStrict && $0.severity == .warning) }
    }

    /// Reads the file at `path` (headers only) and judges it by `platform`'s rules, as
    /// `verdict(for:path:platform:purpose:)` does.
    public func verdict(forFileAt path: String, platform: SoundPlatform, purpose: SoundPurpose = .unknown) -> Verdict {
        verdict(
            for: Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path) }, path: path, platform: platform,
            purpose: purpose)
    }

    /// True when the sound at `path` is judged as a notification sound whatever the code shows
    /// it is for: under a strict policy, or when `notificationSounds` names it.
    public func holdsToNotificationRules(_ path: String) -> Bool {
        isStrict || notificationSounds.contains { $0.matches(path) }
    }

    /// `verdict` of a sound whose purpose nothing showed (no code, push body or config names it),
    /// at a repository's root: each error that only a notification sound would have (the file's
    /// format, length or place in the bundle: `FindingCode.notificationRuleCodes`) becomes a
    /// warning that says so, and whether any did. What breaks a build or the bundle whatever
    /// the sound is for (`missing`, `duplicate-name`, an invalid Android resource name) stays an
    /// error, and so does everything when the policy holds `path` to the notification rules
    /// (`--strict`, `notification-sounds:`). Rules and exemptions apply after, as to any finding.
    public func withPurposeUncertain(_ verdict: Verdict, path: String) -> (verdict: Verdict, demoted: Bool) {
        guard !holdsToNotificationRules(path) else { return (verdict, false) }
        var demoted = false
        var verdict = verdict
        for index in verdict.findings.indices
        where verdict.findings[index].severity == .error && FindingCode.notificationRuleCodes.contains(verdict.findings[index].code) {
            verdict.findings[index].severity = .warning
            verdict.findings[index].message = "if it is a notification sound: " + verdict.findings[index].message
            demoted = true
        }
        return demoted ? (adding([], to: verdict, path: path), true) : (verdict, false)
    }

    /// Reads the file at `path` (headers only) and judges it.
    public func verdict(forFileAt path: String) -> Verdict {
        verdict(for: Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path) }, path: path)
    }

    /// True when `frames` at `sampleRate` are strictly under `maxDuration`, decided in integers
    /// whenever the rate is a whole number, so that exactly 30.000 s is never "under".
    public func isUnderLimit(frames: Int64, sampleRate: Double) -> Bool {
        let limitMillis = Int64((maxDuration * 1000).rounded())
        if sampleRate == sampleRate.rounded(), let rate = Int64(exactly: sampleRate) {
            let (lhs, overflowL) = frames.multipliedReportingOverflow(by: 1000)
            let (rhs, overflowR) = limitMillis.multipliedReportingOverflow(by: rate)
            if overflowL || overflowR { return false }
            return lhs < rhs
        }
        return Double(frames) / sampleRate < Double(limitMillis) / 1000
    }

    private func evaluate(_ description: AudioDescription, path: String) -> [Finding] {
        var findings: [Finding] = []
        if !description.encoding.isAllowedForNotifications {
            findings.append(Finding(code: .unsupportedEncoding, message: encodingMessage(description), fix: fixCommand(path)))
        }
        if let frames = description.frameCount {
            if frames == 0, description.encoding.isAllowedForNotifications {
                findings.append(Finding(code: .malformed, message: "the file holds no audio (0 frames)", fix: Self.damagedFileFix))
            } else if !isUnderLimit(frames: frames, sampleRate: description.sampleRate), let seconds = description.duration {
                findings.append(
                    Finding(
                        code: .tooLong, message: "\(formatSeconds(seconds)) is not under \(formatLimit(maxDuration))", fix: fixCommand(path)
                    ))
            } else if let banner = bannerDuration, let seconds = description.duration, seconds > banner {
                findings.append(
                    Finding(
                        code: .longForBanner,
                        message: "\(formatSeconds(seconds)) is longer than the \(formatLimit(banner)) a banner stays on screen",
                        fix: .convert(path: path, maxDuration: banner)))
            }
        }
        if let problem = description.dataSizeProblem {
            findings.append(Finding(code: .truncated, message: dataSizeMessage(problem, description), fix: fixCommand(path)))
        }
        if let mismatch = extensionMismatch(description.container, path: path) {
            findings.append(mismatch)
        }
        findings += unusualFormatFindings(description)
        return findings
    }

    /// Converting `path`, with this policy's limit so the fix meets it.
    private func fixCommand(_ path: String) -> Remedy {
        .convert(path: path, maxDuration: maxDuration)
    }

    private func encodingMessage(_ description: AudioDescription) -> String {
        let allowed = "notifications play only Linear PCM, IMA4, µLaw or aLaw"
        switch description.encoding.refusedCodec {
        case .dviADPCM:
            return "the audio is IMA ADPCM in WAV (format 0x11), which is not Apple's IMA4: "
                + "convert to ima4 in CAF or AIFF-C, or to Linear PCM in WAV"
        default:
            return "the audio is \(description.encoding.displayName); \(allowed)"
        }
    }

    func dataSizeMessage(_ problem: DataSizeProblem, _ description: AudioDescription) -> String {
        let length = description.duration.map { formatSeconds($0) } ?? "the audio"
        switch problem {
        case .placeholder(let declared):
            let hex = String(UInt64(bitPattern: declared), radix: 16, uppercase: true)
            return "the audio size in the header is 0x\(hex), a placeholder left by a streaming writer; "
                + "\(length) of audio read to the end of the file"
        case .runsPastEnd(let declared, let present):
            return "the header declares \(declared) audio bytes but the file holds \(present) (cut short?); "
                + "\(length) of whole frames are present"
        }
    }

    private func extensionMismatch(_ container: AudioContainer, path: String) -> Finding? {
        let lowercased = fileExtension(of: path)
        guard !lowercased.isEmpty else {
            return Finding(
                code: .extensionMismatch, message: "the file name has no extension; the system looks sounds up by full name",
                fix: .rename(path: path, newPath: path + "." + container.fileExtensions[0]))
        }
        guard !container.fileExtensions.contains(lowercased) else { return nil }
        let ext = String(path.suffix(lowercased.count))
        let renamed = String(path.dropLast(ext.count)) + container.fileExtensions[0]
        return Finding(
            code: .extensionMismatch, message: "the file is \(container.displayName) but is named .\(ext)",
            fix: .rename(path: path, newPath: renamed))
    }

    private func unusualFormatFindings(_ description: AudioDescription) -> [Finding] {
        var findings: [Finding] = []
        if description.channels > 2 {
            findings.append(
                Finding(
                    code: .unusualFormat, message: "\(description.channels) channels; notification sounds are mono or stereo"))
        }
        if !(8000...48000).contains(description.sampleRate) {
            findings.append(
                Finding(
                    code: .unusualFormat, message: "the sample rate \(formatRate(description.sampleRate)) is outside 8–48 kHz"))
        }
        if description.bitsPerChannel == 64 {
            findings.append(Finding(code: .unusualFormat, message: "64-bit samples; 16 bits is plenty for a notification"))
        }
        return findings
    }

    func finding(for error: ParseError, path: String) -> Finding {
        switch error {
        case .unreadable(let reason):
            return Finding(code: .unreadable, message: error.description, fix: unreadableFix(reason, path: path))
        case .badMagic:
            return Finding(
                code: .unsupportedContainer, message: error.description,
                fix: .advice("replace it with the sound exported as CAF, AIFF or WAV"))
        case .unsupportedContainer(.lfsPointer):
            return Finding(code: .lfsPointer, message: error.description, fix: Self.lfsFix)
        case .unsupportedContainer(let format):
            return Finding(code: .unsupportedContainer, message: error.description, fix: containerFix(format, path: path))
        case .empty, .truncated, .missingChunk, .malformedChunk:
            return Finding(code: .malformed, message: error.description, fix: Self.damagedFileFix)
        }
    }

    private func unreadableFix(_ reason: String, path: String) -> Remedy {
        reason == "permission denied" ? .makeReadable(path: path) : .advice("make \(path) a regular, readable sound file")
    }

    private func containerFix(_ format: SniffedFormat, path: String) -> Remedy {
        switch format {
        case .midi:
            return .advice("render it to audio (MIDI holds notes, not sound) and export it as CAF, AIFF or WAV")
        case .text:
            return .advice("replace it with the sound itself, exported as CAF, AIFF or WAV")
        default:
            return fixCommand(path)
        }
    }
}
