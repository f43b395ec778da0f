import AppValidation
import Foundation
import TestSupport
import Testing

/// The article "Judging an app from a Swift tool" shows `EmbeddingExample.swift` as it is: the
/// test target compiles it, and these tests run it.
@Suite("the embedding article's example")
struct EmbeddingArticleTests {
    @Test("the article's code is the example this target compiles, character for character")
    func articleShowsTheCompiledExample() throws {
        let article = try String(
            contentsOfFile: TestPaths.packageRoot + "/Sources/AppValidation/AppValidation.docc/JudgingAnAppFromASwiftTool.md", encoding: .utf8)
        let example = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/AppValidationTests/EmbeddingExample.swift", encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks == [example])
    }

    @Test("on an Expo app, the example reports the line that asks for a sound no app ships, on both platforms")
    func reportsTheUnknownName() throws {
        let repository = try expoApp(asking: "chime.wav")
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let (lines, passed) = try soundFindings(in: repository)
        let message = "which no app here ships, so the default sound plays [unknown-sound-name]"
        #expect(
            lines == [
                "\(repository)/App.js:5: error: asks iOS for the sound 'chime.wav', \(message)",
                "\(repository)/App.js:5: error: asks Android for the sound 'chime.wav', \(message)",
            ])
        #expect(!passed)
    }

    @Test("the same app asking for the sound it ships passes, with nothing to say")
    func passesTheShippedName() throws {
        let repository = try expoApp(asking: "ding.wav")
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let (lines, passed) = try soundFindings(in: repository)
        #expect(lines.isEmpty)
        #expect(passed)
    }

    @Test("a path that does not exist is a usage failure naming it")
    func missingPathThrows() {
        #expect {
            _ = try soundFindings(in: "/no/such/repository")
        } throws: { error in
            (error as? UsageFailure)?.message == "/no/such/repository: no such file or folder"
        }
    }

    /// A new Expo app that ships `assets/ding.wav` (16-bit PCM) and whose `App.js` asks for `name`.
    private func expoApp(asking name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "embedding-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.samples + "/valid/wav-LEI16-mono-22050.wav", toPath: folder + "/assets/ding.wav")
        try #"{"expo": {"name": "Demo", "plugins": [["expo-notifications", {"sounds": ["./assets/ding.wav"]}]]}}"#
            .write(toFile: folder + "/app.json", atomically: true, encoding: .utf8)
        try """
        import * as Notifications from 'expo-notifications';

        export async function remind() {
          await Notifications.scheduleNotificationAsync({
            content: { title: 'Time', sound: '\(name)' },
            trigger: null,
          });
        }

        """.write(toFile: folder + "/App.js", atomically: true, encoding: .utf8)
        return folder
    }
}
