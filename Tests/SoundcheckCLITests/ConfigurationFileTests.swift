import Foundation
import Testing
import TestSupport

@Suite("soundcheck with a .soundcheck.yml, run as a process")
struct ConfigurationFileTests {
    /// A temporary project: `Sounds/` holding a 29.992 s sound and a CAF named .wav, and the
    /// configuration `text` at its top.
    private func project(_ text: String?) throws -> URL {
        let folder = try Soundcheck.temporaryFolder()
        let sounds = folder.appendingPathComponent("Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        for name in ["ima4-29.992s-8000.caf", "caf-named-as.wav"] {
            try FileManager.default.copyItem(atPath: "\(TestPaths.samples)/valid/\(name)", toPath: sounds.appendingPathComponent(name).path)
        }
        if let text { try text.write(to: folder.appendingPathComponent(".soundcheck.yml"), atomically: true, encoding: .utf8) }
        return folder
    }

    private func json(_ result: Soundcheck.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    private func codes(_ report: [String: Any]) -> [String: [String]] {
        var codes: [String: [String]] = [:]
        for file in report["files"] as? [[String: Any]] ?? [] {
            let findings = file["findings"] as? [[String: Any]] ?? []
            codes[file["path"] as? String ?? ""] = findings.map { "\($0["code"]!):\($0["severity"]!)" }
        }
        return codes
    }

    @Test("the nearest file applies, from any folder below it; flags win; --no-config reads none")
    func lookupAndPrecedence() throws {
        let folder = try project("max-duration: 20\npaths: [Sounds]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let top = try Soundcheck.run(["validate", "--format", "json"], in: folder.path)
        #expect(top.status == 1)
        #expect(try json(top)["configuration"] as? String == ".soundcheck.yml")
        #expect(codes(try json(top))["Sounds/ima4-29.992s-8000.caf"] == ["too-long:error"])
        #expect(top.stdout.contains(#""configuration":".soundcheck.yml"}"#), "the field ends the object")

        let below = folder.appendingPathComponent("Sounds").path
        let nested = try Soundcheck.run(["validate", "--format", "json"], in: below)
        #expect(try json(nested)["configuration"] as? String == "../.soundcheck.yml")
        #expect(codes(try json(nested))["../Sounds/ima4-29.992s-8000.caf"] == ["too-long:error"], "paths are the file's")

        let plain = try Soundcheck.run(["validate", "Sounds/ima4-29.992s-8000.caf"], in: folder.path)
        #expect(plain.status == 1 && plain.stdout.contains("29.992 s is not under 20 s"), "the no-option fast path reads it too")

        let flag = try Soundcheck.run(["validate", "--max-duration", "30", "--format", "json"], in: folder.path)
        #expect(flag.status == 0, "\(flag.stdout)")
        let none = try Soundcheck.run(["validate", "--no-config", "--format", "json", "Sounds"], in: folder.path)
        #expect(none.status == 0)
        #expect(try json(none)["configuration"] is NSNull)
        #expect(try Soundcheck.run(["validate", "--no-config", "--config", "x.yml"], in: folder.path).status == 2)
    }

    @Test("rules and ignore entries change what fails; strict from the file, --no-strict from the flag")
    func rulesAndIgnore() throws {
        let folder = try project(
            """
            strict: true
            rules:
              too-long: warning
            ignore:
              - path: Sounds/caf-named-as.wav
                codes: [extension-mismatch]
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strict = try Soundcheck.run(["validate", "--max-duration", "10", "--format", "json", "Sounds"], in: folder.path)
        #expect(strict.status == 1)
        let report = try json(strict)
        #expect(codes(report)["Sounds/ima4-29.992s-8000.caf"] == ["too-long:warning"])
        #expect(codes(report)["Sounds/caf-named-as.wav"] == [], "the ignored finding is gone")
        let lenient = try Soundcheck.run(["validate", "--no-strict", "--max-duration", "10", "Sounds"], in: folder.path)
        #expect(lenient.status == 0, "\(lenient.stdout)")
    }

    @Test("a bad file is a usage error naming the file, the line and the key")
    func badFile() throws {
        let folder = try project("strict: false\nmax-duraton: 20\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["validate"], ["validate", "Sounds"], ["info", "Sounds/caf-named-as.wav"], ["fix", "--dry-run", "Sounds"]] {
            let result = try Soundcheck.run(arguments, in: folder.path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(".soundcheck.yml:2: max-duraton: unknown key"), "\(arguments): \(result.stderr)")
        }
        let given = try Soundcheck.run(["validate", "--config", "missing.yml", "Sounds"], in: folder.path)
        #expect(given.status == 2 && given.stderr.contains("missing.yml: cannot be read"))
        try "paths: [Sounds, Sonds]\n".write(to: folder.appendingPathComponent("typo.yml"), atomically: true, encoding: .utf8)
        let typo = try Soundcheck.run(["validate", "--config", "typo.yml"], in: folder.path)
        #expect(typo.status == 2 && typo.stderr.contains("typo.yml: paths: Sonds: no such file or folder"), "\(typo.stderr)")
    }

    @Test("init writes a starting file that validate reads, and never replaces one")
    func initCommand() throws {
        let folder = try project(nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Soundcheck.run(["init"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let path = folder.appendingPathComponent(".soundcheck.yml").path
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("max-duration: 30"))
        let check = try Soundcheck.run(["validate", "--format", "json", "Sounds"], in: folder.path)
        #expect(check.status == 0)
        #expect(try json(check)["configuration"] as? String == ".soundcheck.yml")
        try "strict: true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try Soundcheck.run(["init"], in: folder.path)
        #expect(second.status == 2 && second.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "strict: true\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("soundcheck-") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    @Test("fix cuts to the file's max-duration; resolve takes its locations")
    func fixAndResolve() throws {
        let folder = try project("max-duration: 10\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("Fixed").path
        let fixed = try Soundcheck.run(["fix", "--output-dir", out, "Sounds"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        let check = try Soundcheck.run(["validate", "--format", "json", "--no-config", out], in: folder.path)
        let durations = (try json(check)["files"] as? [[String: Any]] ?? []).compactMap { $0["duration"] as? Double }
        #expect(!durations.isEmpty && durations.allSatisfy { $0 < 10 }, "\(durations)")

        let app = "\(TestPaths.samples)/App"
        try "container: \(app)/Data\ngroups: [\(app)/Group]\nbundle: \(app)/Example.app\n".write(
            toFile: folder.appendingPathComponent(".soundcheck.yml").path, atomically: true, encoding: .utf8)
        let resolved = try Soundcheck.run(["resolve", "Welcome.caf"], in: folder.path)
        #expect(resolved.status == 0 && resolved.stdout.contains("Data/Library/Sounds/Welcome.caf"), "\(resolved.stdout)")
        #expect(try Soundcheck.run(["resolve", "--no-config", "Welcome.caf"], in: folder.path).status == 2)
    }
}

@Suite("soundcheck-validate (the plugins' tool) with --config")
struct PluginToolConfigurationTests {
    private func runTool(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Soundcheck.binary).deletingLastPathComponent().appendingPathComponent("soundcheck-validate")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readRemainingData(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("the file's policy applies, and a bad file is a diagnostic on it")
    func configured() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = "\(TestPaths.samples)/valid/ima4-29.992s-8000.caf"
        #expect(try runTool([sound], in: folder).status == 0)
        try "max-duration: 20\n".write(to: folder.appendingPathComponent("good.yml"), atomically: true, encoding: .utf8)
        let limited = try runTool(["--config", "good.yml", sound], in: folder)
        #expect(limited.status == 1 && limited.output.contains("\(sound):1: error: 29.992 s is not under 20 s [too-long]"))
        try "max-duration: 20\nrules: {too-long: warning}\n".write(to: folder.appendingPathComponent("warn.yml"), atomically: true, encoding: .utf8)
        let warned = try runTool(["--config", "warn.yml", sound], in: folder)
        #expect(warned.status == 0 && warned.output.contains(":1: warning: 29.992 s"))
        #expect(try runTool(["--strict", "--config", "warn.yml", sound], in: folder).status == 1)
        try "strict: yes please\n".write(to: folder.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        let bad = try runTool(["--config", "bad.yml", sound], in: folder)
        #expect(bad.status == 1 && bad.output.contains("bad.yml:1: error: strict: expected true or false"), "\(bad.output)")
    }
}
