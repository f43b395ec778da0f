import Foundation
import TestSupport
import Testing

/// A report on what is not a sound (a config's note, a line of code) is never a passed file, and
/// the HTML report gives it no sound's row.
@Suite("validate: reports on what is not a sound")
struct NonSoundReportTests {
    @Test("a config's note is no passed file nor a sound row; an error on a line of code is a failed file")
    func notesAndErrorsOnCode() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("export default ({ config }) => ({ ...config, plugins: ['expo-notifications'] });", at: "app.config.js")
        try repository.addXcodeProject("ios/app.xcodeproj", target: "app", copying: ["app/ding.caf"])
        try repository.add(.cafULaw, at: "ios/app/ding.caf")
        try repository.write(
            "import UserNotifications\nlet sound = UNNotificationSound(named: UNNotificationSoundName(\"ding.caf\"))\n",
            at: "ios/app/Notify.swift")
        let text = try repository.validate()
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("1 file: 1 passed, 0 failed, 0 warnings, 1 note\n"), "\(text.stdout)")
        let html = try repository.validate(["--format", "html"])
        let configRow = try #require(Self.row(of: "app.config.js", in: html.stdout))
        #expect(configRow.contains("ℹ note"), "\(configRow)")
        #expect(!configRow.contains("✓ pass"))
        #expect(!configRow.contains("No waveform"), "no sound's figure for a config")
        #expect(html.stdout.contains(#"<span class="pass">1 pass</span>"#))
        let soundRow = try #require(Self.row(of: "ios/app/ding.caf", in: html.stdout))
        #expect(soundRow.contains("✓ pass"))

        try repository.write(
            "import UserNotifications\nlet sound = UNNotificationSound(named: UNNotificationSoundName(\"gone.caf\"))\n",
            at: "ios/app/Notify.swift")
        let failing = try repository.validate()
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix("2 files: 1 passed, 1 failed, 0 warnings, 1 note\n"), "\(failing.stdout)")
        let failingHTML = try repository.validate(["--format", "html"])
        let codeRow = try #require(Self.row(of: "ios/app/Notify.swift", in: failingHTML.stdout))
        #expect(codeRow.contains("✗ error"), "\(codeRow)")
        #expect(!codeRow.contains("No waveform"))
    }

    /// The `<tbody>` of the report's row for `path`.
    static func row(of path: String, in html: String) -> String? {
        guard let start = html.range(of: #"data-path="\#(path)"#) else { return nil }
        guard let end = html.range(of: "</tbody>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
