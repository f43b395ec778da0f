import Foundation
import SoundContainers
import SoundLoudness
import TestSupport
import Testing

@testable import SoundConverter

/// `fix --loudness` and `--trim-silence` inside the converter: the limiter, the gain, the trim,
/// each on samples made here and read back by ffmpeg or measured again.
@Suite("Loudness normalisation and silence trimming")
struct LevelTests {
    /// A 16-bit little-endian PCM WAV of interleaved `samples`.
    private static func wav(_ samples: [Int16], channels: Int = 1, rate: Int = 44100) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = samples.flatMap { le16(Int(UInt16(bitPattern: $0))) }
        return Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(rate)
            + le32(rate * channels * 2) + le16(channels * 2) + le16(16) + Array("data".utf8) + le32(data.count) + data
    }

    /// A sine of `frequency` Hz at `amplitude` (of full scale), `frames` long, as 16-bit samples.
    private static func sine(frequency: Double, amplitude: Double, frames: Int, rate: Double = 44100) -> [Int16] {
        (0..<frames).map { Int16((amplitude * 32767 * sin(2 * .pi * frequency * Double($0) / rate)).rounded()) }
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-level-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The measurement of interleaved `samples`.
    private static func measure(_ samples: [Float], channels: Int, rate: Double) -> LoudnessMeasurement {
        var meter = LoudnessMeter(sampleRate: rate, channels: channels)
        samples.withUnsafeBufferPointer { meter.add(interleaved: $0) }
        return meter.measurement()
    }

    @Test("the limiter gives back every frame, in place, whatever the blocks; under the ceiling it changes nothing")
    func limiterKeepsLengthAndStart() {
        let quiet = Self.sine(frequency: 440, amplitude: 0.25, frames: 10_000).map { Float($0) / 32768 }
        let stereo = zip(quiet, quiet.reversed()).flatMap { [$0, $1] }
        for block in [1, 7, 64, 4096, 50_000] {
            var limiter = TruePeakLimiter(channels: 2, sampleRate: 44100, ceilingDecibels: -1)
            var output: [Float] = []
            var start = 0
            while start < stereo.count {
                let end = min(stereo.count, start + block * 2)
                limiter.process(stereo[start..<end], into: &output)
                start = end
            }
            limiter.finish(into: &output)
            #expect(output == stereo, "block \(block): a signal 12 dB under the ceiling passes sample for sample")
            #expect(limiter.reductionDecibels == 0)
        }
    }

    @Test("the limiter holds bursts over the ceiling under it, as an independent meter measures, and says how much it took")
    func limiterHoldsPeaks() {
        let rate = 48000.0
        // A quiet tone with three bursts that go 9 dB over full scale, one at the very start.
        var samples = Self.sine(frequency: 1000, amplitude: 0.2, frames: 48000, rate: rate).map { Float($0) / 32768 }
        for burstStart in [0, 15_000, 40_000] {
            for index in burstStart..<(burstStart + 2000) { samples[index] = 2.8 * sinf(Float(index) * 0.37) }
        }
        var limiter = TruePeakLimiter(channels: 1, sampleRate: rate, ceilingDecibels: -1.2)
        var output: [Float] = []
        limiter.process(samples[...], into: &output)
        limiter.finish(into: &output)
        #expect(output.count == samples.count)
        let measured = Self.measure(output, channels: 1, rate: rate)
        #expect(measured.truePeak <= -1.0, "true peak \(measured.truePeak) dBTP")
        #expect(limiter.reductionDecibels > 9, "\(limiter.reductionDecibels) dB")
        // Away from the bursts (five 50 ms release times on) the tone is back within 1 % of itself.
        #expect(zip(output[30_000..<39_000], samples[30_000..<39_000]).allSatisfy { abs($0 - $1) <= 0.01 * abs($1) + 1e-6 })
    }

    @Test(
        "gain alone keeps the length and the start: each sample is the input's times the gain, within dither",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func gainOnlyIsSampleExact() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = 3 * 44100
        let samples = Self.sine(frequency: 997, amplitude: 0.05, frames: frames)
        let input = folder.appendingPathComponent("quiet.wav").path
        try Data(Self.wav(samples)).write(to: URL(fileURLWithPath: input))
        let output = folder.appendingPathComponent("normalised.wav").path
        var options = ConversionOptions(format: OutputFormat(container: .wav))
        options.loudnessTarget = -16
        let report = try Converter.convert(input: input, output: output, options: options)
        let change = try #require(report.loudness)
        #expect(!change.usesLimiter && change.limiterReduction == 0)
        let before = try #require(change.before)
        #expect(abs(change.gainDecibels - (-16 - before)) < 1e-9)
        #expect(report.frames == Int64(frames))
        let written = try #require(ffmpegSamples(output))
        #expect(written.count == frames)
        let gain = pow(10, change.gainDecibels / 20)
        let worst = zip(samples, written).map { abs(Double($0) * gain - Double($1)) }.max() ?? 0
        #expect(worst <= 2, "at most one step of TPDF dither and one of rounding: \(worst)")
        let after = try measureLoudness(ofFileAt: output)
        #expect(abs((after.integratedLoudness ?? 0) + 16) < 0.05)
    }

    @Test(
        "a loud, peaky sound reaches the target under -1 dBTP through the limiter",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func limitedReachesTarget() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Clicks at full scale every 100 ms over a quiet hum: gain alone would clip them by 20 dB.
        var samples = Self.sine(frequency: 220, amplitude: 0.02, frames: 2 * 44100)
        for click in stride(from: 2000, to: samples.count - 100, by: 4410) {
            for index in 0..<40 { samples[click + index] = index % 2 == 0 ? 32767 : -32767 }
        }
        let input = folder.appendingPathComponent("clicks.wav").path
        try Data(Self.wav(samples)).write(to: URL(fileURLWithPath: input))
        let output = folder.appendingPathComponent("normalised.wav").path
        var options = ConversionOptions(format: OutputFormat(container: .wav))
        options.loudnessTarget = -16
        let report = try Converter.convert(input: input, output: output, options: options)
        let change = try #require(report.loudness)
        #expect(change.usesLimiter && change.limiterReduction > 3)
        #expect(report.frames == Int64(samples.count))
        let after = try measureLoudness(ofFileAt: output)
        #expect(after.truePeak <= -1.0, "\(after.truePeak) dBTP")
        #expect(abs((after.integratedLoudness ?? 0) + 16) <= 0.5, "\(after.integratedLoudness ?? .nan) LUFS")
    }

    @Test(
        "--trim-silence keeps 10 ms either side of the audible part, bit for bit, and counts what it removed",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"))
    func trimIsExact() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lead = 30_000
        let tone = Self.sine(frequency: 500, amplitude: 0.5, frames: 20_000)
        // Below -60 dBFS (|x| ≤ 32): silence, though not digital silence.
        let hiss = (0..<lead).map { Int16($0 % 7 * 4 - 12) }
        let tail = [Int16](repeating: 3, count: 50_000)
        let stereo = (hiss + tone + tail).flatMap { [$0, $0 / 2] }
        let input = folder.appendingPathComponent("late.wav").path
        try Data(Self.wav(stereo, channels: 2)).write(to: URL(fileURLWithPath: input))
        let output = folder.appendingPathComponent("trimmed.wav").path
        var options = ConversionOptions(format: OutputFormat(container: .wav))
        options.trimsSilence = true
        let report = try Converter.convert(input: input, output: output, options: options)
        let first = lead + tone.firstIndex { abs(Int($0)) > 32 }!
        let last = lead + tone.lastIndex { abs(Int($0)) > 32 }!
        let margin = 441
        let removed = try #require(report.silenceRemoved)
        #expect(removed.start == Int64(first - margin))
        #expect(removed.end == Int64(stereo.count / 2 - (last + 1 + margin)))
        let written = try #require(ffmpegSamples(output))
        #expect(written == Array(stereo[((first - margin) * 2)..<((last + 1 + margin) * 2)]))
    }
}
