import Foundation
import TestSupport
import Testing

/// `validate .` on a Tuist project: a `Project.swift` whose targets list their resources as
/// literal globs is read as the project `tuist generate` makes, never run; a computed one is a note.
@Suite("validate: Tuist manifests with literal resources")
struct TuistProjectTests {
    /// An app, its notification service extension and a test bundle, as Tuist 4's template writes them.
    static let manifest = """
        import ProjectDescription

        let notificationService: Target = .target(
            name: "NotificationService",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "com.example.chat.nse",
            sources: ["NotificationService/**"]
        )

        let project = Project(
            name: "Chat",
            targets: [
                .target(
                    name: "Chat",
                    destinations: .iOS,
                    product: .app,
                    bundleId: bundleID,
                    infoPlist: .extendingDefault(with: [:]),
                    sources: ["Chat/Sources/**"],
                    resources: [
                        .glob(pattern: "Chat/Resources/**", excluding: ["Chat/Resources/Drafts/**"]),
                        "Shared/*.{caf,wav}",
                        .folderReference(path: "Tones"),
                    ],
                    dependencies: [.target(name: "NotificationService")]
                ),
                notificationService,
                .target(name: "ChatTests", destinations: .iOS, product: .unitTests, bundleId: "t", resources: ["ChatTests/Fixtures/**"]),
            ]
        )
        """

    static func chat() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(manifest, at: "Project.swift")
        try repository.add(.cafULaw, at: "Chat/Resources/Sounds/chime.caf")
        try repository.add(.mp3, at: "Chat/Resources/Sounds/alert.mp3")
        try repository.add(.mp3, at: "Chat/Resources/Drafts/draft.mp3")
        try repository.add(.wav16, at: "Shared/bell.wav")
        try repository.add(.cafULaw, at: "Tones/ring.caf")
        try repository.add(.mp3, at: "ChatTests/Fixtures/fixture.mp3")
        try repository.write(
            """
            import UserNotifications
            final class NotificationService: UNNotificationServiceExtension {
                func sound(_ urgent: Bool) -> UNNotificationSound {
                    urgent ? UNNotificationSound(named: UNNotificationSoundName("bell.wav"))
                        : UNNotificationSound(named: UNNotificationSoundName("gong.caf"))
                }
            }
            """, at: "NotificationService/NotificationService.swift")
        return repository
    }

    @Test("each target's resources judged by Apple's rules, with what the globs leave out; names cross-checked")
    func literalResources() throws {
        let repository = try Self.chat()
        defer { repository.remove() }
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(files["Chat/Resources/Sounds/chime.caf"]?["target"] as? String == "Chat", "\(files.keys.sorted())")
        #expect(files["Chat/Resources/Sounds/chime.caf"]?["platform"] as? String == "ios")
        #expect(files["Chat/Resources/Sounds/alert.mp3"]?.codes.contains("unsupported-container") == true)
        #expect(files["Chat/Resources/Drafts/draft.mp3"]?.codes == ["not-bundled"], "excluded, so no target copies it")
        #expect(files["Shared/bell.wav"]?["target"] as? String == "Chat")
        #expect(files["Tones/ring.caf"]?.codes.contains("not-at-bundle-root") == true, "a folder reference lands in Tones/")
        #expect(files["ChatTests/Fixtures/fixture.mp3"]?.codes == ["not-shipped"], "a test bundle ships no app")
        #expect(files["Project.swift"] == nil, "read, so no config-not-read note")
        let text = try repository.validate()
        #expect(
            text.stdout.contains(
                "NotificationService/NotificationService.swift:5 (ios): error: asks iOS for the sound 'gong.caf', which no app here ships"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("'bell.wav', which"), "the app target ships bell.wav: \(text.stdout)")
        // The inventory of the build holds the manifest's app targets and what they copy.
        let inventory = try Soundcheck.run(["inventory", "."], in: repository.root.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inventory.stdout.utf8)) as? [String: Any])
        let apps = object["apps"] as? [[String: Any]] ?? []
        #expect(apps.compactMap { $0["name"] as? String } == ["Chat", "NotificationService"], "\(inventory.stdout)")
        let sounds = (apps.first?["sounds"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(sounds) == ["chime.caf", "alert.mp3", "bell.wav", "ring.caf"], "the folder reference's too: \(sounds)")
    }

    @Test("a computed manifest keeps its note and its sounds go unjudged by target; a committed project wins over the manifest")
    func computedAndGenerated() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.app(name: \"Chat\", resources: [\"Resources/**\"])\n",
            at: "Project.swift")
        try repository.add(.cafULaw, at: "Resources/chime.caf")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["Project.swift"]?.codes == ["config-not-read"])
        #expect(files["Resources/chime.caf"]?["platform"] as? String == "none")

        try repository.write(Self.manifest, at: "Project.swift")
        try repository.add(.cafULaw, at: "Chat/Resources/Sounds/chime.caf")
        try repository.addXcodeProject("Chat.xcodeproj", target: "Chat", copying: ["Resources/chime.caf"])
        let generated = try repository.validateJSON()
        #expect(generated.files["Resources/chime.caf"]?["target"] as? String == "Chat", "\(generated.files.keys.sorted())")
        #expect(generated.files["Chat/Resources/Sounds/chime.caf"]?.codes == ["not-bundled"], "the committed project copies no such file")
    }
}
