import Foundation
import Testing

/// An Xcode target that builds for macOS is `macos` in reports, JSON and the inventory, judged by
/// the same notification rules as iOS.
@Suite("macOS targets")
struct MacOSTargetTests {
    @Test("a Flutter app's macos/Runner: macos in text and JSON, Apple's rules, beside ios/Runner")
    func flutterRunner() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        // Flutter's templates set SDKROOT in the project's configurations, not the target's.
        try repository.addXcodeProject(
            "ios/Runner.xcodeproj", targets: ["Runner"], copying: ["Runner/chime.caf"], projectSettings: ["SDKROOT": "iphoneos"])
        try repository.addXcodeProject(
            "macos/Runner.xcodeproj", targets: ["Runner"], copying: ["Runner/chime.caf", "Runner/alert.mp3"],
            projectSettings: ["SDKROOT": "macosx"])
        try repository.add(.cafULaw, at: "ios/Runner/chime.caf")
        try repository.add(.cafULaw, at: "macos/Runner/chime.caf")
        try repository.add(.mp3, at: "macos/Runner/alert.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(files["ios/Runner/chime.caf"]?["platform"] as? String == "ios")
        #expect(files["macos/Runner/chime.caf"]?["platform"] as? String == "macos")
        #expect(files["macos/Runner/chime.caf"]?["verdict"] as? String == "pass")
        // The same rules as iOS: an MP3 is no notification sound there either.
        #expect(files["macos/Runner/alert.mp3"]?["platform"] as? String == "macos")
        #expect(files["macos/Runner/alert.mp3"]?.codes == ["unsupported-container", "purpose-unknown"])
        #expect(status == 0, "nothing names alert.mp3: its failure is a warning")
        let text = try repository.validate().stdout
        #expect(text.contains("macos/Runner/chime.caf (target Runner, macos): ok"), "\(text)")
        #expect(text.contains("ios/Runner/chime.caf (target Runner, ios): ok"), "\(text)")
        // --platform ios takes Apple's apps, macOS's too; android leaves them out.
        #expect(try repository.validateJSON(["--platform", "ios"]).files["macos/Runner/alert.mp3"]?["platform"] as? String == "macos")
        #expect(try repository.validateJSON(["--platform", "android"]).files["macos/Runner/alert.mp3"] == nil)

        // The inventory: one ios app and one macos app; the iOS one answers by default.
        let inventory = repository.root.appendingPathComponent("inventory.json").path
        #expect(try Soundcheck.run(["inventory", repository.root.path, "-o", inventory]).status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: inventory))) as? NSDictionary
        let apps = try #require(listed?["apps"] as? [NSDictionary])
        #expect(apps.map { $0["platform"] as? String } == ["ios", "macos"])
        let macName = try #require(apps.last?["name"] as? String)
        #expect(macName.hasPrefix("Runner (") && macName.contains("macos/Runner.xcodeproj"))
        #expect(try Soundcheck.run(["resolve", "chime.caf", "--inventory", inventory]).status == 0)
        #expect(try Soundcheck.run(["resolve", "alert.mp3", "--inventory", inventory]).status == 1, "the iOS app ships no alert.mp3")
        let mac = try Soundcheck.run(["resolve", "alert.mp3", "--inventory", inventory, "--app", macName, "--format", "json"])
        #expect(mac.status == 1)
        #expect(mac.stdout.contains(#""reason":"invalid-file""#), "\(mac.stdout)")
    }

    @Test("an Xcode project's targets: the SDK of each says which is macOS; SUPPORTED_PLATFORMS alone too")
    func xcodeTargets() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject(
            "Bells.xcodeproj", targets: ["Bells", "BellsMac", "BellsMenu"], copying: ["ding.caf"], projectSettings: ["SDKROOT": "iphoneos"],
            targetSettings: ["BellsMac": ["SDKROOT": "macosx"], "BellsMenu": ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "macosx"]])
        try repository.add(.cafULaw, at: "ding.caf")
        let result = try Soundcheck.run(["validate", "--format", "json", "Bells.xcodeproj"], in: repository.root.path)
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let files = try #require(document?["files"] as? [[String: Any]])
        let platforms = Dictionary(uniqueKeysWithValues: files.map { ($0["target"] as? String ?? "", $0["platform"] as? String ?? "") })
        #expect(platforms == ["Bells": "ios", "BellsMac": "macos", "BellsMenu": "macos"])
    }

    @Test("a built macOS app: its Contents/Resources sounds are macos, its Contents/Info.plist names it in the inventory")
    func builtApp() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.cafULaw, at: "Bells.app/Contents/Resources/ding.caf")
        try repository.add(.cafULaw, at: "Bells.app/Contents/Resources/Sounds/deep.caf")
        try repository.write(
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.bells</string></dict></plist>"#,
            at: "Bells.app/Contents/Info.plist")
        let app = repository.root.appendingPathComponent("Bells.app").path
        let validated = try Soundcheck.run(["validate", "--format", "json", app])
        let document = try JSONSerialization.jsonObject(with: Data(validated.stdout.utf8)) as? [String: Any]
        let files = try #require(document?["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0["platform"] as? String == "macos" })
        #expect(files.first { ($0["path"] as? String)?.hasSuffix("Sounds/deep.caf") == true }?.codes == ["not-at-bundle-root"])
        let listed = try Soundcheck.run(["inventory", app])
        let apps = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? NSDictionary)?["apps"] as? [NSDictionary])
        #expect(apps.first?["platform"] as? String == "macos")
        #expect(apps.first?["identifier"] as? String == "com.example.bells")
        #expect(apps.first?["bundle"] as? String == app + "/Contents/Resources")
        #expect(try Soundcheck.run(["resolve", "ding.caf", "--inventory", "-"], input: Data(listed.stdout.utf8)).status == 0)
        #expect(try Soundcheck.run(["resolve", "deep.caf", "--inventory", "-"], input: Data(listed.stdout.utf8)).status == 1)
        // The folders resolve as the inventory does: Contents/Resources is the bundle's root.
        let plays = try Soundcheck.run(["resolve", "ding.caf", "--bundle", app])
        #expect(plays.status == 0)
        #expect(plays.stdout.contains(app + "/Contents/Resources/ding.caf"), "\(plays.stdout)")
        #expect(try Soundcheck.run(["resolve", "deep.caf", "--bundle", app]).status == 1)
    }
}
