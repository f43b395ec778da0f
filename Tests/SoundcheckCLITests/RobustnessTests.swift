import Foundation
import TestSupport
import Testing

@Suite("No lost data, no crash, no hang")
struct RobustnessTests {
    private func folderWithFailingSounds() throws -> (URL, [String: UInt64]) {
        let folder = try Soundcheck.temporaryFolder()
        var originals: [String: UInt64] = [:]
        for name in ["ima4-45s-8000.aifc", "wav-ms-adpcm.wav", "mp3-with-id3.mp3", "flac.flac", "wav-gsm.wav"] {
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/Samples/invalid/" + name, toPath: path)
            originals[name] = try fingerprint(path)
        }
        return (folder, originals)
    }

    @Test("fix --in-place killed with SIGKILL at 25 moments: every sound is its original bytes or a complete passing replacement")
    func killedMidway() throws {
        for attempt in 0..<25 {
            let (folder, originals) = try folderWithFailingSounds()
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Soundcheck.binary)
            process.arguments = ["fix", "--in-place", folder.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(attempt * 4_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            for (name, original) in originals {
                let path = folder.appendingPathComponent(name).path
                let stem = (name as NSString).deletingPathExtension
                let renamed = ["caf", "wav", "aifc"].map { folder.appendingPathComponent("\(stem).\($0)").path }
                    .first { $0 != path && FileManager.default.fileExists(atPath: $0) }
                if FileManager.default.fileExists(atPath: path), try fingerprint(path) == original {
                    // Untouched (or not yet moved aside): fine, and any fixed copy must be whole.
                    if let renamed { #expect(try Soundcheck.run(["validate", renamed]).status == 0, "attempt \(attempt): \(renamed)") }
                    continue
                }
                // Replaced: the original is kept byte for byte, the new file passes.
                #expect(try fingerprint(path + ".orig") == original, "attempt \(attempt): \(name).orig")
                let fixed = FileManager.default.fileExists(atPath: path) ? path : try #require(renamed, "attempt \(attempt): \(name) lost")
                #expect(try Soundcheck.run(["validate", fixed]).status == 0, "attempt \(attempt): \(fixed)")
            }
        }
    }

    @Test("a write that fails (file size limit) is a clear error and leaves nothing at the destination")
    func writeFails() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.caf").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", "ulimit -f 16 && exec \"$0\" convert \"$1\" \"$2\" -d LEI16", Soundcheck.binary,
            TestPaths.packageRoot + "/Samples/invalid/ima4-45s-8000.aifc", output,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readRemainingData(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("writing failed"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(
        "a file name that is not UTF-8, a symlink loop and an unreadable file are findings, not crashes",
        .enabled(if: Soundcheck.nonUTF8NamesUnavailable == nil, "\(Soundcheck.nonUTF8NamesUnavailable ?? "")"))
    func strangeFiles() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var rawName = Array(folder.path.utf8) + [UInt8(ascii: "/"), 0xFF, 0xFE] + Array(".wav".utf8) + [0]
        let descriptor = rawName.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.caf").path, withDestinationPath: "b.caf")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.caf").path, withDestinationPath: "a.caf")
        let result = try Soundcheck.run(["validate", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("a.caf: error: cannot be read: too many levels of symbolic links [unreadable]"))
        #expect(result.stdout.contains(".wav: error: cannot be read: its name is not valid UTF-8"), "\(result.stdout)")
        #expect(result.stdout.contains("3 files: 0 passed, 3 failed"))
    }

    @Test(
        "a file without read permission is unreadable (not testable as root, which reads anything)",
        .enabled(if: geteuid() != 0, "running as root"))
    func noPermission() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.caf").path
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/Samples/valid/caf-ulaw-mono-8000.caf", toPath: path)
        chmod(path, 0)
        let result = try Soundcheck.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("permission denied [unreadable]"))
        #expect(result.stdout.contains("fix: chmod a+r"))
    }
}
