import Foundation
import TestSupport
import Testing

/// `validate --listen` and `fix --loudness`/`--trim-silence`, run as the built binary on sounds
/// made here, and on the real corpus measured by ffmpeg.
@Suite("Listening: validate --listen, fix --loudness, fix --trim-silence")
struct ListeningTests {
    /// A 16-bit mono 44.1 kHz WAV of `samples` (of full scale, clipped to it: -1 is -32768).
    static func wav(_ samples: [Double]) -> Data {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = samples.flatMap { le16(Int(UInt16(bitPattern: Int16(max(-32768, min(32767, ($0 * 32768).rounded())))))) }
        let header =
            Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(44100)
            + le32(88200) + le16(2) + le16(16) + Array("data".utf8) + le32(data.count)
        return Data(header + data)
    }

    /// `seconds` of a 1 kHz sine at `amplitude` (more than 1 clips), after `silence` seconds of zeros.
    static func tone(amplitude: Double, seconds: Double = 1, silence: Double = 0) -> [Double] {
        [Double](repeating: 0, count: Int(silence * 44100))
            + (0..<Int(seconds * 44100)).map { amplitude * sin(2 * .pi * 1000 * Double($0) / 44100) }
    }

    /// A folder of sounds made for each finding, and one that has none.
    static func makeFixtures(in folder: URL) throws {
        let sounds = folder.appendingPathComponent("Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let fixtures: [(String, [Double])] = [
            ("beep.wav", [Double](repeating: 0, count: 44100)),
            ("silence.wav", [Double](repeating: 0, count: 44100)),
            ("quiet one.wav", tone(amplitude: 0.01)),
            ("loud.wav", tone(amplitude: 1.6)),
            ("late.wav", tone(amplitude: 0.3, silence: 0.8)),
            ("fine.wav", tone(amplitude: 0.3)),
        ]
        for (name, samples) in fixtures { try wav(samples).write(to: sounds.appendingPathComponent(name)) }
    }

