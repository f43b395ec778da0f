import SoundContainers
import SoundPolicy
import Testing

@Suite("Policy")
struct PolicyTests {
    private func description(
        encoding: AudioEncoding = .ima4, rate: Double = 44100, channels: Int = 1, frames: Int64?, bits: Int = 16,
        container: AudioContainer = .caf, problem: DataSizeProblem? = nil
    ) -> AudioDescription {
        AudioDescription(
            container: container, encoding: encoding, sampleRate: rate, channels: channels, bitsPerChannel: bits,
            frameCount: frames, dataRange: 4096..<8192, dataSizeProblem: problem)
    }

    private func codes(_ verdict: Verdict) -> [String] { verdict.findings.map(\.code.rawValue) }

    @Test("exactly 30.000 s is not under 30 s; one frame less is")
    func thirtySecondBoundary() {
        let policy = Policy()
        #expect(!policy.isUnderLimit(frames: 1_323_000, sampleRate: 44100))
        #expect(policy.isUnderLimit(frames: 1_322_999, sampleRate: 44100))
        let verdict = policy.verdict(for: .success(description(frames: 1_323_000)), path: "a.caf")
        #expect(!verdict.passed)
        #expect(verdict.findings.first?.message == "30.000 s is not under 30 s")
        #expect(verdict.findings.first?.fix == .convert(path: "a.caf", maxDuration: 30))
    }

    @Test("a non-integer rate and a custom limit carried into the fix")
    func customLimit() {
        let policy = Policy(maxDuration: 2.5)
        #expect(policy.isUnderLimit(frames: 20_048, sampleRate: 8019.6))
        #expect(!policy.isUnderLimit(frames: 20_050, sampleRate: 8019.6))
        let verdict = policy.verdict(for: .success(description(rate: 8000, frames: 20_000)), path: "my sound.caf")
        #expect(verdict.findings.first?.message == "2.500 s is not under 2.5 s")
        #expect(verdict.findings.first?.fix == .convert(path: "my sound.caf", maxDuration: 2.5))
    }

    @Test("frame counts too large for integer arithmetic are too long, not a crash")
    func overflow() {
        #expect(!Policy().isUnderLimit(frames: .max, sampleRate: 44100))
    }

    @Test("DVI/Intel IMA ADPCM in WAV fails with the conversion it needs")
    func imaADPCMInWAV() {
        let verdict = Policy().verdict(
            for: .success(description(encoding: .other("ima-adpcm-wav"), frames: 100, container: .wav)), path: "x.wav")
        #expect(!verdict.passed)
        #expect(codes(verdict) == ["unsupported-encoding"])
        #expect(verdict.findings[0].message.contains("not Apple's IMA4"))
        #expect(verdict.findings[0].fix == .convert(path: "x.wav", maxDuration: 30))
    }

    @Test("warnings pass unless strict; errors come first")
    func strictness() {
        let cut = description(frames: 100, problem: .runsPastEnd(declared: 1000, present: 100))
        #expect(Policy().verdict(for: .success(cut), path: "a.caf").passed)
        #expect(!Policy(isStrict: true).verdict(for: .success(cut), path: "a.caf").passed)
        let both = Policy().verdict(for: .success(description(frames: 50 * 44100, container: .caf)), path: "long.wav")
        #expect(codes(both) == ["too-long", "extension-mismatch"])
    }

