import Foundation
import SoundContainers
import SoundConverter
import TestSupport
import Testing

/// Interleaved 16-bit samples of a file as ffmpeg decodes them.
func ffmpegSamples(_ path: String) -> [Int16]? {
    guard let data = ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "s16le", "-c:a", "pcm_s16le", "-"]) else {
        return nil
    }
    return data.withUnsafeBytes { raw in
        stride(from: 0, to: raw.count - 1, by: 2).map { Int16(bitPattern: UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8) }
    }
}

@Suite("Round trips through every container and encoding")
struct RoundTripTests {
    static let toolsAvailable = ExternalTools.available

    /// Every pair afconvert allows, as (container, data format).
    static let pairs: [(String, String)] = ["caf", "aiff", "aifc", "wav"].flatMap { name in
        let container = try! OutputFormat.container(named: name)
        return OutputFormat.allowedEncodings(in: container).map { (name, $0) }
    }

    /// How far a decoded sample may be from the source's, in 16-bit steps.
    static func tolerance(for dataFormat: String) -> Int {
        switch dataFormat {
        case "ima4": return 2500
        case "ulaw", "alaw": return 1100
        case "I8", "UI8": return 3 * 256  // ±1 LSB of dither, rounding, at 8 bits
        default: return 0
        }
    }

    @Test(
        "convert 16-bit PCM → parse → ffmpeg decodes the same frames and samples (bit-exact for PCM)",
        .enabled(if: toolsAvailable, "ffmpeg/sox not installed"), arguments: pairs)
    func roundTrip(container: String, dataFormat: String) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("source.wav").path
        let frames = 11025  // 0.5 s: not a whole number of IMA4 packets
        #expect(
            ExternalTools.run([
                "sox", "-R", "-D", "-n", "-r", "22050", "-c", "2", "-b", "16", source,
                "synth", "0.5", "sine", "440", "sine", "660", "gain", "-8",
            ]) != nil)
        let ext = try OutputFormat.container(named: container).fileExtensions[0]
        let output = work.appendingPathComponent("out.\(ext)").path
        let (encoding, _) = try OutputFormat.dataFormat(dataFormat)
        let format = OutputFormat(container: try OutputFormat.container(named: container), encoding: encoding)
        let report = try Converter.convert(input: source, output: output, options: ConversionOptions(format: format))
        #expect(report.frames == Int64(frames))

        let description = try AudioFileParser.describeFile(atPath: output)
        #expect(description.encoding.name == dataFormat)
        #expect(description.sampleRate == 22050)
        #expect(description.channels == 2)
        let expectedFrames = dataFormat == "ima4" && container == "aifc" ? Int64((frames + 63) / 64 * 64) : Int64(frames)
        #expect(description.frameCount == expectedFrames)

        let original = try #require(ffmpegSamples(source))
        let decoded = try #require(ffmpegSamples(output), "ffmpeg cannot decode \(container)/\(dataFormat)")
        // ffmpeg ignores CAF's packet table and decodes IMA4's padding too.
        let decodedFrames = decoded.count / 2
        #expect(decodedFrames == (dataFormat == "ima4" ? (frames + 63) / 64 * 64 : frames))
        // IMA4's state starts at its smallest step, so its first packet is an attack transient
        // (ffmpeg's encoder makes the same bytes); it is left out of the comparison.
        let skip = dataFormat == "ima4" ? 64 * 2 : 0
        let worst = zip(original.dropFirst(skip), decoded.dropFirst(skip)).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= Self.tolerance(for: dataFormat), "\(container)/\(dataFormat): worst error \(worst)")
    }

    @Test("refused pairs name the alternatives: ima4 in WAVE, ima4 and float in plain AIFF")
    func refusedPairs() throws {
        for (container, format) in [("wav", "ima4"), ("aiff", "ima4"), ("aiff", "LEF32"), ("wav", "BEI16")] {
            let target = OutputFormat(
                container: try OutputFormat.container(named: container), encoding: try OutputFormat.dataFormat(format).0)
            #expect(throws: ConversionError.self) { try target.resolvedEncoding(source: nil) }
        }
        let wav = OutputFormat(container: .wav, encoding: .ima4)
        #expect(
            throws: ConversionError.unsupportedPair(
                container: "WAV", encoding: "ima4", alternatives: "UI8, LEI16, LEI24, LEI32, LEF32, LEF64, ulaw, alaw")
        ) {
            try wav.resolvedEncoding(source: nil)
        }
    }

    @Test("afconvert's names parse: -f and -d with @RATE; unknown names are refused")
    func names() throws {
        #expect(try OutputFormat.container(named: "caff") == .caf)
        #expect(try OutputFormat.container(named: "WAVE") == .wav)
        #expect(try OutputFormat.container(named: "AIFC") == .aifc)
        #expect(try OutputFormat.dataFormat("LEI16@22050").1 == 22050)
        #expect(try OutputFormat.dataFormat("BEF32").0.name == "BEF32")
        #expect(try OutputFormat.dataFormat("ima4").0 == .ima4)
        for bad in ["LEI12", "mp3", "BEX16", "LEI16@12", "ima4@fast"] {
            #expect(throws: ConversionError.self) { try OutputFormat.dataFormat(bad) }
        }
    }
}
