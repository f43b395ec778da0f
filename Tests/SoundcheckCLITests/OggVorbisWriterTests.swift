import Foundation
import TestSupport
import Testing

/// Ogg Vorbis is written by libvorbisenc and libogg alone: FFmpeg is not needed, not even loaded,
/// and the audio is what FFmpeg's libvorbis wrapper made of the same samples before.
@Suite("Ogg Vorbis is written without FFmpeg")
struct OggVorbisWriterTests {
    /// True when this ffmpeg has the libvorbis encoder (Debian's does; Homebrew core's does not).
    static let ffmpegHasLibvorbis =
        ExternalTools.run(["ffmpeg", "-hide_banner", "-encoders"]).map { String(decoding: $0, as: UTF8.self).contains(" libvorbis ") }
        ?? false

    @Test(
        "with only libvorbisenc, libvorbis and libogg reachable, convert -f OGG works and loads no FFmpeg library; an AAC input then fails for want of FFmpeg",
        .enabled(if: TestPlatform.isLinux && ExternalTools.available, "needs glibc's LD_DEBUG, ffmpeg and sox"))
    func withoutFFmpeg() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let libraries = folder.appendingPathComponent("lib")
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let installed = String(decoding: try #require(ExternalTools.run(["/sbin/ldconfig", "-p"])), as: UTF8.self)
        for name in ["libvorbisenc.so.2", "libvorbis.so.0", "libogg.so.0"] {
            // "\tlibogg.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libogg.so.0"
            let line = try #require(installed.split(separator: "\n").first { $0.hasPrefix("\t\(name) ") }, "\(name) is not installed")
            let path = try #require(line.components(separatedBy: " => ").last)
            try FileManager.default.createSymbolicLink(atPath: libraries.path + "/" + name, withDestinationPath: path)
        }
        // SOUNDCHECK_LIBRARY_PATH is the only folder searched: an empty LD_LIBRARY_PATH entry keeps
        // soundcheck from handing the loader a bare name (the child runs in an empty folder).
        // LD_DEBUG=files makes the loader name every library it opens, on standard error.
        let environment = ["SOUNDCHECK_LIBRARY_PATH": libraries.path, "LD_LIBRARY_PATH": ":", "LD_DEBUG": "files"]
        let source = try OggVorbisAlignmentTests.source(in: folder, rate: 22_050, channels: 2)
        let output = folder.appendingPathComponent("sound.ogg").path
        let converted = try Soundcheck.run(["convert", source, output, "-f", "OGG"], in: empty.path, environment: environment)
        #expect(converted.status == 0, "\(converted.stderr.split(separator: "\n").filter { !$0.contains("file=") })")
        let loaded = Set(converted.stderr.split(separator: "\n").compactMap { Self.loadedFile($0) })
        #expect(loaded.contains(libraries.path + "/libvorbisenc.so.2"), "\(loaded.sorted())")
        #expect(
            !loaded.contains { $0.contains("libavcodec") || $0.contains("libavformat") || $0.contains("libavutil") }, "\(loaded.sorted())")
        #expect(OggVorbisCheck.problems(output, source: source) == [])
        // The same environment cannot reach FFmpeg at all: decoding AAC, its job, fails there.
        let aac = try Soundcheck.run(
            ["convert", TestPaths.samples + "/invalid/aac.m4a", folder.appendingPathComponent("aac.wav").path], in: empty.path,
            environment: environment)
        #expect(aac.status != 0)
        #expect(aac.stderr.contains("needs FFmpeg 5.1 to 8.x (libavcodec 59 to 62), and none is installed"), "\(aac.stderr.suffix(400))")
    }

    /// The file a line of glibc's `LD_DEBUG=files` trace says the loader opens:
    /// "     123:\tfile=libogg.so.0 [0];  dynamically loaded by …" gives "libogg.so.0".
    static func loadedFile(_ line: Substring) -> String? {
        guard let start = line.range(of: "file=") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != " " })
    }

    @Test(
        "the audio is what ffmpeg -c:a libvorbis -q:a 2 encodes, sample for sample as libvorbisfile decodes it, every channel in its place",
        .enabled(if: ffmpegHasLibvorbis && ExternalTools.available, "needs sox and an ffmpeg with the libvorbis encoder"),
        arguments: [1, 6])
    func sameAudioAsFFmpegsWrapper(channels: Int) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A different tone in each channel, so that a channel out of place cannot match.
        let source = folder.appendingPathComponent("source.wav").path
        let tones = (0..<channels).flatMap { ["-f", "lavfi", "-i", "sine=f=\(330 + 220 * $0):d=1.5:r=32000"] }
        let merge = channels == 1 ? [] : ["-filter_complex", (0..<channels).map { "[\($0)]" }.joined() + "amerge=inputs=\(channels)"]
        let made = ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y"] + tones + merge + ["-c:a", "pcm_s16le", source])
        try #require(made != nil, "ffmpeg made no source")
        let ours = folder.appendingPathComponent("ours.ogg").path
        let converted = try Soundcheck.run(["convert", source, ours, "-f", "OGG"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let theirs = folder.appendingPathComponent("ffmpeg.ogg").path
        let encoded = ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", source, "-c:a", "libvorbis", "-q:a", "2", theirs])
        try #require(encoded != nil, "ffmpeg -c:a libvorbis failed")
        let ourSamples = try #require(ExternalTools.soxFloatSamples(ours))
        let theirSamples = try #require(ExternalTools.soxFloatSamples(theirs))
        #expect(ourSamples.count == 48_000 * channels)
        #expect(ourSamples == theirSamples, "SNR \(ExternalTools.snr(ourSamples[...], reference: theirSamples[...])) dB")
    }
}
