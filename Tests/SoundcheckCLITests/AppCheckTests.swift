import Foundation
import TestSupport
import Testing

/// `validate` on what an app ships (Samples/Projects, made by Scripts/make-projects), `names`,
/// and `resolve` on push-provider bodies and notification settings, run as a process.
@Suite("soundcheck on apps, projects and push bodies, run as a process")
struct AppCheckTests {
    static let projects = "Samples/Projects"
    static let app = ["--container", "Samples/App/Data", "--group", "Samples/App/Group", "--bundle", "Samples/App/Example.app"]

    @Test("an Xcode project: every finding, the target and platform named, exit 1")
    func xcodeProject() throws {
        let result = try Soundcheck.run(["validate", "\(Self.projects)/Example"])
        #expect(result.status == 1)
        let out = result.stdout
        let root = "\(Self.projects)/Example"
        // A folder holding the project is a repository: every report names the platform too.
        // Nothing names alert.wav or long.aifc: what only a notification sound fails on is a warning.
        #expect(out.contains("\(root)/Example/Alerts/alert.wav (target Example, ios): warning: if it is a notification sound: lands at Alerts/alert.wav in the bundle"))
        #expect(out.contains("[not-at-bundle-root]"))
        #expect(out.contains("\(root)/Example/Resources/Sounds/gone.caf (target Example, ios): error: target Example copies this sound, but there is no such file [missing]"))
        #expect(out.contains("\(root)/Example/Resources/Sounds/ding.caf (target Example, ios): error: lands at ding.caf in the bundle, as does \(root)/Shared/ding.caf; one overwrites the other [duplicate-name]"))
        #expect(out.contains("\(root)/Example/Unused/old.caf (none): warning: no target of Example.xcodeproj copies this sound"))
        #expect(out.contains("\(root)/Example/Assets.xcassets/chirp.dataset/chirp.caf (none): warning: inside an asset catalog"))
        #expect(out.contains("\(root)/Example/Resources/Sounds/long.aifc (target Example, ios): warning: if it is a notification sound: 45.000 s is not under 30 s [too-long]"))
        // Copied by two targets with the same findings: one report naming both.
        #expect(out.contains("\(root)/Shared/chime.caf (targets Example, NotificationService, ios): ok:"))
        // The same project named by its .xcodeproj, and strict makes not-bundled an error.
        let json = try Soundcheck.run(["validate", "--format", "json", "\(root)/Example.xcodeproj"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.filter { $0["path"] as? String == "\(root)/Shared/chime.caf" }.compactMap { $0["target"] as? String } == ["Example", "NotificationService"])
        #expect(files.first { $0["path"] as? String == "\(root)/Example/Unused/old.caf" }?["target"] == nil)
    }

    @Test("an RN ios/ folder copying ../assets passes; a broken project file fails naming it")
    func reactNativeAndBroken() throws {
        let good = try Soundcheck.run(["validate", "\(Self.projects)/ReactNative/ios"])
        #expect(good.status == 0)
        #expect(good.stdout.contains("\(Self.projects)/ReactNative/assets/sounds/chime.caf (target RNApp, ios): ok:"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-bad-\(UUID().uuidString)/App.xcodeproj")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{ objects = ( ".utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        let bad = try Soundcheck.run(["validate", folder.path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("\(folder.path)/project.pbxproj: error: not a valid project file: line 1:"))
        #expect(bad.stdout.contains("[malformed]"))
    }

    @Test("Expo: the plugin's sounds judged by both platforms, an MP3 and a shared name fail; app.config.ts is a note")
    func expo() throws {
        let result = try Soundcheck.run(["validate", "\(Self.projects)/Expo/app.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(Self.projects)/Expo/assets/sounds/alert.mp3: error: this is an MP3 file"))
        #expect(result.stdout.contains("\(Self.projects)/Expo/assets/sounds/bell.caf: error: lands at bell.caf in the bundle, as does \(Self.projects)/Expo/assets/other/bell.caf"))
        // The plugin copies each sound into Android's res/raw too, where a CAF does not play.
        #expect(result.stdout.contains("\(Self.projects)/Expo/assets/sounds/bell.caf: error: this is a CAF file, which Android does not play [android-unsupported-format]"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-expo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("export default {}".utf8).write(to: folder.appendingPathComponent("app.config.ts"))
        // Found by the walk, a config in TypeScript is a note on that file: the run goes on, and passes.
        let evaluated = try Soundcheck.run(["validate", folder.path])
        #expect(evaluated.status == 0)
        #expect(evaluated.stdout.contains("\(folder.path)/app.config.ts (none): note: an Expo config in JavaScript or TypeScript cannot be read"))
        #expect(evaluated.stdout.contains("npx expo config --json > app.config.json"))
        #expect(evaluated.stdout.contains("[config-not-read]"))
        // Named on the command line, it is still a usage error that says what to do.
        let typed = try Soundcheck.run(["validate", folder.appendingPathComponent("app.config.ts").path])
        #expect(typed.status == 2)
        #expect(typed.stderr.contains("npx expo config --json > app.config.json"))
        try Data(#"{"expo":{"plugins":["expo-notifications"]}}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        let empty = try Soundcheck.run(["validate", folder.appendingPathComponent("app.json").path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("its expo-notifications plugin lists no sounds"))
    }

    @Test("a built .app: sounds in subfolders are not-at-bundle-root; a file that is not a zip is a failing .ipa")
    func builtApp() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-app-\(UUID().uuidString)/Demo.app")
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        let sample = URL(fileURLWithPath: TestPaths.samples + "/valid/caf-ulaw-mono-8000.caf")
        try FileManager.default.copyItem(at: sample, to: app.appendingPathComponent("Sounds/Welcome.caf"))
        try FileManager.default.copyItem(at: sample, to: app.appendingPathComponent("ding.caf"))
        let result = try Soundcheck.run(["validate", app.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(app.path)/Sounds/Welcome.caf: error: lands at Sounds/Welcome.caf in the bundle"))
        #expect(result.stdout.contains("\(app.path)/ding.caf: ok:"))
        let bundled = try Soundcheck.run(["validate", "--bundle", app.path])
        #expect(bundled.status == 1)
        #expect(bundled.stdout.contains("[not-at-bundle-root]"))
        let resolved = try Soundcheck.run(["resolve", "Welcome.caf", "--bundle", app.path])
        #expect(resolved.stdout.contains("hint: 'Sounds/Welcome.caf' is in a subfolder of the bundle"))
        let ipa = app.deletingLastPathComponent().appendingPathComponent("Demo.ipa")
        try Data("PK".utf8).write(to: ipa)
        let refused = try Soundcheck.run(["validate", ipa.path])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("\(ipa.path): error: not a zip archive, or its central directory is damaged or cut short [malformed]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: ipa.deletingLastPathComponent().path).sorted() == ["Demo.app", "Demo.ipa"])
    }

    @Test("an .ipa is read in place: validate judges its sounds, resolve --bundle searches its root")
    func ipa() throws {
        let ipa = "\(Self.projects)/Example.ipa"
        let validated = try Soundcheck.run(["validate", ipa])
        #expect(validated.status == 1)
        #expect(validated.stdout.contains("\(ipa)/Payload/Example.app/Ding.caf: ok: CAF, BEI16, 8000 Hz, mono, 0.500 s"))
        #expect(validated.stdout.contains("\(ipa)/Payload/Example.app/alert.caf: error: this is an MP3 file"))
        #expect(!validated.stdout.contains("fix:"), "the file to fix is in the project, not in the archive")
        #expect(validated.stdout.hasSuffix("3 files: 2 passed, 1 failed, 0 warnings\n"))
        let plays = try Soundcheck.run(["resolve", "bell.aiff", "--bundle", ipa, "--format", "json"])
        #expect(plays.status == 0)
        #expect(plays.stdout.contains(#""result":"file","path":"\#(ipa)/Payload/Example.app/bell.aiff","location":"bundle""#))
        let container = try Soundcheck.run(["resolve", "Ding.caf", "--container", "Samples/App/Data", "--bundle", ipa])
        #expect(container.stdout.hasPrefix("Ding.caf: plays Samples/App/Data/Library/Sounds/Ding.caf (container;"))
        let stem = try Soundcheck.run(["resolve", "bell", "--bundle", ipa])
        #expect(stem.status == 1)
        #expect(stem.stdout.contains("hint: 'bell.aiff' in the bundle folder \(ipa)/Payload/Example.app has this name with an extension: ask for 'bell.aiff'"))
        let folder = try Soundcheck.run(["resolve", "Broken.caf", "--bundle", ipa])
        #expect(folder.stdout.contains("Broken.caf: the default sound plays (unreadable)"))
    }

    @Test("names lists literals with file:line and the platform asked; resolve --names - takes the list")
    func names() throws {
        let listed = try Soundcheck.run(["names", "\(Self.projects)/Code"])
        #expect(listed.status == 0)
        #expect(
            listed.stdout == """
                Ding.caf\t\(Self.projects)/Code/Legacy.m:1\tios
                Welcome.caf\t\(Self.projects)/Code/Notifications.swift:5\tios
                Siren.caf\t\(Self.projects)/Code/Notifications.swift:7\tios
                chime.aiff\t\(Self.projects)/Code/notify.dart:1\tios
                bell\t\(Self.projects)/Code/notify.ts:2\tcross-platform
                alert.caf\t\(Self.projects)/Code/notify.ts:5\tcross-platform

                """)
        let resolved = try Soundcheck.run(["resolve", "--names", "-"] + Self.app, input: Data(listed.stdout.utf8))
        #expect(resolved.status == 1)
        #expect(resolved.stdout.contains("6 requests: 3 play as asked, 3 fall back to the default"))
    }

    @Test("push bodies: the shape in source; no known shape is exit 2; settings turn sounds off")
    func pushBodies() throws {
        let fcm = try Soundcheck.run(["resolve", "--payload", "@\(Self.projects)/Payloads/fcm-v1.json", "--format", "json"] + Self.app)
        #expect(fcm.status == 0)
        #expect(fcm.stdout.hasPrefix(#"{"name":"Welcome.caf","source":"fcm-v1","#))
        let unknown = try Soundcheck.run(["resolve", "--payload", "@\(Self.projects)/Payloads/unknown-shape.json"] + Self.app)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("is none of the request shapes soundcheck knows; tried apns"))
        let batch = try Soundcheck.run(["resolve", "--payload", "@\(Self.projects)/Payloads/expo-batch.json"] + Self.app)
        #expect(batch.status == 1)
        let off = try Soundcheck.run(["resolve", "Welcome.caf", "--sounds", "off", "--format", "json"] + Self.app)
        #expect(off.status == 0)
        #expect(off.stdout.contains(#""result":"none","path":null,"location":null,"reason":"sounds-disabled""#))
        let critical = try Soundcheck.run(["resolve", "--critical", "GroupOnly.caf", "--critical-alerts", "off"] + Self.app)
        #expect(critical.status == 0)
        #expect(critical.stdout.contains("critical alerts are not authorized"))
    }
}

/// `resolve --platform android|all` on push bodies, against an app's raw folder.
@Suite("resolve for Android, run as a process")
struct AndroidResolveTests {
    @Test("--platform all answers one body for both platforms; --platform android alone; --raw is required")
    func bothPlatforms() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "res/raw/chime.wav")
        try repository.add(.cafULaw, at: "App/chime.caf")
        let body = #"{"message":{"token":"t","android":{"notification":{"sound":"chime","channel_id":"alerts"}},"apns":{"payload":{"aps":{"sound":"chime.caf"}}}}}"#
        let both = try Soundcheck.run(
            ["resolve", "--platform", "all", "--raw", "res/raw", "--bundle", "App", "--payload", body, "--format", "json"], in: repository.root.path)
        #expect(both.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: [String: Any]])
        #expect(object["ios"]?["path"] as? String == "App/chime.caf")
        #expect(object["android"]?["path"] as? String == "res/raw/chime.wav")
        #expect(object["android"]?["channel"] as? String == "alerts")
        let wrong = try Soundcheck.run(
            ["resolve", "--platform", "android", "--raw", "res/raw", "--payload", #"{"app_id":"a","android_sound":"chime.wav"}"#],
            in: repository.root.path)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("chime.wav [android_sound]: the default sound plays (invalid-name)"))
        #expect(wrong.stdout.contains("hint: write 'chime': Android names a raw resource without its extension"))
        // Every provider's body, with both halves as its documentation writes them, answered for both.
        let bodies = [
            "fcm-v1": #"{"message":{"token":"t","notification":{"title":"Hi"},"android":{"notification":{"sound":"chime","channel_id":"alerts"}},"apns":{"payload":{"aps":{"sound":"chime.caf"}}}}}"#,
            "fcm-legacy": #"{"to":"t","notification":{"title":"Hi","sound":"chime.caf","android_channel_id":"alerts"}}"#,
            "onesignal": #"{"app_id":"a","contents":{"en":"Hi"},"ios_sound":"chime.caf","android_sound":"chime","android_channel_id":"c"}"#,
            "expo": #"{"to":"ExponentPushToken[x]","title":"Hi","sound":"chime.caf","channelId":"alerts"}"#,
            "apns": #"{"aps":{"alert":"Hi","sound":"chime.caf"}}"#,
        ]
        for (shape, body) in bodies.sorted(by: { $0.key < $1.key }) {
            let answer = try Soundcheck.run(
                ["resolve", "--platform", "all", "--raw", "res/raw", "--bundle", "App", "--payload", body, "--format", "json"],
                in: repository.root.path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: [String: Any]], "\(shape)")
            #expect(object["ios"]?["source"] as? String == shape)
            #expect(object["ios"]?["path"] as? String == "App/chime.caf", "\(shape)")
            #expect(object["android"]?["platform"] as? String == "android", "\(shape)")
        }
        let missing = try Soundcheck.run(["resolve", "--platform", "android", "chime"], in: repository.root.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("give --raw DIR"))
    }
}
