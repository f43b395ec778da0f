import Foundation
import TestSupport
import Testing

/// A name asked of iOS that the app ships only in a subfolder of its bundle (a folder reference)
/// plays the default sound: notifications look for a file at the bundle root or in
/// Library/Sounds only.
@Suite("validate: a name whose file lands in a subfolder of the bundle")
struct BundleSubfolderNameTests {
    static func app() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(
            """
            name: Chat
            targets:
              Chat:
                type: application
                platform: iOS
                sources:
                  - path: Chat
                  - path: Tones
                    type: folder
            """, at: "project.yml")
        try repository.add(.cafULaw, at: "Chat/ding.caf")
        try repository.add(.cafULaw, at: "Tones/ring.caf")
        try repository.write(
            """
            import UserNotifications
            let sounds = [
                UNNotificationSound(named: UNNotificationSoundName("ding.caf")),
                UNNotificationSound(named: UNNotificationSoundName("ring.caf")),
                UNNotificationSound(named: UNNotificationSoundName("Tones/ring.caf")),
            ]
            """, at: "Chat/Notify.swift")
        return repository
    }

    @Test("a name only a folder reference ships is an error on its line, with where the file lands")
    func folderReference() throws {
        let repository = try Self.app()
        defer { repository.remove() }
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "Chat/Notify.swift:4 (ios): error: asks iOS for the sound 'ring.caf', which no app here ships, so the default sound plays "
                    + "('ring.caf' lands only at Tones/ring.caf in the bundle (copied from Tones/ring.caf); a notification looks for it "
                    + "at the bundle root or in Library/Sounds only: copy the file itself, not its folder) [unknown-sound-name]"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("Chat/Notify.swift:3"), "ding.caf lands at the bundle root")
        #expect(!text.stdout.contains("Chat/Notify.swift:5"), "a name with the folder's path keeps the sound's own not-at-bundle-root")
        #expect(text.stdout.contains("Tones/ring.caf (target Chat, ios): error: lands at Tones/ring.caf in the bundle"))
    }

    @Test("a loose file outside every app answers no name that a target lands in a subfolder")
    func looseCopy() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            name: Chat
            targets:
              Chat:
                type: application
                platform: iOS
                sources:
                  - path: Chat
                  - path: assets
                    type: folder
            """, at: "ios/project.yml")
        try repository.add(.cafULaw, at: "ios/assets/sounds/ring.caf")
        try repository.add(.cafULaw, at: "media/sounds/ring.caf")
        try repository.add(.cafULaw, at: "media/sounds/bell.caf")
        try repository.write(
            """
            import UserNotifications
            let ring = UNNotificationSound(named: UNNotificationSoundName("ring.caf"))
            let bell = UNNotificationSound(named: UNNotificationSoundName("bell.caf"))
            """, at: "ios/Chat/Notify.swift")
        let text = try repository.validate()
        #expect(
            text.stdout.contains("ios/Chat/Notify.swift:2 (ios): error: asks iOS for the sound 'ring.caf'")
                && text.stdout.contains("'ring.caf' lands only at assets/sounds/ring.caf in the bundle"), "\(text.stdout)")
        #expect(!text.stdout.contains("Notify.swift:3"), "a loose file answers a name no target places")
    }

    @Test("a copy at the bundle root by another target answers the name")
    func alsoAtRoot() throws {
        let repository = try Self.app()
        defer { repository.remove() }
        try repository.write(
            """
            name: Chat
            targets:
              Chat:
                type: application
                platform: iOS
                sources:
                  - path: Chat
                  - path: Tones
                    type: folder
              ChatNSE:
                type: app-extension
                platform: iOS
                sources: [Tones]
            """, at: "project.yml")
        let text = try repository.validate()
        #expect(!text.stdout.contains("unknown-sound-name"), "\(text.stdout)")
    }
}
