import Foundation
import TestSupport
import Testing

/// `validate .` checks the names the code asks for against what each platform ships, and
/// reports a name nothing answers on the line that asks for it.
@Suite("validate: the names the code asks for, against what ships")
struct NameCrossCheckTests {
    static func nativeIOS() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.addXcodeProject(
            "Chat.xcodeproj", target: "Chat", copying: ["Sounds/ding.caf", "Sounds/Alert.caf", "Sounds/unused.caf"])
        for name in ["ding", "Alert", "unused"] { try repository.add(.cafULaw, at: "Sounds/\(name).caf") }
        try repository.write(
            """
            import UserNotifications
            func sounds(_ name: String) -> [UNNotificationSound] {
                [UNNotificationSound(named: UNNotificationSoundName("ding.caf")),
                 UNNotificationSound(named: UNNotificationSoundName("ding.wav")),
                 UNNotificationSound(named: UNNotificationSoundName("alert.caf")),
                 UNNotificationSound(named: UNNotificationSoundName(name))]
            }
            """, at: "Chat/Notify.swift")
        return repository
    }

    @Test("native iOS: another extension and another case reported on their lines; a run-time name counted")
    func nativeIOSNames() throws {
        let repository = try Self.nativeIOS()
        defer { repository.remove() }
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "Chat/Notify.swift:4 (ios): error: asks iOS for the sound 'ding.wav', which no app here ships, so the default sound plays (the app ships 'ding.caf') [unknown-sound-name]"
            ))
        #expect(
            text.stdout.contains(
                "Chat/Notify.swift:5 (ios): error: asks iOS for the sound 'alert.caf', which no app here ships, so the default sound plays ('Alert.caf' differs only by case) [unknown-sound-name]"
            ))
        #expect(!text.stdout.contains("Chat/Notify.swift:3"))
        #expect(
            text.stdout.contains(
                "Chat/Notify.swift (none): note: 1 call names its sound at run time (the first in Chat/Notify.swift); not checked [names-at-run-time]"
            ))
        #expect(!text.stdout.contains("unused-sound"), "off unless asked for")
        let github = try repository.validate(["--format", "github"])
        #expect(github.stdout.contains("::error file=Chat/Notify.swift,line=4,title=soundcheck unknown-sound-name::"))
        let sarif = try Soundcheck.run(["validate", "--format", "sarif", "."], in: repository.root.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = ((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let lines = results.filter { $0["ruleId"] as? String == "unknown-sound-name" }.compactMap { result -> Int? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Any])?["startLine"] as? Int
        }
        #expect(lines.sorted() == [4, 5])
        let (_, files) = try repository.validateJSON()
        // The file's first report (by line) is the run-time count, which has no line.
        #expect(files["Chat/Notify.swift"]?.codes == ["names-at-run-time"])
        #expect(files["Chat/Notify.swift"]?["line"] == nil)
        // --strict shows the shipped sound nothing asks for; --no-names turns the cross-check off.
        let strict = try repository.validateJSON(["--strict"])
        #expect(strict.files["Sounds/unused.caf"]?.codes.contains("unused-sound") == true)
        #expect(strict.files["Sounds/ding.caf"]?.codes.contains("unused-sound") == false)
        let off = try repository.validate(["--no-names"])
        #expect(off.status == 0)
        #expect(!off.stdout.contains("unknown-sound-name"))
    }

    @Test("with its rules off, the cross-check is not run, and the code still says what each sound is for")
    func rulesOff() throws {
        let repository = try Self.nativeIOS()
        defer { repository.remove() }
        try repository.write("rules:\n  unknown-sound-name: off\n  names-at-run-time: off\n", at: ".soundcheck.yml")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0)
        #expect(files["Chat/Notify.swift"] == nil, "no finding on the code: \(files.keys.sorted())")
        #expect(files["Sounds/ding.caf"]?["purpose"] as? String == "notification")
        // --strict asks for unused-sound notes, which need the names: the cross-check runs again.
        let strict = try repository.validateJSON(["--strict"])
        #expect(strict.files["Sounds/unused.caf"]?.codes.contains("unused-sound") == true)
        #expect(strict.files["Chat/Notify.swift"] == nil)
        let unread = try repository.validateJSON(["--no-names"])
        #expect(unread.files["Sounds/ding.caf"]?["purpose"] as? String == "unknown")
    }

    @Test("Flutter: a name only the other platform ships, and an Android name with its extension")
    func flutterNames() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        try repository.addXcodeProject("ios/Runner.xcodeproj", target: "Runner", copying: ["Runner/chime.caf"])
        try repository.add(.cafULaw, at: "ios/Runner/chime.caf")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/chime.mp3")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/bell.mp3")
        try repository.write(
            """
            final details = NotificationDetails(
              android: AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime')),
              iOS: DarwinNotificationDetails(sound: 'bell.caf'),
            );
            final wrong = AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime.mp3'));
            """, at: "lib/notify.dart")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        let text = try repository.validate()
        #expect(
            text.stdout.contains(
                "lib/notify.dart:3 (ios): error: asks iOS for the sound 'bell.caf', which no app here ships, so the default sound plays (only Android ships it (android/app/src/main/res/raw/bell.mp3)) [unknown-sound-name]"
            ))
        #expect(
            text.stdout.contains(
                "lib/notify.dart:5 (android): error: asks Android for the sound 'chime.mp3', which no app here ships, so the default sound plays (write 'chime': a raw resource is named without its extension) [unknown-sound-name]"
            ))
        #expect(!text.stdout.contains("lib/notify.dart:2"))
        #expect(files["android/app/src/main/res/raw/chime.mp3"]?["purpose"] as? String == "notification")
    }

    @Test("Capacitor: the config's default sound is Android's, asked of an Android project with no res/raw")
    func capacitorConfigSound() throws {
        // As a public Capacitor app ships: capacitor.config.ts names beep.wav, android/ has no res/raw.
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            "const config = {\n  appId: 'a.b',\n  plugins: {\n    LocalNotifications: { smallIcon: 'icon', sound: 'beep.wav' },\n  },\n};\n",
            at: "capacitor.config.ts")
        try repository.write("<resources/>\n", at: "android/app/src/main/res/values/strings.xml")
        try repository.addXcodeProject("ios/App/App.xcodeproj", target: "App", copying: [])
        let missing = try repository.validate()
        #expect(missing.status == 1)
        #expect(
            missing.stdout.contains(
                "capacitor.config.ts:4 (android): error: asks Android for the sound 'beep.wav', which no app here ships, so the default sound plays (no app here ships a raw resource at all) [unknown-sound-name]"
            ), "\(missing.stdout)")
        #expect(!missing.stdout.contains("(ios): error: asks iOS"), "the config's sound is Android's only")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/beep.wav")
        let shipped = try repository.validate()
        #expect(shipped.status == 0, "\(shipped.stdout)")
        #expect(!shipped.stdout.contains("unknown-sound-name"))
    }

    @Test("Android: every file of res/raw answers its name, a sound or not (an MP4 a MediaPlayer plays)")
    func rawResourcesThatAreNoSound() throws {
        // As a public Android app ships its notification sound: res/raw/blank.mp4, asked as R.raw.blank.
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "app/src/main/res/raw/chime.wav")
        try repository.write("not a sound a walk judges", at: "app/src/main/res/raw/blank.mp4")
        try repository.write(
            """
            import android.app.NotificationChannel;
            class Notify {
                Uri blank = Uri.parse("android.resource://" + getPackageName() + "/" + R.raw.blank);
                Uri chime = Uri.parse("android.resource://" + getPackageName() + "/" + R.raw.chime);
                Uri gone = Uri.parse("android.resource://" + getPackageName() + "/" + R.raw.gone);
            }
            """, at: "app/src/main/java/a/Notify.java")
        let result = try repository.validate()
        #expect(
            result.stdout.contains("app/src/main/java/a/Notify.java:5 (android): error: asks Android for the sound 'gone'"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("'blank'"), "\(result.stdout)")
        #expect(!result.stdout.contains("'chime'"), "\(result.stdout)")
    }

    @Test("Expo: the channel asks for notification.wav, the plugin ships notification.aiff")
    func expoNames() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            #"{"expo": {"plugins": [["expo-notifications", {"sounds": ["./assets/notification.aiff"]}]]}}"#, at: "app.json")
        try repository.add(.aiff, at: "assets/notification.aiff")
        try repository.write(
            """
            import * as Notifications from 'expo-notifications';
            // make sure to include the extension
            await Notifications.scheduleNotificationAsync({ content: { title: 'Hi', sound: 'notification.wav' }, trigger: null });
            // A channel is Android's: Expo names its raw resource by the file's name without the extension.
            await Notifications.setNotificationChannelAsync('alerts', { name: 'Alerts', sound: 'notification.wav' });
            """, at: "src/channels.ts")
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "src/channels.ts:3 (ios): error: asks iOS for the sound 'notification.wav', which no app here ships, so the default sound plays (the app ships 'notification.aiff') [unknown-sound-name]"
            ))
        // The channel's raw resource ships, but as an AIFF, which Android does not play: said on the line too.
        #expect(!text.stdout.contains("src/channels.ts:5 (android): error: asks Android for the sound 'notification.wav', which no app"))
        #expect(
            text.stdout.contains(
                "src/channels.ts:5 (android): error: asks Android for the sound 'notification.wav', which ships at assets/notification.aiff "
                    + "but fails Android's rules"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "assets/notification.aiff (both): error: this is an AIFF file, which Android does not play [android-unsupported-format]"))
    }

    @Test("the threema layout: tones played with AVAudioPlayer are app sounds, beside one UNNotificationSound")
    func playedTonesBesideANotification() throws {
        // As a messenger's call service is written: seven tones through a bundle lookup and a
        // player, and once, for another name, a notification's sound.
        let tones = ["hangup", "busy", "ringing", "rejected", "problem", "pickup", "reconnecting"]
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject(
            "Messenger.xcodeproj", target: "Messenger", copying: tones.map { "Sounds/tone_\($0).mp3" } + ["Sounds/call.caf"])
        for tone in tones { try repository.add(.mp3, at: "Sounds/tone_\(tone).mp3") }
        try repository.add(.cafULaw, at: "Sounds/call.caf")
        let plays = tones.map { tone in
            """
                func play_\(tone)() {
                    guard let path = BundleUtil.path(forResource: "tone_\(tone)", ofType: "mp3") else { return }
                    player = try? AVAudioPlayer(contentsOf: URL(fileURLWithPath: path))
                    player?.play()
                }
            """
        }
        try repository.write(
            """
            import AVFoundation
            import UserNotifications
            final class CallService {
                var player: AVAudioPlayer?
            \(plays.joined(separator: "\n"))
                func notifyIncomingCall() {
                    let content = UNMutableNotificationContent()
                    content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "call.caf"))
                }
            }
            """, at: "Messenger/CallService.swift")
        let (status, files) = try repository.validateJSON()
        #expect(status == 0, "the tones fail no notification rule: \(files.mapValues(\.codes))")
        for tone in tones {
            #expect(files["Sounds/tone_\(tone).mp3"]?["purpose"] as? String == "app", "tone_\(tone)")
            #expect(files["Sounds/tone_\(tone).mp3"]?.codes == ["app-sound"], "tone_\(tone)")
        }
        #expect(files["Sounds/call.caf"]?["purpose"] as? String == "notification")
    }

    @Test("certainty: a known API's name is an error, a generic key's a warning that says how it was found; --strict and rules raise it")
    func certaintyTiers() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"expo": {"plugins": [["expo-notifications", {"sounds": ["./assets/chime.wav"]}]]}}"#, at: "app.json")
        try repository.add(.wav16, at: "assets/chime.wav")
        try repository.write(
            """
            import * as Notifications from 'expo-notifications';
            export const preferences = { sound: 'custom.wav', vibrate: true };
            await Notifications.scheduleNotificationAsync({ content: { sound: 'gone.wav' }, trigger: null });
            """, at: "src/notify.ts")
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(text.stdout.contains("src/notify.ts:3 (ios): error: asks iOS for the sound 'gone.wav'"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "src/notify.ts:2 (ios): warning: may ask iOS for the sound 'custom.wav', which no app here ships: found only through the key sound: in a file about notifications"
            ), "\(text.stdout)")
        // Without the certain name, the warning alone passes; --strict and a rule make it fail.
        try repository.write(
            "import * as Notifications from 'expo-notifications';\nexport const preferences = { sound: 'custom.wav' };\n",
            at: "src/notify.ts")
        #expect(try repository.validate().status == 0)
        #expect(try repository.validate(["--strict"]).status == 1)
        try repository.write("rules:\n  unknown-sound-name: error\n", at: ".soundcheck.yml")
        let raised = try repository.validate()
        #expect(raised.status == 1)
        #expect(raised.stdout.contains("src/notify.ts:2 (ios): error: may ask iOS for the sound 'custom.wav'"), "\(raised.stdout)")
    }

    @Test("a channel inside an Android test asks Android only; a conditional's literal branches each go to their platform")
    func platformsFromAPIsAndBranches() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"expo": {"plugins": [["expo-notifications", {"sounds": ["./assets/notification.wav"]}]]}}"#, at: "app.json")
        try repository.add(.wav16, at: "assets/notification.wav")
        try repository.write(
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            if (Platform.OS === 'android') {
              await Notifications.setNotificationChannelAsync('alerts', { name: 'Alerts', sound: 'notification.mp3' });
            }
            const content = { sound: Platform.OS === 'ios' ? 'notification.caf' : 'notification.mp3' };
            await Notifications.scheduleNotificationAsync({ content: { sound: Platform.OS === 'ios' ? 'alert.caf' : 'alert.mp3' }, trigger: null });
            """, at: "src/notify.ts")
        let text = try repository.validate()
        #expect(!text.stdout.contains("src/notify.ts:4"), "Expo names the channel's raw resource notification: \(text.stdout)")
        #expect(text.stdout.contains("src/notify.ts:7 (ios): error: asks iOS for the sound 'alert.caf'"), "\(text.stdout)")
        #expect(text.stdout.contains("src/notify.ts:7 (android): error: asks Android for the sound 'alert.mp3'"), "\(text.stdout)")
        #expect(!text.stdout.contains("asks Android for the sound 'alert.caf'"))
        #expect(!text.stdout.contains("asks iOS for the sound 'alert.mp3'"))
        #expect(text.stdout.contains("src/notify.ts:6 (ios): warning: may ask iOS for the sound 'notification.caf'"), "\(text.stdout)")
    }

    @Test("cordova-plugin-local-notification: file:// is a file of www, res://platform_default the default sound")
    func cordovaURIs() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <widget id="a.b" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0"><platform name="android"><resource-file src="res/chime.wav" target="app/src/main/res/raw/chime.wav"/></platform></widget>
            """, at: "config.xml")
        try repository.add(.wav16, at: "res/chime.wav")
        try repository.add(.cafULaw, at: "www/audio/yay.caf")
        try repository.write(
            """
            document.addEventListener('deviceready', function () {
              cordova.plugins.notification.local.schedule({ id: 1, sound: 'file://audio/yay.caf' });
              cordova.plugins.notification.local.schedule({ id: 2, sound: 'res://platform_default' });
              cordova.plugins.notification.local.schedule({ id: 3, sound: 'file://audio/gone.caf' });
            });
            """, at: "www/js/index.js")
        let text = try repository.validate()
        #expect(!text.stdout.contains("www/js/index.js:2"), "\(text.stdout)")
        #expect(!text.stdout.contains("www/js/index.js:3"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "www/js/index.js:4 (android): error: asks Android for the sound 'file://audio/gone.caf', a file of the app's web assets (cordova-plugin-local-notification), but no source of the web build"
            ), "\(text.stdout)")
    }

    @Test("a name with a path answered by a shipped sound's path; an API that asks both asks iOS for a name without an extension")
    func pathsAndExtensionlessNames() throws {
        // notifee's example: ios: { sound: 'media/kick.wav' }, the target copying the media folder.
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("App.xcodeproj", target: "App", copying: ["media/kick.wav"])
        try repository.add(.wav16, at: "media/kick.wav")
        try repository.write(
            """
            import notifee from '@notifee/react-native';
            import * as Notifications from 'expo-notifications';
            await notifee.displayNotification({ title: 't', ios: { sound: 'media/kick.wav' } });
            await notifee.displayNotification({ title: 't', ios: { sound: 'other/kick.wav' } });
            await Notifications.scheduleNotificationAsync({ content: { sound: 'default_alarm' }, trigger: null });
            """, at: "src/notify.ts")
        let text = try repository.validate()
        #expect(!text.stdout.contains("src/notify.ts:3"), "\(text.stdout)")
        #expect(text.stdout.contains("src/notify.ts:4 (ios): error: asks iOS for the sound 'other/kick.wav'"), "\(text.stdout)")
        #expect(text.stdout.contains("src/notify.ts:5 (ios): error: asks iOS for the sound 'default_alarm'"), "\(text.stdout)")
    }

    @Test("a generic key of a call soundcheck does not know, naming a shipped iOS file but for its extension, is no warning")
    func unknownCallStem() throws {
        // hapawillow/thenotifier-app: the app's own alarm module is passed sound: 'thenotifier' and
        // adds .wav; thenotifier.wav ships in the iOS target.
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("App.xcodeproj", target: "App", copying: ["App/chime.wav"])
        try repository.add(.wav16, at: "App/chime.wav")
        try repository.write(
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            import { AlarmModule } from 'alarm-module';
            if (Platform.OS === 'ios') {
              await AlarmModule.scheduleAlarm(schedule, {
                title: 'Wake up',
                sound: 'chime',
              });
              await AlarmModule.scheduleAlarm(schedule, {
                title: 'Wake up',
                sound: 'bell',
              });
            }
            """, at: "src/alarms.ts")
        let text = try repository.validate()
        #expect(!text.stdout.contains("src/alarms.ts:7"), "\(text.stdout)")
        #expect(text.stdout.contains("src/alarms.ts:11 (ios): warning: may ask iOS for the sound 'bell'"), "\(text.stdout)")
    }

    @Test("a sound named in a table the code reads at run time: its purpose is unknown, but the note says where the code names it")
    func tableOfNames() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("Chat.xcodeproj", target: "Chat", copying: ["Sounds/bell.mp3", "Sounds/lost.mp3"])
        try repository.add(.mp3, at: "Sounds/bell.mp3")
        try repository.add(.mp3, at: "Sounds/lost.mp3")
        try repository.write("enum Tones {\n    static let all = [\"bell.mp3\", \"none\"]\n}\n", at: "Chat/Tones.swift")
        try repository.write(
            """
            import UserNotifications
            func sound(_ index: Int) -> UNNotificationSound { UNNotificationSound(named: UNNotificationSoundName(rawValue: Tones.all[index])) }
            """, at: "Chat/Notify.swift")
        let text = try repository.validate()
        #expect(
            text.stdout.contains(
                "Sounds/bell.mp3 (target Chat, ios): note: the code names it at Chat/Tones.swift:2, where no call shows what for"
            ), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "Sounds/lost.mp3 (target Chat, ios): note: no code, push body or config in this repository names it"),
            "\(text.stdout)")
    }

    @Test("names lists what notifications ask for, each on the platform its API serves, and leaves a player's names out")
    func namesCommand() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            import android.app.NotificationChannel
            val player = MediaPlayer.create(this, R.raw.tone)
            channel.setSound(Uri.parse("android.resource://$packageName/raw/chime"), attributes)
            """, at: "app/src/main/java/a/N.kt")
        let listed = try Soundcheck.run(["names", "app"], in: repository.root.path)
        #expect(listed.stdout == "chime\tapp/src/main/java/a/N.kt:3\tandroid\n", "\(listed.stdout)")
    }
}
