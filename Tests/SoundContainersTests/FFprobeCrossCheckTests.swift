import Foundation
import TestSupport
import Testing

@testable import SoundContainers

/// Compares our reading of every sample with ffprobe's, an independent reader.
@Suite("Cross-check against ffprobe")
struct FFprobeCrossCheckTests {
    /// ffprobe's stream facts for a file, or nil when it cannot read it.
    static func probe(_ path: String) -> (rate: Int, channels: Int, frames: Int64)? {
        let data = ExternalTools.run([
            "ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
            "stream=sample_rate,channels,duration_ts", "-of", "csv=p=0", path,
        ])
        let fields = data.map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n").first?.split(separator: ",") ?? []
        guard fields.count == 3,
            let rate = Int(fields[0]), let channels = Int(fields[1]), let frames = Int64(fields[2])
        else { return nil }
        return (rate, channels, frames)
    }

    static let ffprobeAvailable = probe(SampleFiles.folder + "/valid/wav-LEI16-mono-22050.wav") != nil

    @Test("ffprobe is installed (Scripts/test installs it; CI must not skip this)")
    func ffprobeInstalled() {
        #expect(Self.ffprobeAvailable || !TestPaths.isCI)
    }

    @Test(
        "rate, channels and frames agree wherever ffprobe reads the file",
        .enabled(if: ffprobeAvailable, "ffprobe is not installed"),
        arguments: SampleFiles.relativePaths)
    func agreesWithFFprobe(_ path: String) throws {
        let ours = try? AudioFileParser.describeFile(atPath: SampleFiles.folder + "/" + path)
        guard let theirs = Self.probe(SampleFiles.folder + "/" + path), let ours else { return }
        #expect(Int(ours.sampleRate) == theirs.rate, "\(path)")
        #expect(ours.channels == theirs.channels, "\(path)")
        guard ours.encoding.isAllowedForNotifications else { return }
        if path.hasSuffix("-libsndfile.aifc") && ours.channels == 2 {
            // formats.md §1: libsndfile writes half the packet count into a stereo ima4 COMM chunk,
            // and ffprobe believes it. We count from the SSND bytes; ffprobe must say half the packets.
            let packets = try #require(ours.packets?.packetCount)
            #expect(theirs.frames == packets / 2 * 64, "\(path)")
        } else {
            #expect(theirs.frames == ours.frameCount, "\(path)")
        }
    }
}
