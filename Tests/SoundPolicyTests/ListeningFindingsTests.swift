import SoundLoudness
import SoundPolicy
import Testing

/// What `validate --listen` makes of a measurement: each finding at its limit and just past it.
@Suite("Listening findings")
struct ListeningFindingsTests {
    /// A measurement of a 2 s sound at `loudness` LUFS, with the rest as given.
    private func measured(
        loudness: Double? = -16, truePeak: Double = -3, samplePeak: Double = -3.5, leading: Double = 0, silent: Bool = false,
        fullScaleRuns: Int = 0, seconds: Double = 2
    ) -> LoudnessMeasurement {
        LoudnessMeasurement(
            integratedLoudness: loudness, loudnessRange: 0, truePeak: truePeak, samplePeak: samplePeak, leadingSilence: leading,
            trailingSilence: 0, isSilent: silent, fullScaleRuns: fullScaleRuns, frameCount: Int(seconds * 48000), sampleRate: 48000)
    }

    private func codes(
        _ measurement: LoudnessMeasurement, path: String = "Sounds/ding.wav", purpose: SoundPurpose = .unknown, policy: Policy = Policy()
    )
        -> [String]
    {
        policy.listeningFindings(for: measurement, path: path, purpose: purpose).map { "\($0.code.rawValue):\($0.severity.rawValue)" }
    }

    @Test("a sound at the target with headroom and no silence first has no finding")
    func clean() {
        #expect(codes(measured()) == [])
    }

    @Test("quiet: more than the margin below the target, not at it; a measurement too low to gate is quiet too")
    func quiet() throws {
        let target = ListeningRules.defaultTarget
        #expect(codes(measured(loudness: target - 10)) == [], "exactly 10 LU below is not more than 10")
        #expect(codes(measured(loudness: target - 10.05)) == ["quiet:warning"])
        let finding = try #require(Policy().listeningFindings(for: measured(loudness: -31.24), path: "a b.wav", purpose: .unknown).first)
        #expect(
            finding.message
                == "the integrated loudness is -31.2 LUFS, \(formatTenths(target + 31.24)) LU below the \(formatLevel(target)) LUFS target")
        #expect(finding.fix == .normalizeLoudness(path: "a b.wav", target: target))
        #expect(codes(measured(loudness: nil)) == ["quiet:warning"], "audible but under the -70 LUFS gate")
        #expect(codes(measured(loudness: nil, seconds: 0.3)) == [], "shorter than one 400 ms block: no loudness to judge")
        var policy = Policy()
        policy.listening.target = -23
        policy.listening.quietMargin = 5
        #expect(codes(measured(loudness: -28.5), policy: policy) == ["quiet:warning"])
        #expect(codes(measured(loudness: -27.5), policy: policy) == [])
    }

    @Test("clipped: a true peak above the limit, or runs of full-scale samples")
    func clipped() throws {
        #expect(codes(measured(truePeak: 0)) == [], "0 dBTP is not above 0")
        #expect(codes(measured(truePeak: 0.04)) == ["clipped:warning"])
        #expect(codes(measured(truePeak: -0.5, fullScaleRuns: 1)) == ["clipped:warning"])
        let both = try #require(
            Policy().listeningFindings(for: measured(truePeak: 1.26, fullScaleRuns: 3), path: "x.wav", purpose: .unknown).first)
        #expect(both.message == "the true peak is +1.3 dBTP, above 0 dBTP; 3 runs of samples at full scale")
        #expect(both.fix == .normalizeLoudness(path: "x.wav", target: ListeningRules.defaultTarget))
        var policy = Policy()
        policy.listening.maxTruePeak = -1
        #expect(codes(measured(truePeak: -0.9), policy: policy) == ["clipped:warning"])
    }

    @Test("late-start: more leading silence than the limit, with the trim as its fix")
    func lateStart() throws {
        #expect(codes(measured(leading: 0.5)) == [])
        let late = try #require(Policy().listeningFindings(for: measured(leading: 0.812), path: "x.caf", purpose: .unknown).first)
        #expect(late.code == .lateStart)
        #expect(late.message == "the sound starts after 0.812 s of silence (nothing above -60 dBFS before it); the limit is 0.5 s")
        #expect(late.fix == .trimSilence(path: "x.caf"))
        var policy = Policy()
        policy.listening.lateStart = 1
        #expect(codes(measured(leading: 0.812), policy: policy) == [])
    }

    @Test("silent: a warning, a note when the app plays it itself or its name says silence, and nothing else")
    func silent() {
        let silence = measured(loudness: nil, truePeak: -.infinity, samplePeak: -.infinity, leading: 2, silent: true)
        #expect(codes(silence) == ["silent:warning"], "no quiet and no late-start beside it")
        #expect(codes(silence, purpose: .app) == ["silent:note"])
        #expect(codes(silence, purpose: .notification) == ["silent:warning"])
        for name in ["silent.mp3", "Silence.caf", "mute_ring.wav", "no-sound.wav", "a/silent/b.wav"] {
            let expected = name == "a/silent/b.wav" ? ["silent:warning"] : ["silent:note"]
            #expect(codes(silence, path: name) == expected, "\(name)")
        }
        let message = Policy().listeningFindings(for: silence, path: "x.wav", purpose: .unknown).first?.message
        #expect(message == "no sample rises above -60 dBFS (every sample is 0): nothing is heard")
        #expect(codes(measured(truePeak: -20, leading: 3), purpose: .app) == [], "the app's own sound is held to no loudness rule")
        var strict = Policy()
        strict.isStrict = true
        #expect(codes(measured(truePeak: 0.5), purpose: .app, policy: strict) == ["clipped:warning"], "unless strict")
    }

    @Test("rules and exemptions apply to listening findings as to any")
    func rules() {
        var policy = Policy(rules: [.lateStart: .off, .quiet: .error])
        let findings = policy.listeningFindings(for: measured(loudness: -40, leading: 2), path: "x.wav", purpose: .unknown)
        let verdict = policy.verdict(of: findings, path: "x.wav")
        #expect(verdict.findings.map(\.code) == [.quiet])
        #expect(!verdict.passed)
        policy.exemptions = [Exemption(pattern: "x.wav", codes: [.quiet], folder: ".")]
        #expect(policy.verdict(of: findings, path: "x.wav").findings.isEmpty)
    }
}
