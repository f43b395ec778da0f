import Foundation
import SoundContainers
import SoundConverter
import Testing

/// A mono 16-bit WAV of `samples` at `rate`, built byte by byte.
private func wavBytes(_ samples: [Int16], rate: Int) -> [UInt8] {
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    let data = samples.flatMap { le16(Int(UInt16(bitPattern: $0))) }
    return Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(rate)
        + le32(rate * 2) + le16(2) + le16(16) + Array("data".utf8) + le32(data.count) + data
}

private func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID().uuidString)-\(name)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("Waveforms and previews (AudioOverview)")
struct AudioOverviewTests {
    @Test("columns hold each stretch's lowest and highest sample; the preview is the whole sound, 8-bit mono")
    func halfSilent() throws {
        // 1 s at 8 kHz: silence, then a square wave of ±half scale.
        let samples = (0..<8000).map { index -> Int16 in index < 4000 ? 0 : (index % 20 < 10 ? 16384 : -16384) }
        let path = try temporaryFile(wavBytes(samples, rate: 8000), name: "half.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let previewPath = path + ".preview.wav"
        defer { try? FileManager.default.removeItem(atPath: previewPath) }
        let overview = try AudioOverview.make(path: path, columns: 100, previewPath: previewPath, expectedDuration: 1)
        #expect(overview.minimums.count == 100 && overview.maximums.count == 100)
        #expect(overview.duration == 1 && overview.sampleRate == 8000)
        #expect(overview.maximums[..<50].allSatisfy { $0 == 0 } && overview.minimums[..<50].allSatisfy { $0 == 0 })
        #expect(overview.maximums[50...].allSatisfy { $0 == 0.5 } && overview.minimums[50...].allSatisfy { $0 == -0.5 })
        let description = try AudioFileParser.describeFile(atPath: previewPath)
        #expect(description.container == .wav && description.channels == 1 && description.sampleRate == 8000)
        #expect(description.encoding == .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false)))
        #expect(description.frameCount == 8000)
    }

    @Test("a long sound: buckets merge (flat memory), a loud moment stays where it was, the preview rate drops and its length is capped")
    func long() throws {
        // 100 s at 8 kHz, silent but for 0.1 s at full scale at 50 s.
        var samples = [Int16](repeating: 0, count: 800_000)
        for index in 400_000..<400_800 { samples[index] = index % 2 == 0 ? 32767 : -32768 }
        let path = try temporaryFile(wavBytes(samples, rate: 8000), name: "long.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let previewPath = path + ".preview.wav"
        defer { try? FileManager.default.removeItem(atPath: previewPath) }
        let overview = try AudioOverview.make(path: path, columns: 200, previewPath: previewPath, expectedDuration: 100)
        #expect(overview.duration == 100)
        let loud = overview.maximums.indices.filter { overview.maximums[$0] > 0.9 }
        #expect(loud == [100], "the burst at 50 s is in the middle column: \(loud)")
        let preview = try AudioFileParser.describeFile(atPath: previewPath)
        #expect(preview.sampleRate == 3000)
        let seconds = try #require(preview.duration)
        #expect(seconds < Double(AudioOverview.previewByteLimit) / 3000 && seconds > 87, "capped at the byte limit: \(seconds) s")
        let size = try #require(FileManager.default.attributesOfItem(atPath: previewPath)[.size] as? Int)
        #expect(size <= AudioOverview.previewByteLimit + 100)
    }

    @Test("the preview rate: 8 kHz, lower for long sounds, never under 3 kHz")
    func previewRates() {
        #expect(AudioOverview.previewRate(forDuration: nil) == 8000)
        #expect(AudioOverview.previewRate(forDuration: 10) == 8000)
        #expect(AudioOverview.previewRate(forDuration: 60) == 4369)
        #expect(AudioOverview.previewRate(forDuration: 500) == 3000)
    }

    @Test("a file that cannot be decoded throws, saying why")
    func undecodable() throws {
        let path = try temporaryFile(Array("not audio at all".utf8), name: "text.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConversionError.self) { try AudioOverview.make(path: path, columns: 10, previewPath: path + ".p.wav") }
        #expect(!FileManager.default.fileExists(atPath: path + ".p.wav"), "no preview is left behind")
        #expect(throws: ConversionError.self) { try AudioOverview.make(path: path, columns: 10) }
    }
}