    /// Each file's findings in a JSON report, as "code:severity".
    static func findings(_ stdout: String) throws -> [String: [String]] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        let files = try #require(object?["files"] as? [[String: Any]])
        var found: [String: [String]] = [:]
        for file in files {
            let findings = (file["findings"] as? [[String: Any]]) ?? []
            found[file["path"] as? String ?? ""] = findings.map { "\($0["code"] as? String ?? ""):\($0["severity"] as? String ?? "")" }
        }
        return found
    }

    @Test("validate --listen reports silent, quiet, clipped and late-start on sounds made for each, each with its fix; without it, none")
    func findingsOnFixtures() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makeFixtures(in: folder)
        let listened = try Soundcheck.run(["validate", "--listen", "--no-config", "--format", "json", "Sounds"], in: folder.path)
        #expect(listened.status == 0, "warnings and notes fail nothing: \(listened.stderr)")
        let found = try Self.findings(listened.stdout)
        #expect(found["Sounds/beep.wav"] == ["silent:warning"])
        #expect(found["Sounds/silence.wav"] == ["silent:note"], "its name says it is silent on purpose")
        #expect(found["Sounds/quiet one.wav"] == ["quiet:warning"])
        #expect(found["Sounds/loud.wav"] == ["clipped:warning"])
        #expect(found["Sounds/late.wav"] == ["late-start:warning"])
        #expect(found["Sounds/fine.wav"] == [])
        let text = try Soundcheck.run(["validate", "--listen", "--no-config", "Sounds"], in: folder.path)
        #expect(text.stdout.contains("Sounds/quiet one.wav: warning: the integrated loudness is -43."), "\(text.stdout)")
        #expect(text.stdout.contains("  fix: soundcheck fix --loudness -16 'Sounds/quiet one.wav'\n"), "\(text.stdout)")
        #expect(text.stdout.contains("Sounds/loud.wav: warning: the true peak is +"), "\(text.stdout)")
        #expect(text.stdout.contains("runs of samples at full scale [clipped]\n  fix: soundcheck fix --loudness -16 Sounds/loud.wav\n"))
        #expect(text.stdout.contains("Sounds/late.wav: warning: the sound starts after 0.800 s of silence"), "\(text.stdout)")
        #expect(text.stdout.contains("  fix: soundcheck fix --trim-silence Sounds/late.wav\n"))
        let strict = try Soundcheck.run(["validate", "--listen", "--strict", "--no-config", "Sounds"], in: folder.path)
        #expect(strict.status == 1, "--strict fails the warnings, never the note")
        let headersOnly = try Soundcheck.run(["validate", "--no-config", "--format", "json", "Sounds"], in: folder.path)
        #expect(try Self.findings(headersOnly.stdout).values.allSatisfy { $0.isEmpty }, "without --listen nothing is decoded")
        // The fixes do what they say: the fixed files have no finding left.
        let fixed = try Soundcheck.run(
            ["fix", "--loudness", "-16", "--trim-silence", "--no-config", "--output-dir", "Fixed", "Sounds"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(
            fixed.stdout.contains("trimmed 34840 frames at the start, 0 at the end"),
            "0.8 s and the tone's first sample (0), less 10 ms: \(fixed.stdout)")
        #expect(fixed.stdout.contains("LUFS: gain +"), "\(fixed.stdout)")
        let after = try Self.findings(
            Soundcheck.run(["validate", "--listen", "--no-config", "--format", "json", "Fixed"], in: folder.path).stdout)
        for name in ["quiet one.wav", "loud.wav", "late.wav", "fine.wav"] { #expect(after["Fixed/" + name] == [], "\(name)") }
    }

    @Test("listen: and the thresholds in .soundcheck.yml; a flag wins over the file, the file over the defaults")
    func configuration() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makeFixtures(in: folder)
        try "listen: true\nlate-start: 1\nquiet-margin: 40\nmax-true-peak: 6\n".write(
            to: folder.appendingPathComponent(".soundcheck.yml"), atomically: true, encoding: .utf8)
        let configured = try Self.findings(Soundcheck.run(["validate", "--format", "json", "Sounds"], in: folder.path).stdout)
        #expect(configured["Sounds/late.wav"] == [], "0.8 s is under the file's 1 s")
        #expect(configured["Sounds/quiet one.wav"] == [], "under 40 LU below")
        #expect(configured["Sounds/beep.wav"] == ["silent:warning"], "listen: true listens")
        let flagged = try Self.findings(
            Soundcheck.run(["validate", "--late-start", "0.5", "--loudness-target", "-60", "--format", "json", "Sounds"], in: folder.path)
                .stdout)
        #expect(flagged["Sounds/late.wav"] == ["late-start:warning"])
        #expect(flagged["Sounds/loud.wav"] == ["clipped:warning"], "its full-scale runs clip it whatever the peak limit")
        let off = try Self.findings(Soundcheck.run(["validate", "--no-listen", "--format", "json", "Sounds"], in: folder.path).stdout)
        #expect(off.values.allSatisfy { $0.isEmpty })
        // The parser and the fast reading of the command line agree, negative levels included.
        let parsed = try Soundcheck.run(["validate", "--max-true-peak=-1", "--format", "json", "Sounds/fine.wav"], in: folder.path)
        let direct = try Soundcheck.run(["validate", "--max-true-peak", "-1", "--format", "json", "Sounds/fine.wav"], in: folder.path)
        #expect(parsed.status == 0 && parsed.stdout == direct.stdout)
        let bad = try Soundcheck.run(["validate", "--loudness-target", "3", "Sounds"], in: folder.path)
        #expect(bad.status == 2 && bad.stderr.contains("--loudness-target must be from -70 to 0 LUFS"), "\(bad.stderr)")
    }

    @Test("a silent sound the app plays itself gets a note; a silent one a notification names, a warning")
    func purposeKnownSilence() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("Chat.xcodeproj", target: "Chat", copying: ["Chat/hold.wav", "Chat/alert.wav"])
        let silence = Array(Self.wav([Double](repeating: 0, count: 22050)))
        try repository.write(bytes: silence, at: "Chat/hold.wav")
        try repository.write(bytes: silence, at: "Chat/alert.wav")
        try repository.write(
            """
            import AVFoundation
            final class CallHold {
                let player = try? AVAudioPlayer(contentsOf: Bundle.main.url(forResource: "hold", withExtension: "wav")!)
            }
            """, at: "Chat/CallHold.swift")
        try repository.write(
            """
            import UserNotifications
            func notify(_ content: UNMutableNotificationContent) {
                content.sound = UNNotificationSound(named: UNNotificationSoundName("alert.wav"))
            }
            """, at: "Chat/Notifier.swift")
        let (status, files) = try repository.validateJSON(["--listen"])
        #expect(status == 0)
        let hold = try #require(files["Chat/hold.wav"])
        #expect(hold["purpose"] as? String == "app")
        #expect(hold.codes == ["app-sound", "silent"])
        let note = (hold["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "silent" }
        #expect(note?["severity"] as? String == "note")
        #expect(
            note?["message"] as? String
                == "no sample rises above -60 dBFS (every sample is 0): silent on purpose, as the code shows the app plays it itself")
        let alert = try #require(files["Chat/alert.wav"])
        #expect(alert["purpose"] as? String == "notification")
        #expect(alert.codes == ["silent"])
        #expect((alert["findings"] as? [[String: Any]])?.first?["severity"] as? String == "warning")
    }

    @Test(
        "audio that cannot be decoded gets a not-heard note naming why; the run goes on",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func notHeard() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.m4a").path
        #expect(ExternalTools.makeTone(good, frequency: 440, seconds: 1, rate: 22050, codec: "aac", format: "mp4"))
        let sounds = folder.appendingPathComponent("S")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(bytes.count / 2).write(to: sounds.appendingPathComponent("cut.m4a"))
        try Self.wav(Self.tone(amplitude: 0.3)).write(to: sounds.appendingPathComponent("fine.wav"))
        let result = try Soundcheck.run(
            ["validate", "--listen", "--platform", "android", "--no-config", "--format", "json", "S"], in: folder.path)
        let found = try Self.findings(result.stdout)
        #expect(found["S/cut.m4a"]?.contains("not-heard:note") == true, "\(result.stdout)")
        #expect(found["S/fine.wav"] == [])
        #expect(result.stdout.contains("--listen could not decode the audio: cannot decode it:"), "\(result.stdout)")
    }

    @Test("explain says what each listening code means and what fixes it")
    func explain() throws {
        for (code, words) in [
            ("silent", "ringer's volume"), ("quiet", "soundcheck fix --loudness TARGET FILE"), ("clipped", "4x oversampled"),
            ("late-start", "soundcheck fix --trim-silence FILE"), ("not-heard", "could not be decoded"),
        ] {
            let explained = try Soundcheck.run(["explain", code])
            #expect(explained.status == 0)
            #expect(explained.stdout.hasPrefix(code + " ("), "\(explained.stdout)")
            #expect(explained.stdout.contains(words), "\(code): \(explained.stdout)")
        }
    }

    /// 20 sounds of ../shared/corpus/real with an integrated loudness (longer than 0.4 s, not
    /// silent), in every container and encoding the corpus has; six need the limiter.
    static let corpusSounds = [
        "adium__Buddy_On.aif", "baresip__ring.wav", "bark__alarm.caf", "caredaily__alarm2.wav", "cocos2d__Success.caf",
        "cocos2d__808_120bpm.caf", "element__ring.mp3", "frp__swiftly.wav", "gravvy__notification.caf", "jitsi__busy.wav",
        "linphone__msg.caf", "linphone__ringback.wav", "macsnd__Basso.aiff", "macsnd__PhotosMemoriesNotification.caf",
        "rcrn__ringtone.mp3", "session__NewMessage.aifc", "session__ringtoneClassic.caf", "taglib__alaw.wav", "threema__drum.caf",
        "uisnd__photoShutter.caf",
    ]

    /// Integrated loudness and true peak as ffmpeg's ebur128 filter measures them.
    static func ffmpegLoudness(_ path: String) throws -> (integrated: Double, truePeak: Double) {
        let (status, output) = try ExternalTools.runCapturing(
            ["ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
        #expect(status == 0, "\(output)")
        let summary = output[(output.range(of: "Summary:")?.upperBound ?? output.startIndex)...]
        func value(after label: String, in text: Substring) -> Double? {
            guard let range = text.range(of: label) else { return nil }
            return text[range.upperBound...].split(separator: " ", omittingEmptySubsequences: true).first.flatMap { Double($0) }
        }
        let peakSection = summary[(summary.range(of: "True peak:")?.upperBound ?? summary.startIndex)...]
        return (try #require(value(after: "I:", in: summary)), try #require(value(after: "Peak:", in: peakSection)))
    }

    @Test(
        "fix --loudness brings 20 real sounds to the target within 0.5 LU, true peak at most -1 dBTP, as ffmpeg measures them",
        .enabled(
            if: ExternalTools.available && (TestPaths.exists(TestPaths.realCorpus) || TestPaths.requiresSharedCorpus),
            Comment(rawValue: "needs ffmpeg; " + TestPaths.absenceNote(TestPaths.realCorpus))))
    func realCorpusReachesTarget() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = Self.corpusSounds.map { TestPaths.realCorpus + "/" + $0 }
        for input in inputs { #expect(TestPaths.exists(input), "\(input)") }
        let result = try Soundcheck.run(["fix", "--loudness", "-16", "--no-config", "--output-dir", folder.path] + inputs)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let limited = result.stdout.split(separator: "\n").filter { $0.contains(", limiter up to ") }.count
        #expect(limited >= 4, "the corpus exercises the limiter: \(result.stdout)")
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(outputs.count == 20, "\(outputs)")
        for output in outputs {
            let (integrated, truePeak) = try Self.ffmpegLoudness(folder.path + "/" + output)
            #expect(abs(integrated + 16) <= 0.5, "\(output): \(integrated) LUFS")
            #expect(truePeak <= -1.0, "\(output): \(truePeak) dBTP")
        }
    }

    @Test(
        "fix --platform android --loudness: Ogg Vorbis, whose encoder adds to the peaks, still ends under -1 dBTP as ffmpeg measures it",
        .enabled(
            if: ExternalTools.available && (TestPaths.exists(TestPaths.realCorpus) || TestPaths.requiresSharedCorpus),
            Comment(rawValue: "needs ffmpeg; " + TestPaths.absenceNote(TestPaths.realCorpus))))
    func vorbisUnderCeiling() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Through the limiter, each came out of libvorbisenc between -1.0 and -0.9 dBTP before its output was measured.
        let inputs = ["adium__Buddy_On.aif", "cocos2d__Success.caf", "threema__drum.caf"].map { TestPaths.realCorpus + "/" + $0 }
        let result = try Soundcheck.run(
            ["fix", "--platform", "android", "--loudness", "-16", "--no-config", "--output-dir", folder.path] + inputs)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ogg") }
        #expect(outputs.count == 3, "\(outputs)")
        for output in outputs {
            let (integrated, truePeak) = try Self.ffmpegLoudness(folder.path + "/" + output)
            #expect(abs(integrated + 16) <= 0.5, "\(output): \(integrated) LUFS")
            #expect(truePeak <= -1.0, "\(output): \(truePeak) dBTP")
        }
    }
}
