import Foundation
import TestSupport
import Testing

/// `validate .` at the roots of repositories where soundcheck cannot be certain a sound is a
/// notification sound: projects of kinds it does not read (notes, never errors), sounds nothing
/// names (warnings, unless evidence or the configuration says otherwise), and names the code
/// builds from parts.
@Suite("validate where a sound's shape or purpose is not known")
struct UncertainPurposeTests {
    /// The codes and severities of `file`'s findings, as `code:severity`.
    private func findings(_ file: [String: Any]?) -> [String] {
        ((file?["findings"] as? [[String: Any]]) ?? []).map { "\($0["code"] as? String ?? ""):\($0["severity"] as? String ?? "")" }
    }

    // MARK: projects soundcheck does not read

    @Test(
        "a sound in a project soundcheck does not read gets a note naming it, never an error",
        arguments: [
            // (the marker, its text, the sound, what the note names)
            // An F# project: soundcheck reads C# projects only (a C# one is the .NET tests' own).
            (
                "App/App.fsproj",
                "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks></PropertyGroup></Project>",
                "App/Platforms/iOS/Resources/chime.mp3", "a .NET project (App/App.fsproj)"
            ),
            // A C# project that builds for no phone is not an app soundcheck reads.
            (
                "Tools/Tools.csproj",
                "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>",
                "Tools/Assets/beep.mp3", "a .NET project (Tools/Tools.csproj)"
            ),
            (
                "Chat.sln", "Microsoft Visual Studio Solution File, Format Version 12.00\n", "Shared/Assets/tone.mp3",
                "a .NET solution (Chat.sln)"
            ),
            (
                "Droid/Resources/raw/.keep", "", "Droid/Resources/raw/alert.mp3",
                "an Android resource folder built by MSBuild (Xamarin, .NET for Android) (Droid/Resources/raw)"
            ),
            (
                "Game/ProjectSettings/ProjectVersion.txt", "m_EditorVersion: 2022.3.10f1\n", "Game/Assets/Audio/explosion.mp3",
                "a Unity project (Game/ProjectSettings/ProjectVersion.txt)"
            ),
            ("project.godot", "config_version=5\n", "sfx/jump.mp3", "a Godot project (project.godot)"),
            (
                "Shooter/Shooter.uproject", "{\"FileVersion\": 3}\n", "Shooter/Content/Audio/shot.mp3",
                "an Unreal Engine project (Shooter/Shooter.uproject)"
            ),
            (
                "tiapp.xml", "<ti:app xmlns:ti=\"http://ti.appcelerator.org\"></ti:app>\n", "Resources/sounds/beep.mp3",
                "a Titanium app (tiapp.xml)"
            ),
            // NativeScript's own resource folder, which its CLI moves into the native projects.
            (
                "app/App_Resources/Android/AndroidManifest.xml",
                "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n",
                "app/App_Resources/Android/raw/customsound.mp3", "a NativeScript app (app/App_Resources)"
            ),
        ])
    func unreadShape(marker: String, text: String, sound: String, shipper: String) throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(text, at: marker)
        try repository.add(.mp3, at: sound)
        let (status, files) = try repository.validateJSON()
        #expect(status == 0, "an MP3 that Apple's rules refuse is no error where the project's shape is unknown")
        let file = try #require(files[sound])
        #expect(file["platform"] as? String == "none")
        #expect(findings(file) == ["config-not-read:note"])
        let message = (file["findings"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message == "shipped by \(shipper), which soundcheck does not read, so no platform's rules were applied to it")
        // A folder of loose sounds named on the command line keeps its errors.
        let named = try Soundcheck.run(["validate", sound], in: repository.root.path)
        #expect(named.status == 1)
        // `fix` leaves it as it is: which platform plays it, and how, is not known.
        let fixed = try Soundcheck.run(["fix", "--dry-run", "."], in: repository.root.path)
        #expect(fixed.stderr.contains("fix: left 1 sounds of projects soundcheck does not read as they are"), "\(fixed.stderr)")
        #expect(!fixed.stdout.contains("would fix"), "\(fixed.stdout)")
    }

