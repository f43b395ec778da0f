import Foundation
import TestSupport
import Testing

@testable import AppValidation
@testable import soundcheck

/// Adopting soundcheck in a repository that already has findings: `--write-baseline` records
/// them, `--baseline` accepts them (only new ones fail), and a `soundcheck:ignore` comment
/// silences one line's finding where it is made.
@Suite("validate: baselines and inline ignores")
struct BaselineTests {
    /// An iOS app whose code asks for a sound nothing ships, and which ships a sound too long to play.
    static func appWithFindings() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.addXcodeProject("Chat.xcodeproj", target: "Chat", copying: ["Sounds/ding.caf", "Sounds/long.aifc"])
        try repository.add(.cafULaw, at: "Sounds/ding.caf")
        try FileManager.default.copyItem(
            atPath: TestPaths.samples + "/invalid/ima4-45s-8000.aifc",
            toPath: repository.root.appendingPathComponent("Sounds/long.aifc").path)
        try repository.write(notifyCode(asking: ["ding.caf", "gone.caf"]), at: "Chat/Notify.swift")
        // The alarm is a notification sound: its length is an error, not a warning, on the file and
        // on the line that asks for it (`requested-sound-fails`).
        try repository.write(notifyCode(asking: ["long.aifc"]), at: "Chat/Alarm.swift")
        return repository
    }

    /// Swift that asks for each of `names` on a line of its own (line 2 onwards), after `linesAbove` blank lines.
    static func notifyCode(asking names: [String], linesAbove: Int = 0) -> String {
        "import UserNotifications\n" + String(repeating: "\n", count: linesAbove)
            + names.map { "let _ = UNNotificationSound(named: UNNotificationSoundName(\"\($0)\"))\n" }.joined()
    }

    /// The baseline's findings as (file, code, name, count), parsed independently of soundcheck.
    static func entries(of url: URL) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["format"] as? String == "soundcheck-baseline")
        #expect(object["version"] as? Int == 1)
        return try #require(object["findings"] as? [[String: Any]])
    }

    @Test("a baseline written at the root makes the next run pass; a new finding fails it; keys survive a line move")
    func baselineAtTheRoot() throws {
        let repository = try Self.appWithFindings()
        defer { repository.remove() }
        let before = try repository.validate()
        #expect(before.status == 1)
        #expect(before.stdout.contains("Chat/Notify.swift:3 (ios): error: asks iOS for the sound 'gone.caf'"), "\(before.stdout)")
        #expect(before.stdout.contains("Sounds/long.aifc (target Chat, ios): error: 45.000 s is not under 30 s [too-long]"))

        // Writing reports as usual (the findings are there) and records them.
        let written = try repository.validate(["--write-baseline", "soundcheck-baseline.json"])
        #expect(written.status == 1)
        #expect(written.stdout == before.stdout)
        #expect(written.stderr.contains("soundcheck: recorded 3 findings in the baseline soundcheck-baseline.json"), "\(written.stderr)")
        let file = repository.root.appendingPathComponent("soundcheck-baseline.json")
        let entries = try Self.entries(of: file)
        #expect(entries.count == 3)
        #expect(entries.contains { $0["file"] as? String == "Chat/Alarm.swift" && $0["code"] as? String == "requested-sound-fails" })
        #expect(
            entries.contains {
                $0["file"] as? String == "Chat/Notify.swift" && $0["code"] as? String == "unknown-sound-name"
                    && $0["name"] as? String == "gone.caf" && $0["count"] as? Int == 1
            }, "\(entries)")
        #expect(
            entries.contains { $0["file"] as? String == "Sounds/long.aifc" && $0["code"] as? String == "too-long" && $0["name"] == nil })

        let accepted = try repository.validate(["--baseline", "soundcheck-baseline.json"])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(!accepted.stdout.contains("error:"))
        #expect(!accepted.stdout.contains("Chat/Notify.swift"), "a line of code with no finding left is not reported")
        #expect(accepted.stdout.contains("2 files: 2 passed, 0 failed, 0 warnings"), "a sound stays in the report, passing")
        #expect(accepted.stderr.contains("soundcheck: 3 findings accepted by the baseline soundcheck-baseline.json"), "\(accepted.stderr)")

        // Lines inserted above move the finding: its key has no line.
        try repository.write(Self.notifyCode(asking: ["ding.caf", "gone.caf"], linesAbove: 5), at: "Chat/Notify.swift")
        let moved = try repository.validate(["--baseline", "soundcheck-baseline.json"])
        #expect(moved.status == 0, "\(moved.stdout)")

        // A new finding fails, and only it is reported.
        try repository.write(Self.notifyCode(asking: ["ding.caf", "gone.caf", "new.caf"], linesAbove: 5), at: "Chat/Notify.swift")
        let grown = try repository.validate(["--baseline", "soundcheck-baseline.json"])
        #expect(grown.status == 1)
        #expect(grown.stdout.contains("Chat/Notify.swift:9 (ios): error: asks iOS for the sound 'new.caf'"), "\(grown.stdout)")
        #expect(!grown.stdout.contains("'gone.caf'"))
        #expect(!grown.stdout.contains("[too-long]"))

        // Fixed findings are said to be gone from the run, and rewriting the baseline drops them.
        try repository.write(Self.notifyCode(asking: ["ding.caf"]), at: "Chat/Notify.swift")
        let fixed = try repository.validate(["--baseline", "soundcheck-baseline.json", "--write-baseline", "soundcheck-baseline.json"])
        #expect(fixed.status == 0)
        #expect(
            fixed.stderr.contains("2 findings accepted by the baseline soundcheck-baseline.json; 1 of its findings no longer occurs"),
            "\(fixed.stderr)")
        #expect(try Self.entries(of: file).count == 2)
    }

    @Test("the baseline works with every report format, and its files are relative to its own folder")
    func everyFormatAndFolder() throws {
        let repository = try Self.appWithFindings()
        defer { repository.remove() }
        try repository.write("", at: "ci/.keep")
        let write = try repository.validate(["--write-baseline", "ci/baseline.json"])
        #expect(write.status == 1)
        let entries = try Self.entries(of: repository.root.appendingPathComponent("ci/baseline.json"))
        #expect(Set(entries.compactMap { $0["file"] as? String }) == ["../Chat/Notify.swift", "../Chat/Alarm.swift", "../Sounds/long.aifc"], "\(entries)")
        for format in ReportFormat.allCases {
            let result = try repository.validate(["--format", format.rawValue, "--baseline", "ci/baseline.json"])
            #expect(result.status == 0, "\(format): \(result.stdout)")
            #expect(!result.stdout.contains("gone.caf"), "\(format)")
            #expect(result.stderr.contains("3 findings accepted"), "\(format): \(result.stderr)")
        }
        let (_, files) = try repository.validateJSON(["--baseline", "ci/baseline.json"])
        #expect(files["Sounds/long.aifc"]?["verdict"] as? String == "pass")
        #expect(files["Sounds/long.aifc"]?.codes.contains("too-long") == false)
        // `baseline:` in .soundcheck.yml stands for --baseline, relative to the file's folder.
        try repository.write("baseline: ci/baseline.json\n", at: ".soundcheck.yml")
        let configured = try repository.validate()
        #expect(configured.status == 0, "\(configured.stdout)")
        #expect(configured.stderr.contains("3 findings accepted by the baseline ci/baseline.json"), "\(configured.stderr)")
        let fromCIConfigured = try Soundcheck.run(["validate", ".."], in: repository.root.appendingPathComponent("ci").path)
        #expect(fromCIConfigured.status == 0, "\(fromCIConfigured.stdout)\(fromCIConfigured.stderr)")
        try repository.write("baseline: ci/none.json\n", at: ".soundcheck.yml")
        let missing = try repository.validate()
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("ci/none.json: no such baseline file"), "\(missing.stderr)")
        // Writing the file the configuration names for the first time: it accepts nothing yet.
        let first = try repository.validate(["--write-baseline", "ci/none.json"])
        #expect(first.status == 1)
        #expect(first.stderr.contains("0 findings accepted by the baseline ci/none.json"), "\(first.stderr)")
        #expect(try repository.validate().status == 0)
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent(".soundcheck.yml"))
        // From another working folder, with the paths spelt from there, the same findings match.
        let fromCI = try Soundcheck.run(
            ["validate", "--baseline", "baseline.json", ".."], in: repository.root.appendingPathComponent("ci").path)
        #expect(fromCI.status == 0, "\(fromCI.stdout)\(fromCI.stderr)")
    }

    @Test("a key found twice is recorded twice and matches twice, no more")
    func duplicatesCount() throws {
        let repository = try Self.appWithFindings()
        defer { repository.remove() }
        try repository.write(Self.notifyCode(asking: ["gone.caf", "gone.caf"]), at: "Chat/Notify.swift")
        _ = try repository.validate(["--write-baseline", "baseline.json"])
        let entries = try Self.entries(of: repository.root.appendingPathComponent("baseline.json"))
        #expect(entries.contains { $0["name"] as? String == "gone.caf" && $0["count"] as? Int == 2 }, "\(entries)")
        #expect(try repository.validate(["--baseline", "baseline.json"]).status == 0)
        try repository.write(Self.notifyCode(asking: ["gone.caf", "gone.caf", "gone.caf"]), at: "Chat/Notify.swift")
        let third = try repository.validate(["--baseline", "baseline.json"])
        #expect(third.status == 1)
        let reported = third.stdout.split(separator: "\n").filter { $0.contains("'gone.caf'") }
        #expect(reported.count == 1, "\(third.stdout)")
    }

    @Test("a missing or invalid baseline is a usage error naming the file")
    func badBaselines() throws {
        let repository = try Self.appWithFindings()
        defer { repository.remove() }
        let missing = try repository.validate(["--baseline", "nothing.json"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains("nothing.json: no such baseline file (write one with --write-baseline nothing.json)"),
            "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
        let cases: [(text: String, problem: String)] = [
            ("{\"format\": \"soundcheck-baseline\", \"version\": 1, \"findings\": [", "not JSON"),
            ("{\"findings\": []}", "not a soundcheck baseline"),
            (
                "{\"format\": \"soundcheck-baseline\", \"version\": 2, \"findings\": []}",
                "version 2 is newer than this soundcheck reads (1)"
            ),
            (
                "{\"format\": \"soundcheck-baseline\", \"version\": 1, \"findings\": [{\"file\": \"a.caf\", \"code\": \"too-loud\"}]}",
                "findings[0]: 'too-loud' is no finding code"
            ),
            (
                "{\"format\": \"soundcheck-baseline\", \"version\": 1, \"findings\": [{\"file\": \"a.caf\", \"code\": \"too-long\", \"count\": 0}]}",
                "findings[0]: \"count\" is not a whole number of at least 1"
            ),
        ]
        for (text, problem) in cases {
            try repository.write(text, at: "bad.json")
            let result = try repository.validate(["--baseline", "bad.json"])
            #expect(result.status == 2, "\(text)")
            #expect(result.stderr.contains("bad.json: invalid baseline: \(problem)"), "\(result.stderr)")
        }
    }

    @Test("an inline ignore silences exactly one line's finding: the same name asked twice, one ignored, still fails once")
    func inlineIgnore() throws {
        let repository = try Self.appWithFindings()
        defer { repository.remove() }
        try repository.write(
            """
            import UserNotifications
            let a = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))  // soundcheck:ignore unknown-sound-name
            let b = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))
            """, at: "Chat/Notify.swift")
        let trailing = try repository.validate()
        #expect(trailing.status == 1)
        let lines = trailing.stdout.split(separator: "\n").filter { $0.contains("'gone.caf'") }
        #expect(lines.count == 1 && lines.first?.hasPrefix("Chat/Notify.swift:3 ") == true, "\(trailing.stdout)")

        // A comment alone on its line covers the next line, and only that one.
        try repository.write(
            """
            import UserNotifications
            // soundcheck:ignore unknown-sound-name - the companion app ships it
            let a = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))
            let b = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))
            """, at: "Chat/Notify.swift")
        let above = try repository.validate()
        let aboveLines = above.stdout.split(separator: "\n").filter { $0.contains("'gone.caf'") }
        #expect(aboveLines.count == 1 && aboveLines.first?.hasPrefix("Chat/Notify.swift:4 ") == true, "\(above.stdout)")

        // Both lines ignored: the run passes but for the long sound; a comment naming another code silences nothing.
        try repository.write(
            """
            import UserNotifications
            let a = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))  // soundcheck:ignore unknown-sound-name
            let b = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))  // soundcheck:ignore too-long
            let c = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))  // soundcheck:ignore
            let d = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))  // soundcheck:ignore too-long, unknown-sound-name
            """, at: "Chat/Notify.swift")
        let mixed = try repository.validate()
        let reported = mixed.stdout.split(separator: "\n").filter { $0.contains("'gone.caf'") }.map { $0.prefix(while: { $0 != " " }) }
        #expect(reported == ["Chat/Notify.swift:3", "Chat/Notify.swift:4"], "\(mixed.stdout)")
    }

    @Test("an ignore comment is read in each language's comment syntax, and only in a comment")
    func commentSyntax() {
        let slashes = InlineIgnores.commentOpeners(forExtension: "kt")
        #expect(slashes == ["//", "/*"])
        for ext in ["swift", "m", "mm", "h", "kt", "kts", "java", "dart", "js", "jsx", "ts", "tsx", "gradle"] {
            #expect(InlineIgnores.commentOpeners(forExtension: ext) == ["//", "/*"], "\(ext)")
        }
        #expect(InlineIgnores.commentOpeners(forExtension: "yaml") == ["#"])
        #expect(InlineIgnores.commentOpeners(forExtension: "xml") == ["<!--"])
        #expect(InlineIgnores.commentOpeners(forExtension: "json") == nil, "JSON has no comments")

        let yaml = InlineIgnores.comment(on: "  sound: chime.caf # soundcheck:ignore unknown-sound-name", openers: ["#"])
        #expect(yaml == .init(codes: [.unknownSoundName], standsAlone: false))
        let yamlAbove = InlineIgnores.comment(on: "  # soundcheck:ignore unknown-sound-name", openers: ["#"])
        #expect(yamlAbove?.standsAlone == true)
        let xml = InlineIgnores.comment(on: "<!-- soundcheck:ignore unknown-sound-name not-shipped -->", openers: ["<!--"])
        #expect(xml == .init(codes: [.unknownSoundName, .notShipped], standsAlone: true))
        let block = InlineIgnores.comment(on: "sound: 'a.caf', /* soundcheck:ignore unknown-sound-name */", openers: ["//", "/*"])
        #expect(block?.codes == [.unknownSoundName])
        #expect(InlineIgnores.comment(on: "let s = \"soundcheck:ignore unknown-sound-name\"", openers: ["//", "/*"]) == nil)
        #expect(InlineIgnores.comment(on: "// soundcheck:ignore because", openers: ["//"]) == nil, "a comment that names no code")
        #expect(
            InlineIgnores.comment(on: "sound: a # soundcheck:ignore unknown-sound-name", openers: ["//"]) == nil, "# is no comment in Swift"
        )

        let lines = InlineIgnores.lines([1, 3, 9], of: Array("one\r\ntwo\nthree\n".utf8))
        #expect(lines == [1: "one\r", 3: "three"])
    }
}
