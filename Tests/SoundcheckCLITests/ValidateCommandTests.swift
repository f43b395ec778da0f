import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("soundcheck validate, run as a process")
struct ValidateCommandTests {
    @Test("valid samples pass: exit 0, a line per file, the summary last")
    func validSamplesPass() throws {
        let result = try Soundcheck.run(["validate", "Samples/valid"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.last?.hasPrefix("35 files: 35 passed, 0 failed") == true, "\(lines.last ?? "")")
        #expect(lines.contains("Samples/valid/ima4-29.992s-8000.caf: ok: CAF, ima4, 8000 Hz, mono, 29.992 s"))
    }

    @Test("a failing file: exit 1 and a compiler-style diagnostic with its fix")
    func failingFile() throws {
        let result = try Soundcheck.run(["validate", "Samples/invalid/ima4-exactly-30.000s-8000.caf"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Samples/invalid/ima4-exactly-30.000s-8000.caf: error: 30.000 s is not under 30 s [too-long]\n"
                    + "  fix: soundcheck fix Samples/invalid/ima4-exactly-30.000s-8000.caf\n"))
    }

    @Test("--strict fails warnings; --max-duration moves the limit")
    func policyFlags() throws {
        #expect(try Soundcheck.run(["validate", "--strict", "Samples/valid/wav-cut-short.wav"]).status == 1)
        #expect(try Soundcheck.run(["validate", "Samples/valid/wav-cut-short.wav"]).status == 0)
        let short = try Soundcheck.run(["validate", "--max-duration", "0.4", "Samples/valid/wav-LEI16-mono-22050.wav"])
        #expect(short.status == 1)
        #expect(short.stdout.contains("0.500 s is not under 0.4 s [too-long]"))
        #expect(short.stdout.contains("fix: soundcheck fix --max-duration 0.4 Samples/valid/wav-LEI16-mono-22050.wav"))
    }

    @Test("usage errors exit 2: a missing path, a folder with no sound, a bad flag")
    func usageErrors() throws {
        let missing = try Soundcheck.run(["validate", "Sounds-typo"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Sounds-typo: no such file or folder"))

        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("# sounds go here\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        let empty = try Soundcheck.run(["validate", folder.path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no sound files found"))

        #expect(try Soundcheck.run(["validate", "--format", "xml", "Samples"]).status == 2)
        #expect(try Soundcheck.run(["validate", "--jobs", "0", "Samples"]).status == 2)
        #expect(try Soundcheck.run(["frobnicate"]).status == 2)
        #expect(try Soundcheck.run(["--help"]).status == 0)
    }

    @Test("folders: recursive, audio found by content, other files ignored, hidden entries skipped")
    func folderSearch() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("nested/.hidden"), withIntermediateDirectories: true)
        try fm.copyItem(
            atPath: TestPaths.packageRoot + "/Samples/valid/caf-ulaw-mono-8000.caf",
            toPath: folder.appendingPathComponent("nested/a.caf").path)
        try fm.copyItem(
            atPath: TestPaths.packageRoot + "/Samples/invalid/mp3-with-id3.mp3", toPath: folder.appendingPathComponent("ding.mp3").path)
        try fm.copyItem(
            atPath: TestPaths.packageRoot + "/Samples/valid/caf-ulaw-mono-8000.caf",
            toPath: folder.appendingPathComponent("nested/.hidden/b.caf").path)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try Soundcheck.run(["validate", "--format", "json", "."], in: folder.path)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let paths = (json["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["ding.mp3", "nested/a.caf"])
        #expect(result.status == 1)

        let excluded = try Soundcheck.run(["validate", "--exclude", "*.mp3", folder.path])
        #expect(excluded.status == 0)
        let included = try Soundcheck.run(["validate", "--include", "ding.*", folder.path])
        #expect(included.status == 1)
        #expect(included.stdout.contains("1 file: 0 passed, 1 failed"))
    }

    @Test("output is sorted by path and identical whatever --jobs is")
    func jobsDoNotChangeOutput() throws {
        let one = try Soundcheck.run(["validate", "--jobs", "1", "--format", "json", "Samples"])
        let four = try Soundcheck.run(["validate", "--jobs", "4", "--format", "json", "Samples"])
        #expect(one.stdout == four.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let paths = try #require((json["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String })
        #expect(paths == paths.sorted())
    }

    @Test("JSON report: the contract's shape, nulls for what could not be read, a summary")
    func jsonShape() throws {
        let result = try Soundcheck.run(["validate", "--format", "json", "Samples"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let summary = try #require(json["summary"] as? [String: Int])
        // A note on what is not a sound (Samples/Projects/Code's run-time names) is no file of the summary.
        let notesOnCode = files.filter { file in
            file["verdict"] as? String == "pass" && !file.codes.isEmpty && file.codes.allSatisfy { ["names-at-run-time", "config-not-read"].contains($0) }
        }
        #expect(notesOnCode.count == 1)
        #expect(summary["files"] == files.count - notesOnCode.count)
        #expect(summary["passed"]! + summary["failed"]! == summary["files"])
        for file in files {
            // `target` only where an Xcode target ships the file (Samples/Projects holds apps),
            // `targets` where several do, `line` on a line of code.
            #expect(
                Set(file.keys).subtracting(["target", "targets", "line"]) == [
                    "path", "platform", "purpose", "verdict", "container", "encoding", "sampleRate", "channels", "bitsPerChannel",
                    "frames", "duration", "findings",
                ])
        }
        let ima4 = try #require(files.first { $0["path"] as? String == "Samples/valid/caf-ima4-mono-22050-ffmpeg.caf" })
        #expect(ima4["verdict"] as? String == "pass")
        #expect(ima4["container"] as? String == "caf")
        #expect(ima4["encoding"] as? String == "ima4")
        #expect(ima4["sampleRate"] as? Int == 22050)
        #expect(ima4["frames"] as? Int == 11072)
        let mp3 = try #require(files.first { $0["path"] as? String == "Samples/invalid/mp3-with-id3.mp3" })
        #expect(mp3["container"] is NSNull)
        #expect(mp3["duration"] is NSNull)
        let finding = try #require((mp3["findings"] as? [[String: Any]])?.first)
        #expect(finding["code"] as? String == "unsupported-container")
        // Samples holds apps (Samples/Projects): a sound beside them that nothing names fails as a warning.
        #expect(finding["severity"] as? String == "warning")
        #expect((finding["message"] as? String)?.contains("MP3") == true)
    }

    @Test("JUnit report is well-formed XML with a failure per failing file")
    func junit() throws {
        let result = try Soundcheck.run(["validate", "--format", "junit", "Samples"])
        #expect(result.status == 1)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        let failures = try document.nodes(forXPath: "//testcase/failure")
        let json = try Soundcheck.run(["validate", "--format", "json", "Samples"])
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Int])
        let reports = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["files"] as? [Any]
        #expect(cases.count == reports?.count)
        #expect(failures.count == summary["failed"])
        let suite = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "failures")?.stringValue == String(summary["failed"]!))
    }

    @Test("GitHub annotations: one workflow command per finding, escaped")
    func github() throws {
        let result = try Soundcheck.run(["validate", "--format", "github", "Samples"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let annotations = lines.dropLast()
        #expect(!annotations.isEmpty)
        let pattern = try NSRegularExpression(pattern: "^::(error|warning|notice) file=[^,:]+(,line=[0-9]+)?,title=soundcheck [a-z-]+::[^\\n]+$")
        for line in annotations {
            #expect(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        #expect(
            annotations.contains(
                "::warning file=Samples/invalid/ima4-exactly-30.000s-8000.caf,title=soundcheck too-long::if it is a notification sound: 30.000 s is not under 30 s%0Afix: soundcheck fix Samples/invalid/ima4-exactly-30.000s-8000.caf"
            ))
    }

    @Test("files that are not regular files are unreadable findings, never a hang")
    func specialFiles() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("x.wav").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let fifo = folder.appendingPathComponent("x.caf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let explicit = try Soundcheck.run(["validate", fifo])
        #expect(explicit.status == 1)
        #expect(explicit.stdout.contains("x.caf: error: cannot be read: it is a FIFO (named pipe), not a regular file [unreadable]"))
        // In a folder walk, a folder named like a sound is searched, a FIFO named like one is reported.
        let walked = try Soundcheck.run(["validate", folder.path])
        #expect(walked.status == 1)
        #expect(walked.stdout.contains("/x.caf: error: cannot be read: it is a FIFO (named pipe), not a regular file [unreadable]"))
        #expect(walked.stdout.contains("1 file: 0 passed, 1 failed"))
    }
}
