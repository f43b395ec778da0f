import Foundation
import TestSupport
import Testing

/// `validate .` at the root of repositories laid out as public apps of each kind lay theirs out:
/// no usage error for anything soundcheck found by itself, no file reported that is not audio,
/// every sound judged by the platform that ships it.
@Suite("validate at a repository's root")
struct RepositoryTests {
    /// A RIFF file of form `form` with one empty chunk: a WebP image, an AVI, an animated cursor.
    static func riff(_ form: String) -> [UInt8] {
        Array("RIFF".utf8) + [12, 0, 0, 0] + Array(form.utf8) + Array("JUNK".utf8) + [0, 0, 0, 0]
    }

    /// Android launcher images, as Flutter and React Native templates ship them.
    static func addLauncherImages(to repository: RepositoryFixture, module: String) throws {
        for density in ["mdpi", "hdpi", "xxhdpi"] {
            try repository.write(bytes: riff("WEBP"), at: "\(module)/src/main/res/mipmap-\(density)/ic_launcher.webp")
            try repository.write(bytes: riff("WEBP"), at: "\(module)/src/main/res/mipmap-\(density)/ic_launcher_foreground")
        }
    }

    @Test("native iOS with Pods: the project's sounds by Apple's rules, Pods never walked, an uncopied sound warned")
    func nativeIOS() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("Chat.xcodeproj", target: "Chat", copying: ["Chat/Sounds/ding.caf"])
        try repository.add(.cafULaw, at: "Chat/Sounds/ding.caf")
        try repository.add(.mp3, at: "Pods/SomeSDK/Resources/ring.mp3")
        try repository.add(.mp3, at: "docs/design/ding-source.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(Set(files.keys) == ["Chat/Sounds/ding.caf", "docs/design/ding-source.mp3"])
        #expect(files["Chat/Sounds/ding.caf"]?["platform"] as? String == "ios")
        #expect(files["Chat/Sounds/ding.caf"]?["target"] as? String == "Chat")
        #expect(files["docs/design/ding-source.mp3"]?["platform"] as? String == "none")
        // In the project's folder, a sound no target copies is the project's finding.
        #expect(files["docs/design/ding-source.mp3"]?.codes == ["not-bundled"])
        // --strict fails on the warning.
        #expect(try repository.validate(["--strict"]).status == 1)
    }

