import Foundation
import TestSupport
import Testing

/// `validate .` on generated projects (XcodeGen, Tuist, an `.xcodeproj` without its project
/// file) and on apps whose code shows which sounds are notification sounds and which the app
/// plays itself.
@Suite("validate on generated projects, and what each sound is for")
struct ProjectPurposeTests {
    @Test("XcodeGen: include:, target sources with excludes, a folder resource, no project.pbxproj committed")
    func xcodeGen() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "name: Chat\ninclude:\n  - path: Chat/target.yml\ntargets:\n  ChatNSE:\n    type: app-extension\n    platform: iOS\n    sources: [Shared]\n",
            at: "project.yml")
        try repository.write(
            """
            targets:
              Chat:
                type: application
                platform: iOS
                sources:
                  - path: .
                    excludes:
                      - "Unused/**"
                  - path: ../Shared
                  - path: ../Tones
                    type: folder
              ChatTests:
                type: bundle.unit-test
                platform: iOS
                sources: [../ChatTests]
            """, at: "Chat/target.yml")
        try repository.write("", at: "Chat.xcodeproj/xcshareddata/xcschemes/Chat.xcscheme")
        try repository.add(.cafULaw, at: "Chat/Sounds/message.caf")
        try repository.add(.mp3, at: "Chat/Unused/old.mp3")
        try repository.add(.cafULaw, at: "Shared/chime.caf")
        try repository.add(.cafULaw, at: "Tones/ring.caf")
        try repository.add(.mp3, at: "ChatTests/fixture.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0, "the folder reference lands ring.caf outside the bundle root, which matters only to a notification sound")
        #expect(files["Chat/Sounds/message.caf"]?["target"] as? String == "Chat")
        #expect(files["Chat/Sounds/message.caf"]?["verdict"] as? String == "pass")
        #expect(files["Shared/chime.caf"]?["targets"] as? [String] == ["Chat", "ChatNSE"])
        #expect(files["Tones/ring.caf"]?.codes == ["not-at-bundle-root", "purpose-unknown"])
        #expect(files["Chat/Unused/old.mp3"]?.codes == ["not-bundled"], "excluded, so no target copies it")
        #expect(files["ChatTests/fixture.mp3"]?.codes == ["not-shipped"], "a test bundle copies it, and ships no app")
        #expect(files["Chat.xcodeproj/project.pbxproj"] == nil, "the spec stands in for the missing project file")
    }

    @Test("an .xcodeproj without project.pbxproj and no spec is a note; a Tuist Project.swift made by a helper is a note")
    func unreadProjects() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("", at: "Old.xcodeproj/xcshareddata/WorkspaceSettings.xcsettings")
        try repository.write(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.app(name: \"App\", resources: appResources)\n",
            at: "App/Project.swift")
        try repository.add(.cafULaw, at: "App/Resources/ding.caf")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["Old.xcodeproj"]?.codes == ["config-not-read"])
        #expect(files["App/Project.swift"]?.codes == ["config-not-read"])
        #expect(files["App/Resources/ding.caf"]?["platform"] as? String == "none")
    }

    @Test("purpose: a call tone played with AVAudioPlayer is the app's; UNNotificationSound's is a notification sound")
    func purpose() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject(
            "Chat.xcodeproj", target: "Chat", copying: ["Chat/ringtone.mp3", "Chat/alert.caf", "Chat/mystery.mp3", "Chat/ping.caf"])
        try repository.add(.mp3, at: "Chat/ringtone.mp3")
        try repository.add(.cafULaw, at: "Chat/alert.caf")
        try repository.add(.mp3, at: "Chat/mystery.mp3")
        try repository.add(.cafULaw, at: "Chat/ping.caf")
        try repository.write(
            """
            import AVFoundation
            final class CallTone {
                let player = try? AVAudioPlayer(contentsOf: Bundle.main.url(forResource: "ringtone", withExtension: "mp3")!)
                let headers = ["ping": "pong"]  // a word that is also a sound's name, not naming it
            }
            """, at: "Chat/CallTone.swift")
        try repository.write(
            """
            import UserNotifications
            func notify(_ content: UNMutableNotificationContent) {
                let name = "alert.caf"
                content.sound = UNNotificationSound(named: UNNotificationSoundName(name))
            }
            """, at: "Chat/Notifier.swift")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0, "mystery.mp3 is judged as a notification sound, but nothing names it: a warning")
        let tone = try #require(files["Chat/ringtone.mp3"])
        #expect(tone["purpose"] as? String == "app")
        #expect(tone["verdict"] as? String == "pass")
        #expect(tone.codes == ["app-sound"])
        #expect((tone["findings"] as? [[String: Any]])?.first?["message"] as? String == "played by the app itself (named at Chat/CallTone.swift:3, and by no notification API), so notification rules were not applied")
        #expect(files["Chat/alert.caf"]?["purpose"] as? String == "notification")
        #expect(files["Chat/ping.caf"]?["purpose"] as? String == "unknown")
        #expect(files["Chat/ping.caf"]?.codes == [], "a passing sound nothing names gets no note")
        #expect(files["Chat/mystery.mp3"]?["purpose"] as? String == "unknown")
        #expect(files["Chat/mystery.mp3"]?.codes == ["unsupported-container", "purpose-unknown"])
        #expect(files["Chat/mystery.mp3"]?["verdict"] as? String == "pass")
        // --strict holds the app's own sounds to the notification rules too, and so does
        // notification-sounds: in the configuration; --no-names reads no code at all.
        let strict = try repository.validateJSON(["--strict"])
        #expect(strict.files["Chat/ringtone.mp3"]?.codes == ["unsupported-container"])
        let unread = try repository.validateJSON(["--no-names"])
        #expect(unread.files["Chat/ringtone.mp3"]?["purpose"] as? String == "unknown")
        #expect(unread.files["Chat/alert.caf"]?["purpose"] as? String == "unknown")
        try repository.write("notification-sounds: [\"Chat/ring*.mp3\"]\n", at: ".soundcheck.yml")
        let configured = try repository.validateJSON()
        #expect(configured.files["Chat/ringtone.mp3"]?["purpose"] as? String == "app")
        #expect(configured.files["Chat/ringtone.mp3"]?.codes == ["unsupported-container"])
    }

    @Test("a sound copied by three targets is reported once, naming them")
    func threeTargets() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("Chat.xcodeproj", targets: ["Chat", "ChatNSE", "ChatWidget"], copying: ["Sounds/long.mp3"])
        try repository.add(.mp3, at: "Sounds/long.mp3")
        let result = try repository.validate()
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Sounds/long.mp3") && $0.contains("[unsupported-container]") }
        #expect(lines == ["Sounds/long.mp3 (targets Chat, ChatNSE, ChatWidget, ios): warning: if it is a notification sound: this is an MP3 file (with an ID3 tag), not AIFF, AIFF-C, WAV or CAF [unsupported-container]"])
    }
}
