import Foundation
import TestSupport
import Testing

/// The smallest change: what needs no new samples gets none, and what runs in parallel gives
/// the same bytes.
@Suite("fix changes no sample it does not have to")
struct ExactConversionTests {
    /// A 32 s 16-bit mono sine at 8 kHz in `format` (ffmpeg's muxer names), written to `path`.
    private static func makeLong(_ path: String, format: String, codec: String = "pcm_s16le") -> Bool {
        ExternalTools.makeTone(path, frequency: 997, seconds: 32, rate: 8000, volume: 0.7, codec: codec, format: format)
    }

    @Test(
        "a 16-bit trim is bit-exact before the fade: WAV, AIFF, AIFF-C sowt and CAF",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"),
        arguments: [
            ("long.wav", "wav", "pcm_s16le"), ("long.aiff", "aiff", "pcm_s16be"), ("long.aifc", "aiff", "pcm_s16le"),
            ("long.caf", "caf", "pcm_s16le"),
        ])
    func exactTrim(name: String, format: String, codec: String) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent(name).path
        #expect(Self.makeLong(source, format: format, codec: codec))
        let output = folder.appendingPathComponent("fixed").path
        let result = try Soundcheck.run(["fix", source, "--output-dir", output])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("trim 32.000 s to under 30.000 s"), "\(result.stdout)")
        let fixed = output + "/" + name
        let original = try #require(ExternalTools.ffmpegFloatSamples(source))
        let trimmed = try #require(ExternalTools.ffmpegFloatSamples(fixed))
        let limit = 30 * 8000 - 64
        let fadeStart = limit - 8000 / 4  // 250 ms
        #expect(trimmed.count == limit)
        #expect(Array(trimmed.prefix(fadeStart)) == Array(original.prefix(fadeStart)), "samples before the fade changed")
        // The fade really fades: its last tenth is far quieter than what came before it.
        let rms = { (slice: ArraySlice<Float>) in (slice.map { Double($0 * $0) }.reduce(0, +) / Double(slice.count)).squareRoot() }
        #expect(rms(trimmed[(limit - 200)...]) < rms(trimmed[(fadeStart - 2000)..<fadeStart]) / 10)
    }

    @Test(
        "24-bit → 16-bit is dithered: the output is not plain rounding, and stays within a step of it",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func widerSourceIsDithered() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("s24.wav").path
        #expect(ExternalTools.makeTone(source, frequency: 997, seconds: 1, rate: 8000, volume: 0.3, codec: "pcm_s24le"))
        let output = folder.appendingPathComponent("s16.wav").path
        #expect(try Soundcheck.run(["convert", source, output, "-d", "LEI16"]).status == 0)
        let wide = try #require(ExternalTools.ffmpegFloatSamples(source))
        let narrow = try #require(ExternalTools.ffmpegFloatSamples(output))
        #expect(wide.count == narrow.count)
        let rounded = wide.map { ($0 * 32768).rounded() }
        let steps = zip(rounded, narrow).map { Int(($1 * 32768) - $0) }
        let changed = steps.filter { $0 != 0 }.count
        #expect(changed > wide.count / 5, "only \(changed) of \(wide.count) samples differ from plain rounding")
        #expect(steps.allSatisfy { abs($0) <= 2 })
    }

    @Test(
        "fix --jobs 1 and --jobs 2 write the same bytes and the same report",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func jobsGiveTheSameOutput() throws {
        let runs = try [1, 2].map { jobs -> (String, [String: Data]) in
            let folder = try Soundcheck.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try Soundcheck.run(
                ["fix", TestPaths.samples + "/invalid", "--output-dir", "out", "--jobs", String(jobs)], in: folder.path)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")
            let files = try Dictionary(
                uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent("out/" + $0))) })
            return (result.stdout, files)
        }
        #expect(runs[0].0 == runs[1].0)
        #expect(runs[0].1 == runs[1].1)
        #expect(runs[0].1.count == 13)
    }

    @Test(
        "both resamplers, every quality: a 1 kHz tone from 48 kHz to 22.05 kHz stays a clean tone",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"),
        arguments: ["soxr", "libsamplerate"], ["best", "medium", "fast"])
    func resamplers(engine: String, quality: String) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("tone.wav").path
        #expect(ExternalTools.makeTone(source, frequency: 1000, seconds: 2, rate: 48000, codec: "pcm_f32le"))
        let output = folder.appendingPathComponent("tone.caf").path
        let result = try Soundcheck.run(
            ["convert", source, output, "-d", "LEF32@22050", "--resampler", engine, "--src-quality", quality])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try #require(ExternalTools.ffmpegFloatSamples(output))
        #expect(abs(samples.count - 44100) <= 1, "\(samples.count) frames")
        // Against the ideal tone at the output rate, away from the edges (the sine source starts at phase 0).
        let ideal = (0..<samples.count).map { Float(sin(2 * Double.pi * 1000 * Double($0) / 22050) / 8) }
        let ratio = ExternalTools.snr(samples[2000..<40000], reference: ideal[2000..<40000])
        #expect(ratio > 60, "\(engine) \(quality): \(ratio) dB")
    }

    @Test(
        "a source that gives no length in advance (ADTS AAC) is still faded when cut",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func fadeWithoutLength() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("long.aac").path
        #expect(Self.makeLong(source, format: "adts", codec: "aac"))
        let output = folder.appendingPathComponent("cut.wav").path
        let result = try Soundcheck.run(["convert", source, output, "-d", "LEF32"])
        #expect(result.stdout.contains("(cut to stay under the limit)"), "\(result.stdout)")
        let samples = try #require(ExternalTools.ffmpegFloatSamples(output))
        #expect(samples.count == 30 * 8000 - 64)
        let last = samples.suffix(100).map { abs($0) }.max() ?? 1
        let before = samples[(samples.count - 4000)..<(samples.count - 2000)].map { abs($0) }.max() ?? 0
        #expect(before > 0.05 && last < before / 10, "peak \(last) at the end, \(before) before the fade")
    }
}