    @Test("extension mismatch, missing extension, and the AIFF family sharing extensions")
    func extensions() {
        let caf = description(frames: 10)
        #expect(codes(Policy().verdict(for: .success(caf), path: "Sounds/ding.wav")) == ["extension-mismatch"])
        #expect(
            Policy().verdict(for: .success(caf), path: "Sounds/ding.wav").findings[0].fix
                == .rename(path: "Sounds/ding.wav", newPath: "Sounds/ding.caf"))
        #expect(codes(Policy().verdict(for: .success(caf), path: "ding")) == ["extension-mismatch"])
        #expect(codes(Policy().verdict(for: .success(caf), path: "ding.CAF")) == [])
        #expect(codes(Policy().verdict(for: .success(description(frames: 10, container: .aiff)), path: "x.aifc")) == [])
    }

    @Test("findings from outside the policy are judged by its rules: errors first, strictness applied")
    func addedFindings() {
        let passing = Policy().verdict(for: .success(description(frames: 10)), path: "a.caf")
        let warning = Finding(code: .shadowed, message: "never plays")
        #expect(Policy().adding([warning], to: passing, path: "a.caf").passed)
        #expect(!Policy(isStrict: true).adding([warning], to: passing, path: "a.caf").passed)
        let error = Finding(code: .unreadable, message: "gone")
        let both = Policy().adding([warning, error], to: passing, path: "a.caf")
        #expect(!both.passed && codes(both) == ["unreadable", "shadowed"])
    }

    @Test("rules change a code's severity or drop it; strictness applies to what is left")
    func rules() {
        let long = description(rate: 96000, frames: 40 * 96000)
        #expect(codes(Policy().verdict(for: .success(long), path: "x.caf")) == ["too-long", "unusual-format"])
        let demoted = Policy(rules: [.tooLong: .warning]).verdict(for: .success(long), path: "x.caf")
        #expect(demoted.passed && demoted.findings.allSatisfy { $0.severity == .warning })
        let promoted = Policy(rules: [.unusualFormat: .error, .tooLong: .off]).verdict(for: .success(long), path: "x.caf")
        #expect(!promoted.passed && codes(promoted) == ["unusual-format"] && promoted.findings[0].severity == .error)
        let quiet = Policy(isStrict: true, rules: [.tooLong: .off, .unusualFormat: .off])
        #expect(quiet.verdict(for: .success(long), path: "x.caf") == Verdict(description: long, findings: [], passed: true))
        let added = quiet.adding([Finding(code: .shadowed, message: "never plays")], to: Verdict(description: nil, findings: [], passed: true), path: "x.caf")
        #expect(!added.passed, "strict: the added warning fails the file")
        #expect(Policy(rules: [.shadowed: .off]).adding([Finding(code: .shadowed, message: "m")], to: added, path: "x.caf").findings.isEmpty)
    }

    @Test("finding rules: a setting per code, empty by default, filled from others where unset")
    func findingRules() {
        var rules = FindingRules()
        #expect(rules.isEmpty && FindingCode.allCases.allSatisfy { rules[$0] == nil })
        rules[.tooLong] = .warning
        #expect(!rules.isEmpty && rules[.tooLong] == .warning && rules[.truncated] == nil)
        let filled = rules.filling(from: [.tooLong: .off, .truncated: .error])
        #expect(filled == [.tooLong: .warning, .truncated: .error], "a setting already there wins")
        rules[.tooLong] = nil
        #expect(rules.isEmpty && rules == FindingRules())
    }

    @Test("exemptions drop their codes for the files their glob matches, relative to their folder")
    func exemptions() {
        let long = description(frames: 40 * 44100)
        let exemption = Exemption(pattern: "Sounds/legacy-*.caf", codes: [.tooLong], folder: "../app")
        let policy = Policy(exemptions: [exemption])
        #expect(policy.verdict(for: .success(long), path: "../app/Sounds/legacy-alarm.caf").passed)
        #expect(!policy.verdict(for: .success(long), path: "../app/Sounds/alarm.caf").passed)
        #expect(!policy.verdict(for: .success(long), path: "../other/Sounds/legacy-alarm.caf").passed, "another folder")
        #expect(exemption.matches("Sounds/legacy-a.caf"), "the whole path as given")
        #expect(Exemption(pattern: "bell.caf", codes: [], folder: ".").matches("./deep/er/bell.caf"), "a file name")
        #expect(Exemption(pattern: "deep/*", codes: [], folder: ".").matches("./deep/bell.caf"))
        #expect(!Exemption(pattern: "deep/*", codes: [], folder: "/abs").matches("/elsewhere/deep/bell.caf"))
        let mismatch = description(frames: 10, container: .caf)
        let other = Policy(exemptions: [Exemption(pattern: "*.wav", codes: [.tooLong])]).verdict(for: .success(mismatch), path: "a.wav")
        #expect(codes(other) == ["extension-mismatch"], "only the exempted codes are dropped")
    }

    @Test("unusual formats warn: many channels, rates outside 8–48 kHz, 64-bit samples")
    func unusual() {
        let verdict = Policy().verdict(for: .success(description(rate: 96000, channels: 6, frames: 100, bits: 64)), path: "x.caf")
        #expect(verdict.passed)
        #expect(codes(verdict) == ["unusual-format", "unusual-format", "unusual-format"])
    }

    @Test("long-for-banner only when asked for")
    func banner() {
        let sound = description(frames: 10 * 44100)
        #expect(codes(Policy().verdict(for: .success(sound), path: "x.caf")) == [])
        let verdict = Policy(bannerDuration: 5).verdict(for: .success(sound), path: "x.caf")
        #expect(codes(verdict) == ["long-for-banner"])
        #expect(verdict.passed)
    }

    @Test("an empty sound is malformed")
    func noFrames() {
        #expect(codes(Policy().verdict(for: .success(description(frames: 0)), path: "x.caf")) == ["malformed"])
    }

    @Test("parse errors become findings with a fix")
    func parseErrors() {
        let cases: [(ParseError, String)] = [
            (.unreadable(reason: "permission denied"), "unreadable"),
            (.empty, "malformed"),
            (.truncated(at: 30, context: "the COMM chunk"), "malformed"),
            (.badMagic(found: [0x6E, 0x6F]), "unsupported-container"),
            (.unsupportedContainer(.flac), "unsupported-container"),
            (.unsupportedContainer(.text), "unsupported-container"),
            (.unsupportedContainer(.lfsPointer), "lfs-pointer"),
            (.missingChunk("fmt "), "malformed"),
        ]
        for (error, code) in cases {
            let verdict = Policy().verdict(for: .failure(error), path: "x.wav")
            #expect(!verdict.passed)
            #expect(codes(verdict) == [code])
            #expect(verdict.findings[0].fix != nil)
            #expect(verdict.findings[0].message == error.description)
        }
        #expect(
            Policy().verdict(for: .failure(.unreadable(reason: "permission denied")), path: "x.wav").findings[0].fix
                == .makeReadable(path: "x.wav"))
        #expect(
            Policy().verdict(for: .failure(.unsupportedContainer(.mp4(brand: "M4A"))), path: "a/b.m4a").findings[0].fix
                == .convert(path: "a/b.m4a", maxDuration: 30))
        // Shipped to Android too, the conversion must make what both play (a WAV), not Apple's CAF.
        #expect(
            Policy().verdict(for: .failure(.unsupportedContainer(.mp4(brand: "M4A"))), path: "a/b.m4a", platform: .both).findings[0].fix
                == .convert(path: "a/b.m4a", maxDuration: 30, forBothPlatforms: true))
        #expect(
            Policy().verdict(for: .failure(.unsupportedContainer(.mp4(brand: "M4A"))), path: "a/b.m4a", platform: .ios).findings[0].fix
                == .convert(path: "a/b.m4a", maxDuration: 30))
        guard case .advice(let advice) = Policy().verdict(for: .failure(.unsupportedContainer(.midi)), path: "a.mid").findings[0].fix else {
            Issue.record("MIDI needs advice, not a conversion")
            return
        }
        #expect(advice.hasPrefix("render it to audio"))
    }
}

