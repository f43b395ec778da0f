import Foundation
import TestSupport
import Testing

/// Paths as CI scripts pass them: thousands of arguments, `xargs`, `--files-from` lists.
@Suite("Paths as arguments and as lists")
struct PathListTests {
    static let samples = ["caf-I8-mono-8000.caf", "wav-UI8-mono-11025.wav", "aiff-I8-mono-22050.aif", "caf-ulaw-mono-8000.caf"].map {
        "Samples/valid/" + $0
    }

    private func paths(inJSON text: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (json?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test("options before, between and after many paths, and `--`: every path is judged once, options still apply")
    func optionsAmongPaths() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/" + Self.samples[0], toPath: folder.path + "/-dash.caf")
        let many = (0..<300).map { TestPaths.packageRoot + "/" + Self.samples[$0 % Self.samples.count] }
        let result = try Soundcheck.run(
            ["validate", "--jobs", "2"] + many.prefix(100) + ["--format", "json"] + many.dropFirst(100)
                + ["--max-duration", "0.2", "--", "-dash.caf"], in: folder.path)
        let judged = try paths(inJSON: result.stdout)
        // After `--`, a name that starts with a dash is a path like any other.
        #expect(judged.count == 301)
        #expect(judged.filter { $0 == "-dash.caf" }.count == 1)
        #expect(result.stdout.contains("\"code\":\"too-long\""))  // --max-duration after the paths applies
        #expect(result.status == 1)
    }

    @Test("info keeps the command-line order, whatever options stand between the paths")
    func infoOrder() throws {
        let order = [Self.samples[2], Self.samples[0], Self.samples[3], Self.samples[1]]
        let result = try Soundcheck.run(["info", order[0], order[1], "--format", "json", order[2], "--strict", order[3]])
        #expect(try paths(inJSON: result.stdout) == order)
    }

    @Test("info over 300 paths in no sorted order, judged in batches on several workers, keeps that order")
    func infoOrderOnWorkers() throws {
        // 300 paths are 5 batches of 64: the workers finish them in any order, the report may not.
        let order = (0..<300).map { index in Self.samples[(index * 7 + index / 4) % Self.samples.count] }
        let result = try Soundcheck.run(["info", "--format", "json", "--files-from", "-"], input: Data(order.joined(separator: "\n").utf8))
        #expect(try paths(inJSON: result.stdout) == order)
        #expect(order.sorted() != order)
    }

    @Test("--files-from FILE and --files-from - with -0; an empty list is a usage error")
    func filesFrom() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt")
        try (Self.samples.joined(separator: "\r\n") + "\n\n").write(to: list, atomically: true, encoding: .utf8)
        let fromFile = try Soundcheck.run(["validate", "--format", "json", "--files-from", list.path, Self.samples[0]])
        #expect(try paths(inJSON: fromFile.stdout).sorted() == (Self.samples + [Self.samples[0]]).sorted())
        let nul = Data(Self.samples.joined(separator: "\0").utf8) + Data([0])
        let fromInput = try Soundcheck.run(["validate", "--format", "json", "--files-from", "-", "-0"], input: nul)
        #expect(try paths(inJSON: fromInput.stdout) == Self.samples.sorted())
        let info = try Soundcheck.run(
            ["info", "--format", "json", "--files-from", "-"], input: Data(Self.samples.joined(separator: "\n").utf8))
        #expect(try paths(inJSON: info.stdout) == Self.samples)
        let empty = try Soundcheck.run(["validate", "--files-from", "-"], input: Data())
        #expect(empty.status == 2 && empty.stderr.contains("standard input lists no paths"))
        #expect(try Soundcheck.run(["validate", "-0", Self.samples[0]]).status == 2)
    }
}
