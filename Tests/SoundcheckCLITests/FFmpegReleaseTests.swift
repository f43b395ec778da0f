import Foundation
import TestSupport
import Testing

/// What soundcheck says when the FFmpeg it finds is not one it reads: none at all, a release
/// outside 5.1 to 8.x, FFmpeg 5.0 (libavcodec 59 without the channel layout fields), and a
/// release with a library missing. Each is a folder of stand-in libraries named by
/// SOUNDCHECK_LIBRARY_PATH, the only folder searched (an empty LD_LIBRARY_PATH entry keeps the
/// system's FFmpeg out of reach).
@Suite("FFmpeg releases soundcheck does not read")
struct FFmpegReleaseTests {
    /// Compiles a stand-in library named `name` in `folder` whose `function` reports `version`.
    static func standIn(_ name: String, in folder: URL, function: String, version: UInt32) throws {
        let source = folder.appendingPathComponent(name + ".c")
        try Data("unsigned \(function)(void) { return \(version)u; }\n".utf8).write(to: source)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-o", folder.appendingPathComponent(name).path, source.path]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang builds \(name)")
    }

    /// Converts the AAC sample with only `folder` searched and returns the exit status and error.
    static func convertAAC(searching folder: URL) throws -> (status: Int32, stderr: String) {
        let output = folder.appendingPathComponent("out.caf").path
        let run = try Soundcheck.run(
            ["convert", TestPaths.samples + "/invalid/aac.m4a", output], in: folder.path,
            environment: ["SOUNDCHECK_LIBRARY_PATH": folder.path, "LD_LIBRARY_PATH": ":"])
        #expect(!FileManager.default.fileExists(atPath: output))
        return (run.status, run.stderr)
    }

    @Test(
        "no FFmpeg, FFmpeg 9 (libavcodec 63), FFmpeg 5.0 (libavcodec 59.18) and a release without its libavformat: each named, with the releases read and how to install one",
        .enabled(if: TestPlatform.isLinux, "the stand-ins are ELF libraries, and LD_LIBRARY_PATH is Linux's loader's"))
    func unsupported() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let supported = "needs FFmpeg 5.1 to 8.x (libavcodec 59 to 62)"
        let advice = "Debian: apt-get install libavformat61 (Debian 13) or libavformat59 (Debian 12)"

        let none = try Self.convertAAC(searching: folder)
        #expect(none.status != 0)
        #expect(none.stderr.contains("aac.m4a"), "\(none.stderr)")
        #expect(none.stderr.contains("\(supported), and none is installed ("), "\(none.stderr)")
        #expect(none.stderr.contains(advice))

        try Self.standIn("libavcodec.so.63", in: folder, function: "avcodec_version", version: 63 << 16 | 1 << 8 | 100)
        let newer = try Self.convertAAC(searching: folder)
        #expect(newer.status != 0)
        #expect(
            newer.stderr.contains("\(supported), and the one installed has libavcodec 63.1.100, which soundcheck does not read"),
            "\(newer.stderr)")
        #expect(newer.stderr.contains(advice))

        try Self.standIn("libavcodec.so.59", in: folder, function: "avcodec_version", version: 59 << 16 | 18 << 8 | 100)
        let fiveZero = try Self.convertAAC(searching: folder)
        #expect(fiveZero.status != 0)
        #expect(fiveZero.stderr.contains("\(supported), and FFmpeg 5.1's libavcodec.so.59 reports version 59.18.100"), "\(fiveZero.stderr)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("libavcodec.so.59"))
        try Self.standIn("libavcodec.so.61", in: folder, function: "avcodec_version", version: 61 << 16 | 19 << 8 | 100)
        let partial = try Self.convertAAC(searching: folder)
        #expect(partial.status != 0)
        #expect(partial.stderr.contains("\(supported), and FFmpeg 7.x's libavformat.so.61 cannot be loaded"), "\(partial.stderr)")
    }
}