@Suite("Formatting")
struct FormattingTests {
    @Test("seconds print to the millisecond, whatever their sign and size")
    func seconds() {
        #expect(formatSeconds(45.2) == "45.200 s")
        #expect(formatSeconds(0.0005) == "0.001 s")
        #expect(formatSeconds(-0.1) == "-0.100 s")
        #expect(formatSeconds(-1e-9) == "0.000 s")
        #expect(formatSeconds(1e20) == "1e+20 s")
        #expect(formatSeconds(.nan) == "nan s")
    }

    @Test("Android's fix makes Ogg Vorbis under a valid name, with the audio's size now and about after; a sound both ship gets 16-bit WAV")
    func androidConversionToOggVorbis() {
        // 10 s of stereo 16-bit AIFF at 44.1 kHz: 1,764,000 bytes of audio.
        let aiff = AudioDescription(
            container: .aiff, encoding: .linearPCM(LinearPCMFormat(bits: 16, isBigEndian: true)), sampleRate: 44100, channels: 2,
            bitsPerChannel: 16, frameCount: 441_000, dataRange: 54..<1_764_054)
        let android = Policy().verdict(for: .success(aiff), path: "res/raw/Door Bell.aiff", platform: .android)
        let format = android.findings.first { $0.code == .androidUnsupportedFormat }
        // 3,500 bytes of headers and 10 s at 1.6 × 50 kbit/s: 103,500 bytes.
        #expect(
            format?.fix
                == .advice(
                    "convert it to Ogg Vorbis, which Android plays: soundcheck convert res/raw/Door Bell.aiff res/raw/door_bell.ogg -f OGG "
                        + "(1.8 MB of audio now, about 104 KB as Ogg Vorbis)"))
        let both = Policy().verdict(for: .success(aiff), path: "assets/bell.aiff", platform: .both)
        #expect(
            both.findings.contains {
                $0.fix == .advice("convert it to a format Android plays: soundcheck convert assets/bell.aiff assets/bell.wav -f WAVE -d LEI16")
            }, "\(both.findings.map(\.fix))")
        #expect(Policy.estimatedOggVorbisBytes(seconds: 2, sampleRate: 8000, channels: 1) == 3_500 + 3_000)
        #expect(Policy.estimatedOggVorbisBytes(seconds: 1, sampleRate: 22050, channels: 1) == 3_500 + 3_750)
    }

    @Test("sizes as a person reads them, in decimal units")
    func byteCounts() {
        #expect(formatByteCount(0) == "0 bytes")
        #expect(formatByteCount(999) == "999 bytes")
        #expect(formatByteCount(1000) == "1.0 KB")
        #expect(formatByteCount(4_249) == "4.2 KB")
        #expect(formatByteCount(9_949) == "9.9 KB")
        #expect(formatByteCount(9_950) == "10 KB")
        #expect(formatByteCount(241_400) == "241 KB")
        #expect(formatByteCount(999_499) == "999 KB")
        #expect(formatByteCount(999_500) == "1.0 MB")
        #expect(formatByteCount(2_646_000) == "2.6 MB")
    }

    @Test("an LFS pointer and a text placeholder say what they are, on both platforms, and no conversion is offered")
    func pointerAndText() {
        let pointer = Policy().verdict(for: .failure(.unsupportedContainer(.lfsPointer)), path: "a.caf", platform: .both)
        #expect(pointer.findings.map(\.code) == [.lfsPointer])
        #expect(pointer.findings[0].message.hasPrefix("this is a Git LFS pointer, not the sound"))
        #expect(
            pointer.findings[0].fix
                == .advice("fetch the Git LFS objects before checking: `git lfs pull`, or in GitHub Actions `actions/checkout` with `lfs: true`"))
        let android = Policy().verdict(for: .failure(.unsupportedContainer(.text)), path: "raw/a.mp3", platform: .android)
        #expect(android.findings.map(\.code) == [.unsupportedContainer])
        #expect(android.findings[0].message == "this is a text file, not a sound (a placeholder named like one?)")
        #expect(android.findings[0].fix == .advice("replace it with the sound itself, exported as CAF, AIFF or WAV"))
    }

    @Test("a sound whose purpose is unknown: what only a notification sound fails on is a warning")
    func purposeUncertain() {
        let findings = [
            Finding(code: .unsupportedContainer, message: "this is an MP3 file"),
            Finding(code: .androidResourceName, message: "bad name"),
            Finding(code: .missing, message: "not on disk"),
            Finding(code: .tooLong, message: "31 s"),
        ]
        let verdict = Verdict(description: nil, findings: findings, passed: false)
        let uncertain = Policy().withPurposeUncertain(verdict, path: "a.mp3")
        #expect(uncertain.demoted)
        #expect(!uncertain.verdict.passed, "a bad resource name and a missing file stay errors")
        #expect(uncertain.verdict.findings.filter { $0.severity == .error }.map(\.code) == [.androidResourceName, .missing])
        let warnings = uncertain.verdict.findings.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings == ["if it is a notification sound: this is an MP3 file", "if it is a notification sound: 31 s"])
        #expect(!Policy(isStrict: true).withPurposeUncertain(verdict, path: "a.mp3").demoted, "--strict holds it to the rules")
        let ruled = Policy(rules: [.tooLong: .error]).withPurposeUncertain(verdict, path: "a.mp3").verdict
        #expect(ruled.findings.first { $0.code == .tooLong }?.severity == .error, "a configuration's rule wins")
        let passing = Verdict(description: nil, findings: [Finding(code: .truncated, message: "x")], passed: true)
        #expect(!Policy().withPurposeUncertain(passing, path: "a.wav").demoted)
    }
}
