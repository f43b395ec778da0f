import Foundation
import TestSupport
import Testing

@testable import SoundContainers

/// The one rule for every outer size: RIFF, RIFX, RF64 and FORM sizes that stop before the chunks
/// the file needs, or run past its end, are walked past to the end of the file, with a note.
@Suite("Outer sizes that stop short or run past the end")
struct OuterSizeTests {
    /// 200 frames of 16-bit mono at 8 kHz, in each container, with the outer size given.
    static func file(_ kind: String, outerSize: (Int) -> UInt32) -> [UInt8] {
        let audio = [UInt8](repeating: 0x11, count: 400)
        switch kind {
        case "AIFF", "AIFC":
            var body = ByteBuilder()
            body.ascii(kind)
            body.iffChunk("NAME", Array("a sound".utf8))
            body.iffChunk(
                "COMM", AIFFFixture.common(channels: 1, frames: 200, sampleSize: 16, rate: 8000, compression: kind == "AIFC" ? "NONE" : nil)
            )
            body.iffChunk("SSND", AIFFFixture.sound(audioBytes: 400))
            var file = ByteBuilder()
            file.ascii("FORM")
            file.u32be(outerSize(body.bytes.count))
            return file.bytes + body.bytes
        default:
            let bigEndian = kind == "RIFX"
            var body = ByteBuilder()
            body.ascii("WAVE")
            if kind == "RF64" {
                var ds64 = ByteBuilder()
                ds64.u64le(UInt64(outerSize(4 + 36 + 16 + 24 + 408)))
                ds64.u64le(400)
                ds64.u64le(200)
                ds64.u32le(0)
                body.riffChunk("ds64", ds64.bytes)
            }
            body.riffChunk("LIST", bigEndian: bigEndian, Array("INFOjunk".utf8))
            body.riffChunk(
                "fmt ", bigEndian: bigEndian,
                WAVFixture.format(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16, bigEndian: bigEndian))
            body.riffChunk("data", bigEndian: bigEndian, audio)
            var file = ByteBuilder()
            file.ascii(kind)
            file.u32(kind == "RF64" ? 0xFFFF_FFFF : outerSize(body.bytes.count), bigEndian: bigEndian)
            return file.bytes + body.bytes
        }
    }

    static let kinds = ["RIFF", "RIFX", "RF64", "AIFF", "AIFC"]

    @Test("an outer size that ends before the needed chunks: read on to the end, with a note naming them", arguments: kinds)
    func stopsShort(kind: String) throws {
        // The outer size covers only the form type and the first chunk (16 bytes of LIST/NAME).
        let bytes = Self.file(kind) { _ in 4 + 16 }
        let description = try describe(bytes)
        #expect(description.frameCount == 200)
        #expect(description.sampleRate == 8000)
        let outer = kind == "AIFF" || kind == "AIFC" ? "FORM" : (kind == "RF64" ? "RF64" : "RIFF")
        let needed = kind.hasPrefix("AI") ? "'COMM' and 'SSND' chunks" : "'fmt ' and 'data' chunks"
        #expect(
            description.notes.contains(
                "the \(outer) size ends at byte 28, before the \(needed); read on to the end of the file, as libsndfile and ffmpeg do"),
            "\(description.notes)")
    }

    @Test("an outer size that runs past the end of the file: read to the end, with a note", arguments: kinds)
    func runsPastEnd(kind: String) throws {
        let bytes = Self.file(kind) { UInt32($0 + 1000) }
        let description = try describe(bytes)
        #expect(description.frameCount == 200)
        #expect(description.notes.contains { $0.contains("size runs 1000 bytes past the end of the file") }, "\(description.notes)")
    }

    @Test("bytes after a complete file are still ignored, and named", arguments: kinds)
    func trailingBytes(kind: String) throws {
        let bytes = Self.file(kind) { UInt32($0) } + [UInt8](repeating: 0x55, count: 10)
        let description = try describe(bytes)
        #expect(description.frameCount == 200)
        #expect(description.notes.contains { $0.hasPrefix("10 bytes follow the") }, "\(description.notes)")
    }

    /// sox's rate, channels and frames for a file (libsndfile's reading of AIFF agrees).
    static func soxFacts(_ path: String) -> (rate: Int, channels: Int, frames: Int64)? {
        let fields = ["-r", "-c", "-s"].compactMap { flag in
            ExternalTools.run(["soxi", flag, path]).flatMap {
                Int64(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return fields.count == 3 ? (Int(fields[0]), Int(fields[1]), fields[2]) : nil
    }

    @Test(
        "ffprobe reads the same rate, channels and frames from each short and long outer size (sox where ffmpeg stops at a short FORM)",
        .enabled(if: FFprobeCrossCheckTests.ffprobeAvailable, "ffprobe is not installed"), arguments: kinds)
    func agreesWithIndependentReaders(kind: String) throws {
        for (label, size) in [("short", { (_: Int) in UInt32(20) }), ("long", { (body: Int) in UInt32(body + 1000) })] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("outer-\(kind)-\(label)-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data(Self.file(kind, outerSize: size)).write(to: URL(fileURLWithPath: path))
            let ours = try AudioFileParser.describeFile(atPath: path)
            // ffmpeg walks on past a short RIFF but refuses a short FORM ("could not find COMM tag");
            // sox and libsndfile walk on past both.
            let ffmpegStops = kind.hasPrefix("AI") && label == "short"
            let theirs = try #require(
                ffmpegStops ? Self.soxFacts(path) : FFprobeCrossCheckTests.probe(path),
                "the reference cannot read the \(label) \(kind) file")
            #expect(
                theirs.rate == Int(ours.sampleRate) && theirs.channels == ours.channels && theirs.frames == ours.frameCount,
                "\(kind) \(label)")
            if ffmpegStops { #expect(FFprobeCrossCheckTests.probe(path) == nil, "ffmpeg now reads a short FORM: check it instead") }
        }
    }
}
