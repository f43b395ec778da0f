import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The sound that was never added: names are judged against what each platform ships even when
/// that is nothing, and a folder whose apps ship no sound and ask for none has nothing to check.
@Suite("validate: names asked of apps that ship no sound; nothing to check")
struct UnshippedNamesTests {
    /// A native Android app as Android Studio lays it out, with no `res/raw` anywhere, whose
    /// `app/src/main/java/com/x/N.kt` holds `code`.
    static func androidWithoutRaw(_ code: String) throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(
            "plugins {\n    id 'com.android.application'\n}\nandroid {\n    namespace 'com.x'\n}\n", at: "app/build.gradle")
        try repository.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n    <application android:label=\"x\" />\n</manifest>\n",
            at: "app/src/main/AndroidManifest.xml")
        try repository.write(code, at: "app/src/main/java/com/x/N.kt")
        return repository
    }

    static let channel = """
        package com.x

        fun channel(ctx: Context) {
            val ch = NotificationChannel("c", "n", NotificationManager.IMPORTANCE_HIGH)
            ch.setSound(Uri.parse("android.resource://" + ctx.packageName + "/raw/chime"), null)
        }
        """

    @Test("an Android module with no res/raw: the channel's sound is unknown on its line, exit 1")
    func androidModuleWithoutRaw() throws {
        let repository = try Self.androidWithoutRaw(Self.channel)
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "app/src/main/java/com/x/N.kt:5 (android): error: asks Android for the sound 'chime', which no app here ships, so the default sound plays (no app here ships a raw resource at all) [unknown-sound-name]"
            ), "\(result.stdout)")
        #expect(!result.stderr.contains("nothing to check"))
        // Shipping the resource answers it.
        try repository.add(.wav16, at: "app/src/main/res/raw/chime.wav")
        let shipped = try repository.validate()
        #expect(shipped.status == 0, "\(shipped.stdout)")
        #expect(!shipped.stdout.contains("unknown-sound-name"))
    }

    @Test("an Xcode target that copies no sound: the name is unknown on its line")
    func xcodeTargetWithoutSound() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("App.xcodeproj", target: "App", copying: ["App/Info.plist"])
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "App/Info.plist")
        try repository.write(
            """
            import UserNotifications
            let content = UNMutableNotificationContent()
            content.sound = UNNotificationSound(named: UNNotificationSoundName("ping.caf"))
            """, at: "App/Notify.swift")
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "App/Notify.swift:3 (ios): error: asks iOS for the sound 'ping.caf', which no app here ships, so the default sound plays (no app here ships a sound to iOS at all) [unknown-sound-name]"
            ), "\(result.stdout)")
    }

    @Test("an Expo config with no sounds: a scheduled notification's sound is unknown on both platforms")
    func expoWithoutSounds() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"expo": {"name": "a", "plugins": ["expo-notifications"]}}"#, at: "app.json")
        try repository.write(
            """
            import * as Notifications from 'expo-notifications';
            await Notifications.scheduleNotificationAsync({ content: { title: 'Hi', sound: 'bell.wav' }, trigger: null });
            """, at: "src/notify.ts")
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "src/notify.ts:2 (ios): error: asks iOS for the sound 'bell.wav', which no app here ships, so the default sound plays (no app here ships a sound to iOS at all)"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "src/notify.ts:2 (android): error: asks Android for the sound 'bell.wav', which no app here ships, so the default sound plays (no app here ships a raw resource at all)"
            ), "\(result.stdout)")
    }

    @Test("a Flutter app whose android/ has no raw folder: each platform's name is unknown on its line")
    func flutterWithoutRaw() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        try repository.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n", at: "android/app/src/main/AndroidManifest.xml")
        try repository.write("<resources />\n", at: "android/app/src/main/res/values/styles.xml")
        try repository.addXcodeProject("ios/Runner.xcodeproj", target: "Runner", copying: ["Runner/Info.plist"])
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "ios/Runner/Info.plist")
        try repository.write(
            """
            import 'package:flutter_local_notifications/flutter_local_notifications.dart';
            const details = NotificationDetails(
              android: AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime')),
              iOS: DarwinNotificationDetails(sound: 'chime.caf'),
            );
            """, at: "lib/notify.dart")
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "lib/notify.dart:3 (android): error: asks Android for the sound 'chime', which no app here ships, so the default sound plays (no app here ships a raw resource at all)"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "lib/notify.dart:4 (ios): error: asks iOS for the sound 'chime.caf', which no app here ships, so the default sound plays (no app here ships a sound to iOS at all)"
            ), "\(result.stdout)")
    }

    @Test("apps with no sound and no request: one line says so, exit 0; every report stays valid and empty")
    func nothingToCheck() throws {
        let repository = try Self.androidWithoutRaw("package com.x\n\nclass Main : Activity()\n")
        defer { repository.remove() }
        let note =
            ".: nothing to check: found an Android module (app/src/main/AndroidManifest.xml), shipping no sound of its own and asking for none, so its notifications play the default sound"
        let text = try repository.validate()
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr == "soundcheck: \(note)\n", "\(text.stderr)")
        #expect(text.stdout == "0 files: 0 passed, 0 failed, 0 warnings\n", "\(text.stdout)")

        let json = try repository.validate(["--format", "json"])
        #expect(json.status == 0)
        #expect(json.stderr.contains(note))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["files"] as? [Any])?.isEmpty == true)
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 0)

        let sarif = try repository.validate(["--format", "sarif"])
        #expect(sarif.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)

        let junit = try repository.validate(["--format", "junit"])
        #expect(junit.status == 0)
        let document = try XMLDocument(data: Data(junit.stdout.utf8))
        #expect(document.rootElement()?.name == "testsuites")
        #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "0")
        #expect(try document.nodes(forXPath: "//testcase").isEmpty)

        // The GitHub Action's format: a notice on the run, and a green check.
        let github = try repository.validate(["--format", "github"])
        #expect(github.status == 0)
        #expect(github.stdout.hasPrefix("::notice title=soundcheck::\(note)\n"), "\(github.stdout)")
        #expect(github.stderr.isEmpty, "\(github.stderr)")

        // A debug source set's resources beside it: the module is still shown by its main source set.
        try repository.write("<resources><string name=\"app_name\">x debug</string></resources>\n", at: "app/src/debug/res/values/strings.xml")
        let debug = try repository.validate()
        #expect(debug.stderr == "soundcheck: \(note)\n", "\(debug.stderr)")
    }

    @Test("an Xcode project given itself, whose targets copy no sound: the same line, exit 0")
    func projectWithoutSound() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("App.xcodeproj", target: "App", copying: ["App/Info.plist"])
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "App/Info.plist")
        let result = try Soundcheck.run(["validate", "App.xcodeproj"], in: repository.root.path)
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "soundcheck: App.xcodeproj: nothing to check: its targets copy no sound, so their notifications play the default sound\n",
            "\(result.stderr)")
    }

    @Test("a named folder with neither an app nor a sound is still a usage error (exit 2)")
    func emptyFolderStillFails() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("# Docs\n", at: "docs/README.md")
        let result = try Soundcheck.run(["validate", "docs"], in: repository.root.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("docs: no sound files found"), "\(result.stderr)")
        #expect(!result.stderr.contains("nothing to check"))
    }

    @Test(".soundcheck.yml's paths follow the same rule: an app before its first sound passes with the note; a path of nothing fails")
    func configurationPaths() throws {
        let repository = try Self.androidWithoutRaw("package com.x\n\nclass Main : Activity()\n")
        defer { repository.remove() }
        try repository.write("# Docs\n", at: "docs/README.md")
        try repository.write("paths:\n  - app\n", at: ".soundcheck.yml")
        let adopted = try Soundcheck.run(["validate", "--format", "github"], in: repository.root.path)
        #expect(adopted.status == 0, "\(adopted.stdout)\(adopted.stderr)")
        #expect(
            adopted.stdout.hasPrefix(
                "::notice title=soundcheck::app: nothing to check: found an Android module (app/src/main/AndroidManifest.xml)"),
            "\(adopted.stdout)")
        try repository.write("paths:\n  - docs\n", at: ".soundcheck.yml")
        let wrong = try Soundcheck.run(["validate"], in: repository.root.path)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("docs: no sound files found"), "\(wrong.stderr)")
        // The first request, once written, is judged through the same configuration.
        try repository.write("paths:\n  - app\n", at: ".soundcheck.yml")
        try repository.write(Self.channel, at: "app/src/main/java/com/x/N.kt")
        let asked = try Soundcheck.run(["validate"], in: repository.root.path)
        #expect(asked.status == 1)
        #expect(
            asked.stdout.contains("app/src/main/java/com/x/N.kt:5 (android): error: asks Android for the sound 'chime'"), "\(asked.stdout)")
    }

    @Test("a Cordova plugin's Android resources (src/android/res beside plugin.xml) are no module of their own")
    func cordovaPluginResources() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <widget id="a.b" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0"><platform name="android" /></widget>
            """, at: "config.xml")
        try repository.write("<html></html>\n", at: "www/index.html")
        try repository.write(
            "<plugin xmlns=\"http://apache.org/cordova/ns/plugins/1.0\" id=\"cordova-plugin-inappbrowser\" version=\"1.0.0\"/>\n",
            at: "plugins/cordova-plugin-inappbrowser/plugin.xml")
        try repository.write(
            "<resources><string name=\"close\">Close</string></resources>\n",
            at: "plugins/cordova-plugin-inappbrowser/src/android/res/values/strings.xml")
        let result = try repository.validate()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stderr
                == "soundcheck: .: nothing to check: found a Cordova app (config.xml), shipping no sound of its own and asking for none, so its notifications play the default sound\n",
            "\(result.stderr)")
    }
}
