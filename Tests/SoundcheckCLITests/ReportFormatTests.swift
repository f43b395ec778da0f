import Foundation
import SoundPolicy
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The report formats for Xcode, code scanning, merge requests and step summaries, `--output`,
/// `--version`, `codes` and `explain`, run as a process.
@Suite("Report formats and discoverability, run as a process")
struct ReportFormatTests {
    static let mixed = ["Samples/invalid/flac.flac", "Samples/valid/caf-named-as.wav", "Samples/valid/caf-ulaw-mono-8000.caf"]

    @Test("xcode: ABSOLUTE_PATH:1: severity: message [code], which Xcode attaches to the file")
    func xcode() throws {
        let result = try Soundcheck.run(["validate", "--format", "xcode"] + Self.mixed)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(TestPaths.packageRoot)/Samples/invalid/flac.flac:1: error: this is a FLAC file, not AIFF, AIFF-C, WAV or CAF [unsupported-container]"))
        #expect(lines.contains { $0.hasPrefix("\(TestPaths.packageRoot)/Samples/valid/caf-named-as.wav:1: warning: ") && $0.hasSuffix("[extension-mismatch]") })
        #expect(lines.last == "3 files: 2 passed, 1 failed, 1 warning")
    }

    @Test("sarif: SARIF 2.1.0 with a rule per finding code, results pointing at their rules")
    func sarif() throws {
        let result = try Soundcheck.run(["validate", "--format", "sarif", "Samples/invalid", "Samples/Projects/Example"])
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == FindingCode.allCases.map(\.rawValue))
        #expect(rules.allSatisfy { (($0["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count > 16)
        for item in results {
            let id = try #require(item["ruleId"] as? String)
            let index = try #require(item["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id)
            #expect(["error", "warning", "note"].contains(item["level"] as? String))
            let location = try #require((item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.contains(" ") && !uri.isEmpty)
        }
    }

    @Test("gitlab: Code Quality issues with fingerprints unique within a run and stable across runs")
    func gitlab() throws {
        let first = try Soundcheck.run(["validate", "--format", "gitlab", "Samples/invalid", "Samples/valid"])
        let second = try Soundcheck.run(["validate", "--format", "gitlab", "Samples/invalid", "Samples/valid"])
        #expect(first.status == 1)
        #expect(first.stdout == second.stdout)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == issues.count)
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(issues.allSatisfy { ["major", "minor"].contains($0["severity"] as? String) })
        #expect(issues.contains { ($0["location"] as? [String: Any])?["path"] as? String == "Samples/invalid/flac.flac" })
    }

    @Test("markdown and checkstyle: a table and well-formed XML with an error per finding")
    func markdownAndCheckstyle() throws {
        let markdown = try Soundcheck.run(["validate", "--format", "markdown"] + Self.mixed)
        #expect(markdown.stdout.hasPrefix("### soundcheck: 3 files: 2 passed, 1 failed, 1 warning\n\n| | File | Finding | Code |\n|---|---|---|---|\n"))
        #expect(markdown.stdout.contains("| ❌ error | `Samples/invalid/flac.flac` | this is a FLAC file"))
        let clean = try Soundcheck.run(["validate", "--format", "markdown", "Samples/valid/caf-ulaw-mono-8000.caf"])
        #expect(clean.stdout.hasSuffix("Every sound will play.\n"))
        let checkstyle = try Soundcheck.run(["validate", "--format", "checkstyle"] + Self.mixed)
        let document = try XMLDocument(data: Data(checkstyle.stdout.utf8))
        #expect(document.rootElement()?.name == "checkstyle")
        let errors = try document.nodes(forXPath: "//error")
        #expect(errors.count == 2)
        #expect(try document.nodes(forXPath: "//error[@severity='error'][@source='soundcheck.unsupported-container']").count == 1)
    }

    @Test("--output writes the report atomically and leaves nothing else; a folder that is not there is a usage error")
    func output() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: report))
        let result = try Soundcheck.run(["validate", "--format", "json", "--output", report] + Self.mixed)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
        let missing = try Soundcheck.run(["validate", "-o", folder.appendingPathComponent("no/such/report.txt").path] + Self.mixed)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot be written there"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
        let onFolder = try Soundcheck.run(["validate", "-o", folder.path] + Self.mixed)
        #expect(onFolder.status == 2 && onFolder.stderr.contains("is a folder: name a file to write"), "\(onFolder.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"], "no temporary file is left")
        let mode = try FileManager.default.attributesOfItem(atPath: report)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044, "a report is readable like any new file (umask 022), not private")
    }

    @Test("--version has one source, which README.md and CHANGELOG.md name; codes lists every code; explain one")
    func discoverability() throws {
        let version = try Soundcheck.run(["--version"])
        #expect(version.status == 0)
        let number = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(number.split(separator: ".").count == 3)
        let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
        let changelog = try String(contentsOfFile: TestPaths.packageRoot + "/CHANGELOG.md", encoding: .utf8)
        #expect(readme.contains("soundcheck \(number)"))
        #expect(changelog.contains("## \(number) "))
        let codes = try Soundcheck.run(["codes"])
        #expect(codes.stdout.split(separator: "\n").count == FindingCode.allCases.count)
        for code in FindingCode.allCases {
            #expect(codes.stdout.contains(code.rawValue + " "))
        }
        let explained = try Soundcheck.run(["explain", "too-long"])
        #expect(explained.stdout.hasPrefix("too-long (error)\nThe sound is not under the duration limit (30 s).\n\n"))
        let unknown = try Soundcheck.run(["explain", "too-loud"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'too-loud' is no finding code"))
    }
}