    @Test("a known app inside an unread project's folder still judges its own sounds; a folder of only a project is nothing to check")
    func knownAppWins() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("Microsoft Visual Studio Solution File\n", at: "All.sln")
        try repository.write("<manifest/>", at: "android/app/src/main/AndroidManifest.xml")
        try repository.add(.aiff, at: "android/app/src/main/res/raw/bell.aiff")
        try repository.add(.mp3, at: "docs/sample.mp3")
        try repository.write(
            "val sound = RawResourceAndroidNotificationSound(\"bell\")\nNotificationChannel(\"a\", \"b\", 3).setSound(uri, null) // bell\n",
            at: "android/app/src/main/java/App.kt")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(files["android/app/src/main/res/raw/bell.aiff"]?["platform"] as? String == "android")
        #expect(findings(files["android/app/src/main/res/raw/bell.aiff"]).contains("android-unsupported-format:error"))
        #expect(findings(files["docs/sample.mp3"]) == ["config-not-read:note"], "the solution's folder holds it")

        let empty = try RepositoryFixture()
        defer { empty.remove() }
        try empty.write("<Project Sdk=\"Microsoft.NET.Sdk\"></Project>", at: "Lib/Lib.csproj")
        let result = try empty.validate()
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("nothing to check: found a .NET project (Lib/Lib.csproj), which soundcheck does not read, and no sound"))
    }

    // MARK: certain errors only

    @Test("at a repository's root a sound nothing names fails as a warning; evidence, the configuration and --strict make it an error")
    func unnamedSoundIsAWarning() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject(
            "Game.xcodeproj", target: "Game", copying: ["Game/boom.mp3", "Game/alert.mp3", "Game/Sounds/tick.mp3"])
        try repository.add(.mp3, at: "Game/boom.mp3")
        try repository.add(.mp3, at: "Game/alert.mp3")
        try repository.add(.mp3, at: "Game/Sounds/tick.mp3")
        try repository.write(
            """
            import UserNotifications
            func remind(_ content: UNMutableNotificationContent) {
                content.sound = UNNotificationSound(named: UNNotificationSoundName("alert.mp3"))
            }
            """, at: "Game/Reminder.swift")
        try repository.write(
            """
            import Foundation
            func install() throws {
                let sounds = FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask)[0].appendingPathComponent("Sounds")
                // copies into Library/Sounds, where the system looks first
                try FileManager.default.copyItem(at: Bundle.main.bundleURL.appendingPathComponent("tick.mp3"), to: sounds)
            }
            """, at: "Game/Installer.swift")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1, "alert.mp3 is a notification sound, and fails")
        #expect(findings(files["Game/boom.mp3"]) == ["unsupported-container:warning", "purpose-unknown:note"])
        #expect(files["Game/boom.mp3"]?["verdict"] as? String == "pass")
        let message = ((files["Game/boom.mp3"]?["findings"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message.hasPrefix("if it is a notification sound: this is an MP3 file"))
        #expect(findings(files["Game/alert.mp3"]) == ["unsupported-container:error"])
        #expect(findings(files["Game/Sounds/tick.mp3"]).first == "unsupported-container:error", "a step copies it into Library/Sounds")

        try repository.write("notification-sounds: [\"Game/boom.*\"]\n", at: ".soundcheck.yml")
        let configured = try repository.validateJSON()
        #expect(findings(configured.files["Game/boom.mp3"]) == ["unsupported-container:error"])
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent(".soundcheck.yml"))
        let strict = try repository.validateJSON(["--strict"])
        #expect(findings(strict.files["Game/boom.mp3"]).first == "unsupported-container:error")
        // A sound named on the command line, and a folder of sounds without an app, keep their errors.
        #expect(try Soundcheck.run(["validate", "Game/boom.mp3"], in: repository.root.path).status == 1)
        #expect(try Soundcheck.run(["validate", "Game/Sounds"], in: repository.root.path).status == 1)
    }

    @Test("Android: a raw sound nothing names fails Android's rules as a warning, a bad resource name stays an error")
    func androidUnnamed() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let raw = "app/src/main/res/raw"
        try repository.add(.aiff, at: "\(raw)/chime.aiff")
        try repository.add(.wav16, at: "\(raw)/Bad-Name.wav")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(findings(files["\(raw)/chime.aiff"]) == ["android-unsupported-format:warning", "purpose-unknown:note"])
        #expect(findings(files["\(raw)/Bad-Name.wav"]) == ["android-resource-name:error"])
    }

    @Test(
        "a Git LFS pointer named as a sound is lfs-pointer with the fetch fix; a text placeholder says it is text; a push body names a sound"
    )
    func pointersAndPlaceholders() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "ab", count: 32))\nsize 40211\n"
        try repository.write(pointer, at: "Sounds/alarm.caf")
        try repository.write("TODO: the designer's sound goes here\n", at: "Sounds/placeholder.caf")
        let named = try Soundcheck.run(["validate", "Sounds/alarm.caf", "Sounds/placeholder.caf"], in: repository.root.path)
        #expect(named.status == 1)
        #expect(
            named.stdout.contains(
                "Sounds/alarm.caf: error: this is a Git LFS pointer, not the sound: the checkout did not fetch the LFS objects, so the sound cannot be checked [lfs-pointer]\n  fix: fetch the Git LFS objects before checking: `git lfs pull`, or in GitHub Actions `actions/checkout` with `lfs: true`"
            ), "\(named.stdout)")
        #expect(
            named.stdout.contains(
                "Sounds/placeholder.caf: error: this is a text file, not a sound (a placeholder named like one?) [unsupported-container]"),
            "\(named.stdout)")
        #expect(!named.stdout.contains("soundcheck fix"), "nothing to convert")
        // In a repository whose push body names alarm.caf, the pointer is a notification sound's: an error.
        try repository.addXcodeProject("App.xcodeproj", target: "App", copying: ["Sounds/alarm.caf", "Sounds/placeholder.caf"])
        try repository.write(#"{"aps": {"alert": "Wake up", "sound": "alarm.caf"}}"#, at: "push/wake.json")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        #expect(findings(files["Sounds/alarm.caf"]) == ["lfs-pointer:error"])
        #expect(findings(files["Sounds/placeholder.caf"]) == ["unsupported-container:warning", "purpose-unknown:note"])
    }

    // MARK: names built from parts

    @Test(
        "a name built from literal parts names every shipped file it can build, with its call's purpose",
        arguments: [
            // (the code's file, its text, the files it names, their purpose)
            (
                "src/ring.js",
                "import Sound from 'react-native-sound';\nexport function ring(tone) {\n  startRingtone('calls_' + tone);\n}\n", "app"
            ),
            ("src/ring.ts", "export function ring(t: string) {\n  startRingtone(`calls_${t}`);\n}\n", "app"),
            (
                "ios/App/Ring.swift",
                "import UserNotifications\nfunc ring(_ prefix: String, _ name: String) {\n    let sound = UNNotificationSound(named: UNNotificationSoundName(\"\\(prefix)\\(name).caf\"))\n}\n",
                "notification"
            ),
            (
                "android/app/src/main/java/Ring.java",
                "class Ring {\n  void play(int i) {\n    MediaPlayer player = MediaPlayer.create(this, getResources().getIdentifier(\"calls_\" + i, \"raw\", pkg));\n  }\n}\n",
                "app"
            ),
            (
                "android/app/src/main/java/Notify.kt",
                "fun channel(t: String) {\n    val channel = NotificationChannel(\"calls\", \"Calls\", 4)\n    channel.setSound(Uri.parse(\"android.resource://app/raw/calls_$t\"), null)\n}\n",
                "notification"
            ),
            (
                "src/settings.tsx",
                "export async function select(value: string) {\n  const tone = 'calls_' + value.toLowerCase();\n  await stopRingtone();\n  await startRingtone(tone, 0);\n}\n",
                "app"
            ),
            (
                "ios/App/Push.swift",
                "import UserNotifications\nfunc apply(_ content: UNMutableNotificationContent, _ name: String) {\n    var sound = name\n    sound = \"\\(sound).caf\"\n    let kept = sound\n    content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: sound))\n}\n",
                "notification"
            ),
            (
                "lib/ring.dart",
                "import 'package:audioplayers/audioplayers.dart';\nvoid ring(String t) {\n  AudioPlayer().play(AssetSource('calls_$t'));\n}\n",
                "app"
            ),
        ])
    func builtNames(file: String, code: String, purpose: String) throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("{\"name\": \"app\", \"dependencies\": {\"react-native\": \"0.74.0\"}}", at: "package.json")
        try repository.addXcodeProject(
            "ios/App.xcodeproj", target: "App", copying: ["App/calls_ring.caf", "App/calls_buzz.caf", "App/other.mp3"])
        try repository.add(.mp3, at: "ios/App/calls_ring.caf")
        try repository.add(.mp3, at: "ios/App/calls_buzz.caf")
        try repository.add(.mp3, at: "ios/App/other.mp3")
        try repository.write(code, at: file)
        try repository.write("<manifest/>", at: "android/app/src/main/AndroidManifest.xml")
        let (_, files) = try repository.validateJSON()
        for name in ["calls_ring.caf", "calls_buzz.caf"] {
            #expect(files["ios/App/\(name)"]?["purpose"] as? String == purpose, "\(file): \(name)")
        }
        #expect(files["ios/App/other.mp3"]?["purpose"] as? String == "unknown", "\(file): no part of it names other.mp3")
    }
}