    @Test("Flutter: iOS project, Android raw resources, assets; WebP launcher images never reported")
    func flutter() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "name: app\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  uses-material-design: true\n  assets:\n    - assets/sounds/\n",
            at: "pubspec.yaml")
        try repository.addXcodeProject("ios/Runner.xcodeproj", target: "Runner", copying: ["Runner/notification.caf"])
        try repository.add(.cafULaw, at: "ios/Runner/notification.caf")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/notification.mp3")
        try repository.add(.mp3, at: "assets/sounds/tap.mp3")
        try Self.addLauncherImages(to: repository, module: "android/app")
        try repository.write(bytes: [0x89] + Array("PNG\r\n\u{1A}\n".utf8), at: "ios/Runner/Assets.xcassets/AppIcon.appiconset/Icon.png")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(
            Set(files.keys) == ["ios/Runner/notification.caf", "android/app/src/main/res/raw/notification.mp3", "assets/sounds/tap.mp3"])
        #expect(files["ios/Runner/notification.caf"]?["platform"] as? String == "ios")
        let raw = try #require(files["android/app/src/main/res/raw/notification.mp3"])
        #expect(raw["platform"] as? String == "android")
        #expect(raw["verdict"] as? String == "pass")
        #expect(raw.codes.isEmpty, "an MP3 in res/raw is judged by Android's rules, not Apple's")
        let asset = try #require(files["assets/sounds/tap.mp3"])
        #expect(asset["platform"] as? String == "both")
        #expect(asset["purpose"] as? String == "app")
        #expect(asset.codes == ["app-sound"])
        // The text report names the platform, and fixes nothing in res/raw with a CAF.
        let text = try repository.validate()
        #expect(text.stdout.contains("ios/Runner/notification.caf (target Runner, ios): ok:"))
        #expect(text.stdout.contains("android/app/src/main/res/raw/notification.mp3 (android): ok: an MP3 file (with an ID3 tag)"))
        #expect(!text.stdout.contains("webp"))
        #expect(!text.stdout.contains("ic_launcher"))
        // --platform ios leaves the Android sound out; --platform android the iOS one.
        let ios = try repository.validateJSON(["--platform", "ios"])
        #expect(ios.files["android/app/src/main/res/raw/notification.mp3"] == nil)
        #expect(ios.files["ios/Runner/notification.caf"] != nil)
        let android = try repository.validateJSON(["--platform", "android"])
        #expect(android.files["ios/Runner/notification.caf"] == nil)
        #expect(android.files["android/app/src/main/res/raw/notification.mp3"] != nil)
    }

    @Test("Android's rules: resource names, a shared name, formats Android does not play, and flavours")
    func androidRules() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let raw = "android/app/src/main/res/raw"
        try repository.add(.wav16, at: "\(raw)/chime.wav")
        try repository.add(.mp3, at: "\(raw)/chime.mp3")
        try repository.add(.wav16, at: "\(raw)/New-Message.wav")
        try repository.add(.wav16, at: "\(raw)/2tone.wav")
        try repository.add(.aiff, at: "\(raw)/notification.aiff")
        try repository.add(.cafULaw, at: "\(raw)/bell.caf")
        try repository.add(.wav16, at: "android/app/src/staging/res/raw/chime.wav")
        try repository.write("<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:keep=\"@raw/*\"/>", at: "\(raw)/keep.xml")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(files["\(raw)/chime.wav"]?.codes == ["android-duplicate-resource", "purpose-unknown"])
        #expect(files["\(raw)/chime.mp3"]?.codes == ["android-duplicate-resource", "purpose-unknown"])
        // No code names these sounds: each failing one says it was judged as a notification sound.
        #expect(files["\(raw)/New-Message.wav"]?.codes == ["android-resource-name"], "the build fails, whatever the sound is for")
        #expect(files["\(raw)/2tone.wav"]?.codes == ["android-resource-name"])
        #expect(files["\(raw)/notification.aiff"]?.codes == ["android-unsupported-format", "purpose-unknown"])
        #expect(files["\(raw)/bell.caf"]?.codes == ["android-unsupported-format", "purpose-unknown"])
        // A flavour's file of the same name overrides main's: no duplicate across folders.
        #expect(files["android/app/src/staging/res/raw/chime.wav"]?.codes == [])
        #expect(files["\(raw)/keep.xml"] == nil)
        let text = try repository.validate()
        #expect(text.stdout.contains("mv \(raw)/New-Message.wav \(raw)/new_message.wav"))
        // Ogg Vorbis, Android's own format, with the audio's size now and about what it becomes
        // (0.5 s of 16-bit mono at 22,050 Hz: 22,050 bytes; 3.5 KB of headers and 0.5 s at 30 kbit/s).
        #expect(
            text.stdout.contains(
                "convert it to Ogg Vorbis, which Android plays: soundcheck convert \(raw)/notification.aiff \(raw)/notification.ogg -f OGG (22 KB of audio now, about 5.4 KB as Ogg Vorbis)"
            ), "\(text.stdout)")
        #expect(!text.stdout.contains("soundcheck fix \(raw)"), "fix makes CAFs for Apple; never suggested for res/raw")
    }

    @Test("bare React Native: an app.json that is not Expo's is no usage error")
    func bareReactNative() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"name": "ChatApp", "displayName": "Chat App"}"#, at: "app.json")
        try repository.write(#"{"name": "chat-app", "dependencies": {"react": "18.2.0", "react-native": "0.74.0"}}"#, at: "package.json")
        try repository.addXcodeProject("ios/ChatApp.xcodeproj", target: "ChatApp", copying: ["ChatApp/ping.wav"])
        try repository.add(.wav16, at: "ios/ChatApp/ping.wav")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/ping.wav")
        try repository.add(.aiff, at: "node_modules/react-native-sound/test/long.aiff")
        try Self.addLauncherImages(to: repository, module: "android/app")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["ios/ChatApp/ping.wav"]?["platform"] as? String == "ios")
        #expect(files["android/app/src/main/res/raw/ping.wav"]?["platform"] as? String == "android")
        #expect(files.count == 2)
    }

    @Test("Expo managed with app.json: the plugin's sounds by both platforms' rules")
    func expoManaged() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            #"{"expo": {"name": "a", "plugins": [["expo-notifications", {"sounds": ["./assets/sounds/notification.wav", "./assets/sounds/alarm.aiff"]}]]}}"#,
            at: "app.json")
        try repository.add(.wav16, at: "assets/sounds/notification.wav")
        try repository.add(.aiff, at: "assets/sounds/alarm.aiff")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(files["assets/sounds/notification.wav"]?["platform"] as? String == "both")
        #expect(files["assets/sounds/notification.wav"]?["purpose"] as? String == "notification")
        #expect(files["assets/sounds/notification.wav"]?["verdict"] as? String == "pass")
        #expect(files["assets/sounds/alarm.aiff"]?.codes == ["android-unsupported-format"])
    }

    @Test("Expo: a sound both platforms ship is fixed as a WAV both play (a CAF would not play on Android)")
    func expoFixForBoth() throws {
        let repository = try RepositoryFixture.expoWithRawAAC()
        defer { repository.remove() }
        let checked = try Soundcheck.run(["validate", "."], in: repository.root.path)
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("assets/sounds/reminder.aac (both): error: this is a raw AAC (ADTS) file"))
        #expect(checked.stdout.contains("  fix: soundcheck fix --platform all assets/sounds/reminder.aac\n"), "\(checked.stdout)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-fixed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let forApple = try Soundcheck.run(["fix", "--output-dir", out, "."], in: repository.root.path)
        #expect(forApple.status == 0)
        #expect(
            forApple.stderr.contains(
                "fix: left 1 Android raw resources and sounds that ship to Android too as they are (fix --platform all repairs them)"))
        #expect(!FileManager.default.fileExists(atPath: out + "/assets/sounds/reminder.caf"))
        let forBoth = try Soundcheck.run(["fix", "--platform", "all", "--output-dir", out, "."], in: repository.root.path)
        #expect(forBoth.status == 0, "\(forBoth.stdout)\(forBoth.stderr)")
        for platform in ["ios", "android"] {
            let fixed = try Soundcheck.run(["validate", "--platform", platform, "--format", "json", out + "/assets/sounds/reminder.wav"])
            #expect(fixed.status == 0, "\(fixed.stdout)")
            #expect(fixed.stdout.contains(#""container":"wav","encoding":"LEI16""#), "\(fixed.stdout)")
        }
    }

    @Test("Expo with app.config.js and a prebuild: a note on the config, the folders judged")
    func expoConfigInJavaScript() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("export default ({ config }) => ({ ...config, plugins: ['expo-notifications'] });", at: "app.config.js")
        try repository.add(.cafULaw, at: "assets/sounds/ding.caf")
        try repository.addXcodeProject("ios/app.xcodeproj", target: "app", copying: ["app/ding.caf"])
        try repository.add(.cafULaw, at: "ios/app/ding.caf")
        try repository.add(.aiff, at: "android/app/src/main/res/raw/notification.aiff")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0, "the AIFF in res/raw would fail a notification, but nothing names it: a warning")
        #expect(files["app.config.js"]?.codes == ["config-not-read"])
        #expect(files["app.config.js"]?["verdict"] as? String == "pass")
        #expect(files["ios/app/ding.caf"]?["platform"] as? String == "ios")
        #expect(files["android/app/src/main/res/raw/notification.aiff"]?.codes == ["android-unsupported-format", "purpose-unknown"])
        #expect(files["android/app/src/main/res/raw/notification.aiff"]?["verdict"] as? String == "pass")
        #expect(files["assets/sounds/ding.caf"]?["platform"] as? String == "none")
        // Even --strict: a note never fails.
        let strict = try repository.validateJSON(["--strict", "--platform", "ios"])
        #expect(strict.files["app.config.js"]?["verdict"] as? String == "pass")
    }

    @Test("Expo whose plugin lists no sounds: no usage error")
    func expoWithoutSounds() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"expo": {"plugins": ["expo-notifications"]}}"#, at: "app.json")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/ping.wav")
        let result = try repository.validate()
        #expect(result.status == 0)
        #expect(result.stdout.contains("android/app/src/main/res/raw/ping.wav (android): ok:"))
    }

    @Test("Capacitor: its iOS project and Android module")
    func capacitor() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"appId": "com.example.app", "appName": "App", "webDir": "dist"}"#, at: "capacitor.config.json")
        try repository.addXcodeProject("ios/App/App.xcodeproj", target: "App", copying: ["App/beep.wav"])
        try repository.add(.wav16, at: "ios/App/App/beep.wav")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/beep.wav")
        try repository.add(.mp3, at: "src/assets/sounds/beep.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["ios/App/App/beep.wav"]?["platform"] as? String == "ios")
        #expect(files["android/app/src/main/res/raw/beep.wav"]?["platform"] as? String == "android")
        #expect(files["src/assets/sounds/beep.mp3"]?["platform"] as? String == "none")
    }

    @Test("Cordova: the files config.xml copies into each platform, by that platform's rules")
    func cordova() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <?xml version='1.0' encoding='utf-8'?>
            <widget id="com.example.app" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
                <platform name="android">
                    <resource-file src="res/sounds/ping.mp3" target="app/src/main/res/raw/ping.mp3" />
                </platform>
                <platform name="ios">
                    <resource-file src='res/sounds/ping.caf' />
                </platform>
            </widget>
            """, at: "config.xml")
        try repository.add(.mp3, at: "res/sounds/ping.mp3")
        try repository.add(.cafULaw, at: "res/sounds/ping.caf")
        try repository.add(.mp3, at: "res/sounds/unused.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["res/sounds/ping.mp3"]?["platform"] as? String == "android")
        #expect(files["res/sounds/ping.mp3"]?.codes == [])
        #expect(files["res/sounds/ping.caf"]?["platform"] as? String == "ios")
        #expect(files["res/sounds/unused.mp3"]?.codes == ["not-shipped"])
    }

    @Test("a monorepo with two apps: each app's sounds by its own layout")
    func monorepo() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "apps/driver/pubspec.yaml")
        try repository.add(.mp3, at: "apps/driver/android/app/src/main/res/raw/ride_request.mp3")
        try repository.write(#"{"dependencies": {"react-native": "0.74.0"}}"#, at: "apps/rider/package.json")
        try repository.addXcodeProject("apps/rider/ios/Rider.xcodeproj", target: "Rider", copying: ["Rider/arrived.caf"])
        try repository.add(.cafULaw, at: "apps/rider/ios/Rider/arrived.caf")
        try repository.add(.mp3, at: "apps/rider/ios/Rider/arrived-source.mp3")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["apps/driver/android/app/src/main/res/raw/ride_request.mp3"]?["platform"] as? String == "android")
        #expect(files["apps/rider/ios/Rider/arrived.caf"]?["platform"] as? String == "ios")
        #expect(files["apps/rider/ios/Rider/arrived-source.mp3"]?.codes == ["not-bundled"])
    }

    @Test("images, videos and cursors are never sounds unless named like one")
    func notAudio() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "Sounds/ok.wav")
        try repository.write(bytes: Self.riff("WEBP"), at: "Sounds/icon.png")
        try repository.write(bytes: Self.riff("WEBP"), at: "Sounds/icon")
        try repository.write(bytes: Self.riff("AVI "), at: "Sounds/clip")
        try repository.write(bytes: Self.riff("ACON"), at: "Sounds/busy.ani")
        try repository.write(bytes: Self.riff("ACON"), at: "Sounds/busy")
        try repository.write(bytes: Self.riff("WEBP"), at: "Sounds/fake.wav")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(Set(files.keys) == ["Sounds/ok.wav", "Sounds/fake.wav"])
        #expect(files["Sounds/fake.wav"]?.codes == ["unsupported-container"], "a .wav holding a WebP is still a failing sound")
        #expect(files["Sounds/ok.wav"]?["platform"] as? String == "ios", "no app around: Apple's rules, as before")
    }

    @Test("init writes the apps it finds as comments")
    func initNamesApps() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/ping.mp3")
        let result = try Soundcheck.run(["init"], in: repository.root.path)
        #expect(result.status == 0)
        let text = try String(contentsOf: repository.root.appendingPathComponent(".soundcheck.yml"), encoding: .utf8)
        #expect(text.contains("#   Flutter app: pubspec.yaml (ios, android)"))
        #expect(text.contains("#   Android module: android/app/src/main/res/raw (android)"))
    }
}

/// Release shrinking, as `validate .` sees it at the roots of Flutter and native Android apps.
@Suite("validate: sounds release shrinking removes")
struct ShrinkingTests {
    static let keepXML = #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/kept,@raw/alert_*" tools:discard="@raw/dropped"/>"#

    @Test("Flutter: the plugin shrinks release builds; a name only Dart knows is removed unless kept")
    func flutterDefault() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        try repository.write("plugins {\n    id(\"com.android.application\")\n    id(\"dev.flutter.flutter-gradle-plugin\")\n}\n", at: "android/app/build.gradle.kts")
        let raw = "android/app/src/main/res/raw"
        for name in ["chime", "kept", "alert_loud", "dropped"] { try repository.add(.wav16, at: "\(raw)/\(name).wav") }
        try repository.write(Self.keepXML, at: "\(raw)/keep.xml")
        try repository.write(
            "const details = AndroidNotificationDetails('id', 'name', sound: RawResourceAndroidNotificationSound('chime'));\n",
            at: "lib/notify.dart")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(files["\(raw)/chime.wav"]?.codes == ["android-removed-in-release"])
        #expect(files["\(raw)/chime.wav"]?["purpose"] as? String == "notification")
        #expect(files["\(raw)/kept.wav"]?["verdict"] as? String == "pass")
        #expect(files["\(raw)/alert_loud.wav"]?["verdict"] as? String == "pass", "a wildcard keep")
        #expect(files["\(raw)/dropped.wav"]?.codes.first == "android-removed-in-release", "tools:discard")
        let text = try repository.validate()
        #expect(text.stdout.contains("keep it: write \(raw)/keep.xml holding"))
        // Turning shrinking off in the release build type ships them all.
        try repository.write(
            "plugins { id(\"dev.flutter.flutter-gradle-plugin\") }\nandroid {\n  buildTypes {\n    release {\n      isMinifyEnabled = false\n      isShrinkResources = false\n    }\n  }\n}\n",
            at: "android/app/build.gradle.kts")
        let off = try repository.validateJSON()
        #expect(off.files["\(raw)/chime.wav"]?.codes == [])
    }

    @Test("native Android, Groovy: R.raw in Kotlin keeps a sound; getIdentifier keeps string constants unless strict")
    func nativeGroovy() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "android {\n    buildTypes {\n        release {\n            minifyEnabled true\n            shrinkResources true\n        }\n    }\n}\n",
            at: "app/build.gradle")
        let raw = "app/src/main/res/raw"
        for name in ["referenced", "looked_up", "forgotten"] { try repository.add(.wav16, at: "\(raw)/\(name).wav") }
        try repository.write(
            """
            class Sounds(val context: Context) {
                val uri = Uri.parse("android.resource://" + context.packageName + "/" + R.raw.referenced)
                val id = context.resources.getIdentifier("looked_up", "raw", context.packageName)
            }
            """, at: "app/src/main/java/com/example/Sounds.kt")
        let (_, files) = try repository.validateJSON()
        #expect(files["\(raw)/referenced.wav"]?.codes == [])
        #expect(files["\(raw)/looked_up.wav"]?.codes == [], "safe mode keeps a string constant when code calls getIdentifier")
        // Named by nothing in the repository: a warning, since only a server could still ask for it.
        let forgotten = (files["\(raw)/forgotten.wav"]?["findings"] as? [[String: Any]])?.first
        #expect(forgotten?["code"] as? String == "android-removed-in-release")
        #expect(forgotten?["severity"] as? String == "warning")
        #expect(
            forgotten?["message"] as? String
                == "release builds shrink resources (app/build.gradle:5) and no code, XML or config in this repository names raw/forgotten, so this file will be gone from release builds; if a server's push body names it, that notification plays the default sound"
        )
        try repository.write(
            #"<resources xmlns:tools="http://schemas.android.com/tools" tools:shrinkMode="strict"/>"#,
            at: "app/src/main/res/values/strict.xml")
        let strict = try repository.validateJSON()
        // Strict mode ignores strings: the one the code looks up is asked for, and gone.
        let lookedUp = (strict.files["\(raw)/looked_up.wav"]?["findings"] as? [[String: Any]])?.first
        #expect(lookedUp?["code"] as? String == "android-removed-in-release")
        #expect(lookedUp?["severity"] as? String == "error")
        #expect(
            (lookedUp?["message"] as? String)?.contains(
                "app/src/main/java/com/example/Sounds.kt:3 names it, where the shrinker does not look") == true)
        #expect(strict.files["\(raw)/referenced.wav"]?.codes == [])
    }
}

extension ShrinkingTests {
    @Test("another app of the repository that ships the same name names its own: its code does not make this one's an error")
    func anotherApp() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "flutter_example/pubspec.yaml")
        try repository.write("plugins { id(\"dev.flutter.flutter-gradle-plugin\") }\n", at: "flutter_example/android/app/build.gradle.kts")
        try repository.add(.wav16, at: "flutter_example/android/app/src/main/res/raw/hollow.wav")
        try repository.write(#"{"name": "tests", "dependencies": {"react-native": "0.74.0"}}"#, at: "rn_tests/package.json")
        try repository.add(.wav16, at: "rn_tests/android/app/src/main/res/raw/hollow.wav")
        try repository.write("notifee.createChannel({ id: 'c', sound: 'hollow' });\n", at: "rn_tests/example/notifications.ts")
        let (_, files) = try repository.validateJSON()
        let flutter = (files["flutter_example/android/app/src/main/res/raw/hollow.wav"]?["findings"] as? [[String: Any]])?.first
        #expect(flutter?["code"] as? String == "android-removed-in-release")
        #expect(flutter?["severity"] as? String == "warning")
        // Code outside both apps (a server) names it for every app.
        try repository.write(#"{"android": {"notification": {"sound": "hollow"}}}"#, at: "server/push.json")
        let named =
            (try repository.validateJSON().files["flutter_example/android/app/src/main/res/raw/hollow.wav"]?["findings"] as? [[String: Any]])?
            .first
        #expect(named?["severity"] as? String == "error")
        #expect((named?["message"] as? String)?.contains("server/push.json:1 names it") == true)
    }

    @Test("a raw sound named by nothing is a warning; one a string, a push body or a URI template names stays an error")
    func namedOrNot() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "android {\n    buildTypes {\n        release {\n            minifyEnabled true\n            shrinkResources true\n        }\n    }\n}\n",
            at: "phone/build.gradle")
        let raw = "phone/src/main/res/raw"
        for name in ["leftover", "notification_sound", "critical", "from_js", "in_prefs"] {
            try repository.add(.wav16, at: "\(raw)/\(name).wav")
        }
        try repository.write(
            """
            class Channels(private val context: Context) {
                fun create() {
                    val uri = Uri.parse("android.resource://${context.packageName}/raw/notification_sound")
                    channel.setSound(uri, attributes)
                }
            }
            """, at: "phone/src/main/java/com/example/Channels.kt")
        try repository.write(#"{"message": {"android": {"notification": {"sound": "critical"}}}}"#, at: "server/push.json")
        try repository.write("export const ping = () => play(`/raw/from_js`);\n", at: "web/src/ping.ts")
        try repository.write(
            #"<PreferenceScreen><RingtonePreference android:defaultValue="@raw/in_prefs"/></PreferenceScreen>"#,
            at: "phone/src/main/res/xml/prefs.xml")
        // Code no build compiles: a loose activity beside the source sets keeps nothing and names nothing.
        try repository.write("class MainActivity { int s = R.raw.leftover; }\n", at: "phone/old/MainActivity.java")
        // Words that only look like a name: code's own identifiers, documentation.
        try repository.write("fun leftover() = leftover_count\n", at: "phone/src/main/java/com/example/Util.kt")
        try repository.write("The leftover.wav sound is unused.\n", at: "README.md")
        let (status, files) = try repository.validateJSON()
        func finding(_ name: String) -> [String: Any]? { (files["\(raw)/\(name).wav"]?["findings"] as? [[String: Any]])?.first }
        #expect(finding("leftover")?["severity"] as? String == "warning")
        #expect(
            finding("leftover")?["fix"] as? String
                == "if a server names it, keep it: write phone/src/main/res/raw/keep.xml holding <resources xmlns:tools=\"http://schemas.android.com/tools\" tools:keep=\"@raw/leftover\" /> (or add @raw/leftover to the tools:keep you have); if nothing does, delete it"
        )
        #expect(finding("notification_sound")?["severity"] as? String == "error")
        #expect(
            (finding("notification_sound")?["message"] as? String)?.contains(
                "phone/src/main/java/com/example/Channels.kt:3 names it, where the shrinker does not look") == true)
        #expect((finding("critical")?["message"] as? String)?.contains("server/push.json:1 names it") == true)
        #expect((finding("from_js")?["message"] as? String)?.contains("web/src/ping.ts:1 names it") == true)
        #expect(files["\(raw)/in_prefs.wav"]?.codes == [], "a resource XML's @raw/ reference keeps it")
        #expect(status == 1)
        // A watch module's copy of a sound the phone's code keeps: the phone's R.raw is its own.
        try repository.write(
            "android {\n    buildTypes {\n        release {\n            shrinkResources true\n        }\n    }\n}\n",
            at: "wear/build.gradle")
        try repository.add(.wav16, at: "wear/src/main/res/raw/beep.wav")
        try repository.add(.wav16, at: "\(raw)/beep.wav")
        try repository.write("class Beeper { val id = R.raw.beep }\n", at: "phone/src/main/java/com/example/Beeper.kt")
        let modules = try repository.validateJSON().files
        #expect(modules["\(raw)/beep.wav"]?.codes == [])
        #expect((modules["wear/src/main/res/raw/beep.wav"]?["findings"] as? [[String: Any]])?.first?["severity"] as? String == "warning")
        for path in ["wear", "\(raw)/beep.wav", "phone/src/main/java/com/example/Beeper.kt"] {
            try FileManager.default.removeItem(at: repository.root.appendingPathComponent(path))
        }
        // Without the three that are asked for, only the warning is left: exit 0, unless strict.
        // The Kotlin template is a channel's request and the server's file a push body (a missing
        // sound either names is an error), so they go with their sounds.
        for name in ["notification_sound", "critical", "from_js"] {
            try FileManager.default.removeItem(at: repository.root.appendingPathComponent("\(raw)/\(name).wav"))
        }
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent("phone/src/main/java/com/example/Channels.kt"))
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent("server/push.json"))
        #expect(try repository.validateJSON().status == 0)
        #expect(try repository.validateJSON(["--strict"]).status == 1)
        // --no-names reads no code, so nothing tells a leftover from a sound asked for: an error, as before.
        let unread = try repository.validateJSON(["--no-names"])
        #expect(unread.status == 1)
        #expect((unread.files["\(raw)/leftover.wav"]?["findings"] as? [[String: Any]])?.first?["severity"] as? String == "error")
    }

    @Test("exact lines: a build file and code with multi-line block comments, comment markers in strings and CRLF line ends")
    func exactLines() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        let gradle = [
            "/*", " * Copyright", " * it's licensed", " */", "plugins {", "    id 'com.android.application'",
            "    id 'dev.flutter.flutter-gradle-plugin'", "}", "def libs = fileTree(include: ['**/*.jar']) /* two", "lines */",
            "def url = \"https://example.com/*\"", "android {", "    buildTypes {", "        release {",
            "            shrinkResources true", "        }", "    }", "}",
        ]
        try repository.write(gradle.joined(separator: "\r\n") + "\r\n", at: "android/app/build.gradle")
        let raw = "android/app/src/main/res/raw"
        try repository.add(.wav16, at: "\(raw)/chime.wav")
        let dart = [
            "/* A block comment", "   over lines, with 'quotes' */", "const pattern = '/* not a comment';",
            "final chime = AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime'));",
            "final gone = AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('gone'));",
        ]
        try repository.write(dart.joined(separator: "\r\n") + "\r\n", at: "lib/notify.dart")
        let text = try repository.validate().stdout
        let shrinkLine = gradle.firstIndex { $0.contains("shrinkResources") }! + 1
        #expect(text.contains("(android/app/build.gradle:\(shrinkLine))"), "\(text)")
        let goneLine = dart.firstIndex { $0.contains("'gone'") }! + 1
        #expect(text.contains("lib/notify.dart:\(goneLine) (android): error: asks Android for the sound 'gone'"), "\(text)")
    }
}

/// `fix --platform android|all`: sounds Android plays, under valid resource names.
@Suite("fix for Android and for both platforms")
struct FixForAndroidTests {
    @Test(
        "android: a repository's failing raw resources become Ogg Vorbis under valid names, with the sizes before and after; a passing MP3 and the iOS sounds are left alone",
        .enabled(if: ExternalTools.available, "needs ffmpeg and sox"))
    func android() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let raw = "android/app/src/main/res/raw"
        try repository.add(.aiff, at: "\(raw)/alert.aiff")
        try repository.add(.wav16, at: "\(raw)/New-Message.wav")
        try repository.add(.mp3, at: "\(raw)/ok.mp3")
        try repository.addXcodeProject("ios/App.xcodeproj", target: "App", copying: ["App/tone.mp3"])
        try repository.add(.mp3, at: "ios/App/tone.mp3")
        let out = repository.root.appendingPathComponent("out").path
        let fixed = try Soundcheck.run(["fix", "--platform", "android", "--output-dir", out, "."], in: repository.root.path)
        #expect(fixed.status == 0)
        let lines = fixed.stdout.split(separator: "\n").map(String.init)
        let alert = try #require(lines.first { $0.contains("alert.aiff") })
        #expect(alert.contains("container AIFF → Ogg; encoding BEI16 → vorbis → \(out)/\(raw)/alert.ogg ("), "\(alert)")
        let newMessage = try #require(lines.first { $0.contains("New-Message.wav") })
        #expect(newMessage.contains("resource name New-Message → new_message"), "\(newMessage)")
        for (name, line) in [("alert.aiff", alert), ("New-Message.wav", newMessage)] {
            let before = try #require(FileManager.default.attributesOfItem(atPath: repository.root.path + "/\(raw)/\(name)")[.size] as? Int)
            let output = out + "/\(raw)/" + (name == "alert.aiff" ? "alert.ogg" : "new_message.ogg")
            let after = try #require(FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
            #expect(line.hasSuffix("(\(Self.kilobytes(before)) → \(Self.kilobytes(after)))"), "\(line): \(before) → \(after) bytes")
            #expect(after < before / 3, "\(name): \(before) → \(after) bytes")
            #expect(OggVorbisCheck.problems(output, source: repository.root.path + "/\(raw)/\(name)") == [], "\(name)")
        }
        #expect(fixed.stderr.contains("fix: left 1 sounds that are no Android raw resource as they are"))
        let written = try FileManager.default.contentsOfDirectory(atPath: out + "/" + raw).sorted()
        #expect(written == ["alert.ogg", "new_message.ogg"])
        let check = try Soundcheck.run(["validate", "--platform", "android", out + "/" + raw])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// "4.2 KB", "12 KB": a size as the fix line prints one under 1 MB.
    static func kilobytes(_ bytes: Int) -> String {
        bytes < 9950 ? String(format: "%.1f KB", Double(bytes) / 1000) : "\(Int((Double(bytes) / 1000).rounded())) KB"
    }

    @Test("android -f WAVE: 16-bit WAV under valid names, as before Ogg was the default")
    func androidWAVE() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let raw = "android/app/src/main/res/raw"
        try repository.add(.aiff, at: "\(raw)/alert.aiff")
        try repository.add(.wav16, at: "\(raw)/New-Message.wav")
        let out = repository.root.appendingPathComponent("out").path
        let fixed = try Soundcheck.run(["fix", "--platform", "android", "-f", "WAVE", "--output-dir", out, "."], in: repository.root.path)
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("alert.aiff") && fixed.stdout.contains("container AIFF → WAV"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/" + raw).sorted() == ["alert.wav", "new_message.wav"])
        #expect(try Soundcheck.run(["validate", "--platform", "android", out + "/" + raw]).status == 0)
    }

    @Test(
        "android, real sounds: the corpus's AIFFs and a WAV with capitals in res/raw become .ogg resources that validate, decode from the first sample and that aapt packages",
        .enabled(if: ExternalTools.available && AaptOracle.available && TestPaths.exists(TestPaths.realCorpus), "needs ffmpeg, sox, aapt and ../shared/corpus/real"))
    func androidRealSounds() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let sources = ["fln__slow_spring_board.aiff": "slow_spring_board.aiff", "adium__Quack.aif": "quack.aif", "jitsi__busy.wav": "Busy Tone.wav"]
        for (corpusName, name) in sources {
            try repository.write(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.realCorpus + "/" + corpusName))), at: "res/raw/" + name)
        }
        try repository.add(.aiff, at: "res/raw/alert.aiff")
        let out = repository.root.appendingPathComponent("out").path
        let fixed = try Soundcheck.run(["fix", "--platform", "android", "--output-dir", out, "res"], in: repository.root.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out + "/raw").sorted()
        #expect(written == ["alert.ogg", "busy_tone.ogg", "quack.ogg", "slow_spring_board.ogg"])
        let check = try Soundcheck.run(["validate", "--platform", "android", out + "/raw"])
        #expect(check.status == 0, "\(check.stdout)")
        for (source, ogg) in [("slow_spring_board.aiff", "slow_spring_board.ogg"), ("quack.aif", "quack.ogg"), ("Busy Tone.wav", "busy_tone.ogg"), ("alert.aiff", "alert.ogg")] {
            #expect(OggVorbisCheck.problems(out + "/raw/" + ogg, source: repository.root.path + "/res/raw/" + source) == [], "\(ogg)")
        }
        let apk = repository.root.path + "/app.apk"
        #expect(AaptOracle.package(resources: out, into: apk), "aapt refuses \(written)")
        let listing = ExternalTools.run(["aapt", "list", apk]).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(written.allSatisfy { listing.contains("res/raw/" + $0) }, "\(listing)")
    }

    @Test("all: one WAV both platforms play, under 30 s, from an MP3 of 45 s named like neither allows")
    func both() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.samples + "/invalid/ima4-45s-8000.aifc"))), at: "Sounds/Long Alert.aifc")
        let out = repository.root.appendingPathComponent("out").path
        let fixed = try Soundcheck.run(["fix", "--platform", "all", "--output-dir", out, "Sounds"], in: repository.root.path)
        #expect(fixed.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["long_alert.wav"])
        #expect(try Soundcheck.run(["validate", out + "/long_alert.wav"]).status == 0)
        #expect(try Soundcheck.run(["validate", "--platform", "android", out + "/long_alert.wav"]).status == 0)
    }
}
