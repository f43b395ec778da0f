import Foundation
import TestSupport
import Testing

/// The SHA-like fingerprint of a file's bytes (FNV-1a 64), enough to see that nothing changed.
func fingerprint(_ path: String) throws -> UInt64 {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

/// ffprobe's codec, container and duration for a file, or nil.
func probe(_ path: String) -> (codec: String, format: String, duration: Double)? {
    guard
        let output = ExternalTools.run([
            "ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name:format=format_name",
            "-show_entries", "stream=duration_ts,sample_rate", "-of", "default=noprint_wrappers=1", path,
        ])
    else { return nil }
    let text = String(decoding: output, as: UTF8.self)
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    guard let codec = fields["codec_name"], let format = fields["format_name"], let rate = fields["sample_rate"].flatMap(Double.init),
        let ticks = fields["duration_ts"].flatMap(Double.init)
    else { return nil }
    return (codec, format, ticks / rate)
}

@Suite("soundcheck fix and convert, run as a process")
struct FixCommandTests {
    static let allowedCodecs: Set<String> = [
        "pcm_s16le", "pcm_s16be", "pcm_s8", "pcm_u8", "pcm_s24le", "pcm_s24be", "pcm_mulaw", "pcm_alaw", "adpcm_ima_qt", "pcm_f32le",
        "pcm_f32be",
    ]
    static let allowedContainers: Set<String> = ["caf", "aiff", "wav"]

    private func copyOfSamples(_ subfolder: String) throws -> URL {
        let folder = try Soundcheck.temporaryFolder()
        let source = URL(fileURLWithPath: TestPaths.packageRoot + "/Samples/" + subfolder)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("fix --output-dir over Samples/invalid: every decodable file now passes, ffprobe agrees, inputs untouched")
    func fixInvalidSamples() throws {
        let output = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let inputs = try FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot + "/Samples/invalid").sorted()
        let before = try inputs.map { try fingerprint(TestPaths.packageRoot + "/Samples/invalid/" + $0) }

        let result = try Soundcheck.run(["fix", "Samples/invalid", "--output-dir", output.path])
        #expect(result.status == 1)  // damaged files cannot be fixed, and say so
        let after = try inputs.map { try fingerprint(TestPaths.packageRoot + "/Samples/invalid/" + $0) }
        #expect(before == after)

        let notFixable = ["aiff-cut-inside-comm.aiff", "empty.wav", "text-named-as.wav"]
        for name in notFixable {
            #expect(result.stdout.contains("Samples/invalid/\(name)") && result.stdout.contains("FAILED"), "\(name)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written.count == inputs.count - notFixable.count, "\(written)")
        #expect(!written.contains { $0.hasPrefix(".") }, "temporary files left: \(written)")
        let check = try Soundcheck.run(["validate", output.path])
        #expect(check.status == 0, "\(check.stdout)")
        for name in written {
            let facts = try #require(probe(output.appendingPathComponent(name).path), "ffprobe cannot read \(name)")
            #expect(Self.allowedCodecs.contains(facts.codec), "\(name): \(facts.codec)")
            #expect(Self.allowedContainers.contains(facts.format), "\(name): \(facts.format)")
            #expect(facts.duration < 30, "\(name): \(facts.duration) s")
        }
        #expect(result.stdout.hasSuffix("16 files: 13 fixed, 0 already pass, 3 could not be fixed\n"))
    }

    @Test("fix --in-place: an atomic replace, the original kept as .orig byte for byte; passing files untouched")
    func inPlace() throws {
        let folder = try copyOfSamples("invalid")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("ima4-45s-8000.aifc").path
        let mp3 = folder.appendingPathComponent("mp3-with-id3.mp3").path
        let good = folder.appendingPathComponent("good.caf").path
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/Samples/valid/caf-ulaw-mono-8000.caf", toPath: good)
        let longBefore = try fingerprint(long)
        let mp3Before = try fingerprint(mp3)
        let goodInode = try FileManager.default.attributesOfItem(atPath: good)[.systemFileNumber] as? Int

        let result = try Soundcheck.run(["fix", "--in-place", long, mp3, good])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try fingerprint(long + ".orig") == longBefore)
        #expect(try fingerprint(mp3 + ".orig") == mp3Before)
        #expect(!FileManager.default.fileExists(atPath: mp3))
        #expect(try Soundcheck.run(["validate", long, folder.appendingPathComponent("mp3-with-id3.caf").path]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: good)[.systemFileNumber] as? Int == goodInode)
        #expect(result.stdout.contains("good.caf") && result.stdout.contains("already passes"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        let folderCheck = try Soundcheck.run(["validate", "--format", "json", folder.path])
        #expect(!folderCheck.stdout.contains(".orig"), "the kept originals are not checked again")
    }

    @Test("fix --dry-run changes nothing; fix needs a destination")
    func dryRun() throws {
        let folder = try copyOfSamples("invalid")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let result = try Soundcheck.run(["fix", "--dry-run", folder.path])
        #expect(result.stdout.contains("would fix"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try Soundcheck.run(["fix", folder.path]).status == 2)
    }

    @Test("convert: afconvert flags, the default output name, never onto the input, refused pairs are usage errors")
    func convert() throws {
        let folder = try copyOfSamples("valid")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("wav-LEI16-mono-22050.wav").path
        let result = try Soundcheck.run(["convert", wav, "-d", "ima4@8000", "-f", "caff"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("→ \(folder.path)/wav-LEI16-mono-22050.caf: CAF, ima4, 8000 Hz, mono, 0.500 s"))
        let onto = try Soundcheck.run(["convert", wav, wav])
        #expect(onto.status == 1)
        #expect(onto.stderr.contains("is the input file"))
        let refused = try Soundcheck.run(["convert", wav, folder.appendingPathComponent("x.wav").path, "-d", "ima4"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("WAV cannot hold ima4 audio; it can hold UI8, LEI16"))
        #expect(try Soundcheck.run(["convert", wav, "-d", "LEI12"]).status == 2)
        let sameContainer = try Soundcheck.run(["convert", folder.appendingPathComponent("caf-ulaw-mono-8000.caf").path])
        #expect(sameContainer.stdout.contains("caf-ulaw-mono-8000.converted.caf"))
    }

    /// Runs soundcheck with `arguments` (its output discarded) and returns its exit status and the
    /// peak resident memory of that process alone. It is started from a small Python process, not
    /// from the test runner: Linux carries the spawning process's peak into a vforked child's
    /// `ru_maxrss`, so a child of the (large, busy) runner reported the runner's peak.
    private static func peakMegabytes(of arguments: [String]) -> (status: Int32, megabytes: Double)? {
        let script = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        guard let output = ExternalTools.run(["python3", "-c", script, Soundcheck.binary] + arguments) else { return nil }
        let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let status = Int32(fields[0]), let kilobytes = Double(fields[1]) else { return nil }
        return (status, kilobytes / 1024)
    }

    @Test(
        "a 10-minute 48 kHz stereo file streams through with flat memory (peak under 100 MB), and is cut under 30 s by default",
        .disabled(if: ProcessInfo.processInfo.environment["SOUNDCHECK_SANITIZER"] != nil, "a sanitizer's shadow memory is not the tool's"))
    func memoryStaysFlat() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long.wav").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "sox", "-R", "-D", "-n", "-r", "48000", "-c", "2", "-b", "16", long, "synth", "600", "sine", "440", "gain", "-6",
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // The whole 10 minutes (115 MB of samples) go through: the limit is raised past them. The
        // peak is this one process's (other tests run tools of their own at the same time).
        let whole = try #require(
            Self.peakMegabytes(of: ["convert", long, folder.appendingPathComponent("whole.caf").path, "--max-duration", "700"]))
        #expect(whole.status == 0)
        let described = try Soundcheck.run(["info", folder.appendingPathComponent("whole.caf").path])
        #expect(described.stdout.contains("600.000 s"), "\(described.stdout)")
        #expect(whole.megabytes < 100, "peak RSS \(whole.megabytes) MB")
        let cut = try Soundcheck.run(["convert", long, folder.appendingPathComponent("cut.caf").path, "-d", "ima4@22050"])
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(cut.stdout.contains("CAF, ima4, 22050 Hz, stereo, 29.997 s (cut to stay under the limit)"))
    }
}

@Suite("soundcheck fix over the real corpus")
struct FixRealCorpusTests {
    static let corpus = TestPaths.packageRoot + "/../shared/corpus/real"
    static let failing: [String] = {
        guard let text = try? String(contentsOfFile: corpus + "/EXPECTED.tsv", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count > 1 && $0[1] == "fail" }.map { $0[0] }
    }()

    @Test(
        "every failing real sound is fixed (AAC and AAC-LD in CAF, MP4, ADTS .m4r, MP3 included) but the damaged one, which says why",
        .enabled(if: !failing.isEmpty, "../shared/corpus/real is absent"))
    func fixFailingRealSounds() throws {
        let output = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Soundcheck.run(["fix", "--output-dir", output.path] + Self.failing.map { Self.corpus + "/" + $0 })
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for name in Self.failing {
            let line = try #require(lines.first { $0.contains(name) }, "\(name) missing from the summary")
            let undecodable = name == "taglib__invalid-chunk.wav"
            #expect(line.contains(undecodable ? "FAILED" : "fixed"), "\(line)")
        }
        #expect(try Soundcheck.run(["validate", output.path]).status == 0)
    }
}
