import Foundation
import TestSupport
import Testing

/// Conversion of what designers hand over (AAC, ALAC, MP4, M4R, streamed and cut-short files),
/// checked against ffmpeg's own decode of each source.
@Suite("fix and convert decode AAC, ALAC and every size trap")
struct DecodingFixTests {
    /// Makes a 1.3 s two-tone stereo source with ffmpeg's encoder `codec` in `format`.
    private static func make(_ path: String, codec: String, format: String) -> Bool {
        ExternalTools.makeTone(
            path, frequency: 440, seconds: 1.3, rate: 44100, volume: 0.5, secondFrequency: 660, codec: codec, format: format)
    }

    /// The output's samples against ffmpeg's decode of the source, the source's first
    /// `skipFrames` frames left out (CAF priming, which ffmpeg does not drop).
    private static func snr(output: String, source: String, skipFrames: Int = 0, channels: Int) throws -> Double {
        let ours = try #require(ExternalTools.ffmpegFloatSamples(output))
        let theirs = try #require(ExternalTools.ffmpegFloatSamples(source))
        return ExternalTools.snr(ours[...], reference: theirs.dropFirst(skipFrames * channels))
    }

    @Test(
        "AAC .m4a, ALAC .m4a, AAC .m4r, ALAC in CAF: fixed files pass, ffprobe reads them, SNR ≥ 60 dB against ffmpeg's decode",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func fixesAACAndALAC() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = [
            ("aac.m4a", "aac", "mp4"), ("alac.m4a", "alac", "mp4"), ("ringtone.m4r", "aac", "mp4"), ("alac.caf", "alac", "caf"),
        ]
        for (name, codec, format) in sources {
            #expect(Self.make(folder.appendingPathComponent(name).path, codec: codec, format: format), "\(name)")
        }
        let output = folder.appendingPathComponent("fixed").path
        let result = try Soundcheck.run(["fix", folder.path, "--output-dir", output])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("4 files: 4 fixed, 0 already pass, 0 could not be fixed\n"), "\(result.stdout)")
        #expect(try Soundcheck.run(["validate", output]).status == 0)
        for (name, _, format) in sources {
            let fixed = output + "/" + name.split(separator: ".")[0] + ".caf"
            let facts = try #require(probe(fixed), "ffprobe cannot read \(fixed)")
            #expect(facts.codec == "pcm_s16le" && facts.format == "caf", "\(name): \(facts)")
            // ffmpeg applies an MP4's edit list, so the two line up; its CAF reader ignores the
            // `pakt` priming that soundcheck honours, so the source is shifted by ffmpeg's encoder delay.
            let declared = try Self.cafPriming(folder.appendingPathComponent(name).path)
            let priming = format == "caf" ? try #require(declared, "\(name) has no packet table") : 0
            let ratio = try Self.snr(output: fixed, source: folder.appendingPathComponent(name).path, skipFrames: priming, channels: 2)
            #expect(ratio >= 60, "\(name): \(ratio) dB")
        }
        // An MP4's length is its edit list's: 1.3 s exactly, not the 1024-frame packets' total.
        #expect(try #require(probe(output + "/aac.caf")).duration == 1.3)
    }

    /// The priming frames a CAF's packet table declares, as `soundcheck info` reports them.
    private static func cafPriming(_ path: String) throws -> Int? {
        let info = try Soundcheck.run(["info", "--format", "json", path])
        let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        let file = (json?["files"] as? [[String: Any]])?.first
        return file?["primingFrames"] as? Int
    }

    @Test(
        "real AAC sounds: the .m4r and AAC/AAC-LD CAFs become exactly their header's length, equal to ffmpeg's decode after the priming",
        .enabled(if: ExternalTools.available && TestPaths.exists(TestPaths.realCorpus), "ffmpeg or the real corpus is absent"))
    func realAAC() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["macsnd__Basso@f576700.m4r", "caredaily__beep.caf", "session__ringtoneClassic.caf"] {
            let source = TestPaths.realCorpus + "/" + name
            let output = folder.appendingPathComponent(name + ".wav").path
            // Float output: the comparison measures the alignment, not 16-bit rounding.
            let result = try Soundcheck.run(["convert", source, output, "-d", "LEF32"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let description = try Soundcheck.run(["info", "--format", "json", source]).stdout
            let json = try JSONSerialization.jsonObject(with: Data(description.utf8)) as? [String: Any]
            let file = (json?["files"] as? [[String: Any]])?.first
            let channels = file?["channels"] as? Int ?? 2
            if let frames = file?["frames"] as? Int {
                // The decoded length is what validate/info report, as on Apple's side.
                let decoded = try #require(ExternalTools.ffmpegFloatSamples(output)).count / channels
                #expect(decoded == frames, "\(name)")
            }
            let ratio = try Self.snr(output: output, source: source, skipFrames: file?["primingFrames"] as? Int ?? 0, channels: channels)
            #expect(ratio >= 100, "\(name): \(ratio) dB")
        }
    }

    @Test(
        "CAF size −1, cut-short and streamed files convert to exactly what validate reads",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"),
        arguments: [
            "caf-ima4-streamed-size-minus-one.caf", "wav-cut-short.wav", "wav-streamed-size-ffffffff.wav", "aiff-streamed-zero-sizes.aiff",
        ])
    func sizeTraps(name: String) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = TestPaths.samples + "/valid/" + name
        let output = folder.appendingPathComponent("out.caf").path
        let result = try Soundcheck.run(["convert", source, output, "-d", "LEF32"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Soundcheck.run(["validate", output]).status == 0)
        // ffmpeg cannot read the zero-size AIFF; sox can.
        let reference = try #require(
            name.hasSuffix(".aiff") ? ExternalTools.soxFloatSamples(source) : ExternalTools.ffmpegFloatSamples(source))
        let ours = try #require(ExternalTools.ffmpegFloatSamples(output))
        #expect(ours.count <= reference.count && reference.count - ours.count < 64, "\(ours.count) vs \(reference.count)")
        #expect(ExternalTools.snr(ours[...], reference: reference[...]) == .infinity)
    }

    @Test(
        "hostile inputs: a truncated MP4 and an AAC stream with garbage after its first frame fail with the file named, leave nothing; moov sizes FFmpeg recovers from convert in full",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func hostileMP4() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.m4a").path
        let front = folder.appendingPathComponent("front.m4a").path
        let adts = folder.appendingPathComponent("good.aac").path
        #expect(Self.make(good, codec: "aac", format: "mp4"))
        #expect(Self.make(adts, codec: "aac", format: "adts"))
        #expect(
            ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-i", good, "-c", "copy", "-movflags", "+faststart", front]) != nil)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        let adtsBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: adts)))
        let firstFrame = Int(adtsBytes[3] & 3) << 11 | Int(adtsBytes[4]) << 3 | Int(adtsBytes[5]) >> 5
        var noise = UInt32(12345)
        let garbage =
            adtsBytes.prefix(firstFrame)
            + (firstFrame..<adtsBytes.count).map { _ in
                noise = noise &* 1_103_515_245 &+ 12345
                return UInt8(truncatingIfNeeded: noise >> 16)
            }
        let broken: [(String, [UInt8])] = [
            ("truncated.m4a", Array(bytes.prefix(bytes.count / 2))), ("garbage.aac", Array(garbage)),
        ]
        for (name, content) in broken {
            let path = folder.appendingPathComponent(name).path
            try Data(content).write(to: URL(fileURLWithPath: path))
            let out = folder.appendingPathComponent(name + ".caf").path
            let result = try Soundcheck.run(["convert", path, out])
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(path) && result.stderr.contains("FFmpeg"), "\(name): \(result.stderr)")
            #expect(!TestPaths.exists(out))
        }
        // A moov size of 0 ("to the end of the file", legal ISO BMFF) or 2^32−1 (past the end):
        // FFmpeg reads the whole stream either way, so the conversion is complete, not an error.
        let frontBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: front)))
        for (label, source) in [("moov last", bytes), ("moov first", frontBytes)] {
            let moov = try #require(Self.offset(of: Array("moov".utf8), in: source)) - 4
            for size: UInt32 in [0, 0xFFFF_FFFF] {
                var damaged = source
                for index in 0..<4 { damaged[moov + index] = UInt8(truncatingIfNeeded: size >> (24 - 8 * index)) }
                let path = folder.appendingPathComponent("moov-\(size).m4a").path
                try Data(damaged).write(to: URL(fileURLWithPath: path))
                let out = folder.appendingPathComponent("moov-\(size).caf").path
                let result = try Soundcheck.run(["convert", path, out])
                #expect(result.status == 0, "\(label), size \(size): \(result.stderr)")
                #expect(try #require(probe(out)).duration == 1.3, "\(label), size \(size)")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(
        "a file whose name looks like an FFmpeg protocol (concat:, http:) is read as the file it is",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func protocolLookingNames() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["concat:a.m4a", "http:b.m4a"] {
            #expect(Self.make(folder.appendingPathComponent(name).path, codec: "aac", format: "mp4"))
            let result = try Soundcheck.run(["convert", name, "out.caf"], in: folder.path)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try #require(probe(folder.appendingPathComponent("out.caf").path)).duration == 1.3)
        }
    }

    private static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
