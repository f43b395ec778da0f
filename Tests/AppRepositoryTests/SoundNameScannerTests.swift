import Testing

@testable import AppContents

/// The names code asks for: each call's platform from its API and the platform tests around it,
/// whether the name is certain, each literal branch of a conditional, templates with a literal
/// resource tail, and each use's purpose from its statement's call.
@Suite("SoundNameScanner: platforms, certainty, branches, templates, purposes")
struct SoundNameScannerTests {
    /// The uses `text` shows as `name platform` (with `?` for an uncertain one), in line order.
    static func uses(_ text: String, in file: String = "Notify.ts") -> [String] {
        SoundNameScanner.scan(Array(text.utf8), file: file).uses.map {
            "\($0.name) \($0.platform.rawValue)\($0.isCertain ? "" : "?")\($0.purpose == .app ? " app" : "")"
        }
    }

    @Test("expo-notifications: a channel is Android's, a scheduled notification's content asks both")
    func expo() {
        let text = """
            import * as Notifications from 'expo-notifications';
            await Notifications.setNotificationChannelAsync('alerts', {
              name: 'Alerts',
              sound: 'chime.wav',
            });
            await Notifications.scheduleNotificationAsync({ content: { title: 'Hi', sound: 'bell.wav' }, trigger: null });
            """
        #expect(Self.uses(text) == ["chime.wav android", "bell.wav cross-platform"])
    }

    @Test("a Platform.OS or Platform.isAndroid test around a call decides its platform, its else the other")
    func platformGuards() {
        let js = """
            import notifee from '@notifee/react-native';
            if (Platform.OS === "android") {
              setup({ sound: 'a.wav' });
            }
            if (Platform.OS !== 'android') {
              setup({ sound: 'b.wav' });
            } else {
              setup({ sound: 'c.wav' });
            }
            """
        #expect(Self.uses(js) == ["a.wav android?", "b.wav ios?", "c.wav android?"])
        let dart = """
            import 'package:flutter_local_notifications/flutter_local_notifications.dart';
            if (Platform.isIOS) {
              show(NotificationDetails(sound: 'd.caf'));
            }
            """
        #expect(Self.uses(dart, in: "notify.dart") == ["d.caf ios?"])
    }

    @Test("notifee: android and ios blocks, a channel; FCM and APNs bodies; react-native-push-notification; Capacitor")
    func pluginsAndBodies() {
        let notifee = """
            import notifee from '@notifee/react-native';
            await notifee.createChannel({ id: 'c', name: 'C', sound: 'hollow' });
            await notifee.displayNotification({ title: 't', android: { channelId: 'c', sound: 'hollow' }, ios: { sound: 'local.wav' } });
            """
        #expect(Self.uses(notifee) == ["hollow android", "hollow android", "local.wav ios"])
        let fcm = """
            admin.messaging().send({
              android: { notification: { sound: 'beep' } },
              apns: { payload: { "aps": { "sound": "beep.caf" } } },
            });
            """
        #expect(Self.uses(fcm, in: "send.js") == ["beep android", "beep.caf ios"])
        let rnpn = """
            import PushNotification from 'react-native-push-notification';
            PushNotification.createChannel({ channelId: 'c', soundName: 'ring.mp3' });
            PushNotification.localNotification({
              playSound: true,
              soundName: 'ring.mp3',
            });
            PushNotification.localNotification({ channelId: 'c', soundName: 'bark' });
            """
        #expect(Self.uses(rnpn) == ["ring.mp3 android", "ring.mp3 cross-platform", "bark android"])
        let capacitor = """
            const config = { plugins: { LocalNotifications: { smallIcon: 'ic', sound: 'beep.wav' } } };
            await LocalNotifications.schedule({ notifications: [{ id: 1, title: 't', sound: 'beep.wav' }] });
            """
        #expect(Self.uses(capacitor, in: "capacitor.config.ts") == ["beep.wav android", "beep.wav cross-platform"])
        // A function whose declared return type is Capacitor's schema builds one.
        let schema = """
            import { LocalNotifications, LocalNotificationSchema } from '@capacitor/local-notifications';
            const make = (): LocalNotificationSchema => {
              return { id: 1, title: 't', sound: 'beep.aiff' };
            };
            """
        #expect(Self.uses(schema) == ["beep.aiff cross-platform"])
        // PushNotificationIOS and react-native-notifications' local notification are iOS's.
        let ios = """
            PushNotificationIOS.addNotificationRequest({ id: 'a', body: 'b', sound: 'custom.wav' });
            Notifications.postLocalNotification({ body: 'b', sound: 'chime.aiff' });
            """
        #expect(Self.uses(ios) == ["custom.wav ios", "chime.aiff ios"])
    }

    @Test("flutter_local_notifications and notifee in Dart: each details class and a Channel serve one platform")
    func dart() {
        let text = """
            final details = NotificationDetails(
              android: AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime')),
              iOS: DarwinNotificationDetails(sound: 'bell.caf'),
            );
            final old = IOSNotificationDetails(sound: 'old.aiff');
            final channel = Channel(id: 'horses', name: 'Horses', sound: 'horse');
            """
        #expect(Self.uses(text, in: "notify.dart") == ["chime android", "bell.caf ios", "old.aiff ios", "horse android"])
    }

    @Test("a generic key in no known call is uncertain; a switch, true or null names nothing")
    func genericKeys() {
        let text = """
            // Notification preferences
            type Prefs = { sound: 'custom' | 'default' };
            const defaults = { sound: 'custom' };
            const flags = { sound: true, other: { sound: settings.soundEnabled }, more: { sound: null } };
            const saved = { sound: 'ding.caf' };
            """
        let scan = SoundNameScanner.scan(Array(text.utf8), file: "prefs.ts")
        #expect(
            scan.uses.map { "\($0.name) \($0.isCertain)" } == ["ding.caf false"],
            "a union type names nothing, nor a preference's value ('custom'); a file name there is uncertain"
        )
        #expect(scan.runTimeNames == 0, "a boolean or a switch is not a name chosen at run time")
    }

    @Test("literal branches: ?: with a platform test, with another test, nested; Platform.select; run time only where no literal gives it")
    func conditionals() {
        let text = """
            import * as Notifications from 'expo-notifications';
            Notifications.scheduleNotificationAsync({ content: { sound: Platform.OS === 'ios' ? 'n.wav' : 'n.mp3' } });
            Notifications.scheduleNotificationAsync({ content: { sound: Platform.OS == "android" ? 'm_droid' : 'm.caf' } });
            Notifications.scheduleNotificationAsync({ content: { sound: severity === 'CRITICAL' ? 'critical.wav' : 'default' } });
            Notifications.scheduleNotificationAsync({ content: { sound: a ? 'x.wav' : b ? 'y.wav' : 'z.wav' } });
            Notifications.scheduleNotificationAsync({ content: { sound: Platform.select({ ios: 's.caf', android: 's_droid', default: 'default' }) } });
            Notifications.scheduleNotificationAsync({ content: { sound: urgent ? 'u.wav' : chosenSound } });
            Notifications.setNotificationChannelAsync('c', { sound: Platform.OS === 'ios' ? 'never.wav' : 'chan.wav' });
            Notifications.scheduleNotificationAsync({ content: { sound: Platform.OS === 'ios'
              ? 'multi.caf'
              : 'multi.mp3' } });
            """
        let scan = SoundNameScanner.scan(Array(text.utf8), file: "n.ts")
        #expect(
            scan.uses.map { "\($0.line) \($0.name) \($0.platform.rawValue)" } == [
                "2 n.wav ios", "2 n.mp3 android", "3 m_droid android", "3 m.caf ios", "4 critical.wav cross-platform",
                "5 x.wav cross-platform", "5 y.wav cross-platform", "5 z.wav cross-platform", "6 s.caf ios", "6 s_droid android",
                "7 u.wav cross-platform", "8 chan.wav android", "9 multi.caf ios", "9 multi.mp3 android",
            ])
        #expect(scan.runTimeNames == 0, "a line that gives a literal is no run-time call")
        let runTime = SoundNameScanner.scan(
            Array("Notifications.scheduleNotificationAsync({ content: { sound: urgent ? loud : quiet } });\n".utf8), file: "n.ts")
        #expect(runTime.uses.isEmpty)
        #expect(runTime.runTimeNames == 1)
    }

    @Test("literal branches: Dart's ?: on defaultTargetPlatform, Kotlin's if and when expressions, a Dart switch expression")
    func otherLanguagesBranches() {
        let dart = """
            final d = DarwinNotificationDetails(sound: Platform.isIOS ? 'x.caf' : null);
            final a = AndroidNotificationDetails('c', 'n',
                sound: RawResourceAndroidNotificationSound(defaultTargetPlatform == TargetPlatform.android ? 'dr' : 'never'));
            final s = DarwinNotificationDetails(sound: switch (kind) { Kind.alarm => 'alarm.caf', _ => 'soft.caf' });
            final i = DarwinNotificationDetails(sound: if (loud) 'loud.caf' else 'quiet.caf');
            """
        #expect(
            Self.uses(dart, in: "n.dart") == ["x.caf ios", "dr android", "alarm.caf ios", "soft.caf ios", "loud.caf ios", "quiet.caf ios"])
        let kotlin = """
            import android.app.NotificationChannel
            val uri = Uri.parse(if (urgent) "android.resource://$packageName/raw/urgent" else "android.resource://$packageName/raw/calm")
            val id = when (kind) { Kind.ALARM -> R.raw.alarm; else -> R.raw.soft }
            """
        #expect(Self.uses(kotlin, in: "N.kt") == ["urgent android", "calm android", "alarm android", "soft android"])
    }

    @Test("templates and concatenation with a literal resource tail, in Kotlin, Java, JavaScript and Dart")
    func templates() {
        let kotlin = """
            import android.app.NotificationChannel
            channel.setSound(Uri.parse("android.resource://$packageName/raw/notification_sound"), attributes)
            channel.setSound(Uri.parse("android.resource://${context.packageName}/raw/braced"), attributes)
            """
        #expect(Self.uses(kotlin, in: "N.kt") == ["notification_sound android", "braced android"])
        let java = """
            import android.app.NotificationChannel;
            channel.setSound(Uri.parse("android.resource://" + getPackageName() + "/raw/concat"), attributes);
            channel.setSound(Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + context.getPackageName() + "/raw/bark"), a);
            """
        #expect(Self.uses(java, in: "N.java") == ["concat android", "bark android"])
        let javaScript = """
            import notifee from '@notifee/react-native';
            const uri = `android.resource://${packageName}/raw/js_template`;
            const path = 'assets/raw/not_a_resource.mp3';
            const tail = 'android.resource://' + pkg + '/raw/js_tail';
            play(`/raw/not_a_tail`);
            const options = { soundName: 'default' }; // or 'android.resource://com.xyz/raw/in_a_comment'
            """
        #expect(Self.uses(javaScript) == ["js_template android", "js_tail android"])
        let dart = "final sound = UriAndroidNotificationSound('android.resource://' + package + '/raw/dart_tail');\n"
        #expect(Self.uses(dart, in: "n.dart") == ["dart_tail android"])
    }

    @Test("Swift's .init spelling; the call in a name's statement gives its purpose, the file only where it shows none")
    func swiftAndPurposes() {
        let swift = """
            import UserNotifications
            content.sound = UNNotificationSound.init(named: UNNotificationSoundName.init("xdripalert.aif"))
            content.sound = UNNotificationSound.init(named: UNNotificationSoundName.init(rawValue: "other.aif"))
            """
        let scan = SoundNameScanner.scan(Array(swift.utf8), file: "Alert.swift")
        #expect(scan.uses.map(\.name) == ["xdripalert.aif", "other.aif"])
        #expect(scan.runTimeNames == 0)
        let kotlin = """
            import android.app.NotificationChannel
            val player = MediaPlayer.create(this, R.raw.tone)
            builder.setSound(Uri.parse("android.resource://" + packageName + "/" + R.raw.chime))
            val table = listOf(R.raw.one)
            """
        #expect(Self.uses(kotlin, in: "N.kt") == ["tone android app", "chime android", "one android"])
        let player = "val player = MediaPlayer()\nval sounds = listOf(R.raw.one)\n"
        #expect(Self.uses(player, in: "P.kt") == ["one android app"], "a file that only plays decides a bare R.raw")
    }

    @Test("cordova-plugin-local-notification: res:// is a native resource, res://platform_default the default sound; file:// kept whole")
    func cordovaURIs() {
        let text = """
            cordova.plugins.notification.local.schedule({ id: 1, sound: 'res://platform_default' });
            cordova.plugins.notification.local.schedule({ id: 2, sound: 'res://chime' });
            cordova.plugins.notification.local.schedule({ id: 3, sound: 'file://audio/yay.caf' });
            """
        #expect(Self.uses(text, in: "www/js/index.js") == ["chime cross-platform", "file://audio/yay.caf cross-platform"])
    }

    @Test("an Expo push message's sound is iOS's; an && with a platform test selects it, its else nothing")
    func expoPushAndConjunctions() {
        let server = """
            import { Expo } from 'expo-server-sdk';
            // Notification
            messages.push({ to: token, sound: severity === 'CRITICAL' ? 'critical.wav' : 'default', title: t });
            const other = { sound: 'other.wav' };
            """
        #expect(Self.uses(server, in: "push.ts") == ["critical.wav ios", "other.wav cross-platform?"])
        let client = """
            import * as Notifications from 'expo-notifications';
            if (enabled && Platform.OS === 'ios') {
              notify({ sound: 'a.caf' });
            } else {
              notify({ sound: 'b.wav' });
            }
            """
        #expect(Self.uses(client) == ["a.caf ios?", "b.wav cross-platform?"])
    }

    @Test("a line inside a block comment or a template literal begun on an earlier line is no call")
    func multiLineCommentsAndTemplates() {
        let swift = """
            import UserNotifications
            /*
             content.sound = UNNotificationSound(named: UNNotificationSoundName("old.caf"))
             */
            content.sound = UNNotificationSound(named: UNNotificationSoundName("new.caf"))
            """
        #expect(SoundNameScanner.scan(Array(swift.utf8), file: "N.swift").uses.map(\.name) == ["new.caf"])
        let javaScript = """
            import notifee from '@notifee/react-native';
            const help = `
              notifee.createChannel({ sound: 'in_docs' })
            `;
            notifee.createChannel({ id: 'c', sound: 'real' });
            """
        #expect(Self.uses(javaScript) == ["real android"])
    }

    @Test("an object's sound set by assignment: the API it is passed to later decides; the if around the assignment its platform")
    func assignedSound() {
        let text = """
            import * as Notifications from 'expo-notifications';
            const content: any = { title: 't' };
            if (enabled && Platform.OS === 'ios') {
              content.sound = 'azan.caf';
            }
            if (Platform.OS === 'android') {
              content.sound = 'azan';
            }
            if (content.sound === 'x.wav') { log(); }
            await Notifications.scheduleNotificationAsync({ content: content, trigger: null });
            const other = {};
            other.sound = 'loose.wav';
            const channels = [{ name: 'Horse', id: 'horse', importance: AndroidImportance.HIGH, sound: 'horse.mp3' }];
            """
        #expect(Self.uses(text) == ["azan.caf ios", "azan android", "loose.wav cross-platform?", "horse.mp3 android?"])
    }

    @Test("a line that is not UTF-8 (Latin-1, damaged bytes) is read at its bytes' offsets, never past the file")
    func bytesThatAreNotUTF8() {
        // Latin-1 'é' and two stray bytes before the call: decoded as U+FFFD each, they made the
        // line's text longer than its bytes, and the statement's end fell past the file (a trap the
        // fuzzer found at the last line).
        let latin1: [UInt8] =
            Array("// caf".utf8) + [0xE9, 0x0A]
            + Array("let s = UNNotificationSound(named: UNNotificationSoundName(\"chime.caf\")) ".utf8) + [0x92, 0x9B]
        let uses = SoundNameScanner.scan(latin1, file: "Notify.swift").uses
        #expect(uses.map(\.name) == ["chime.caf"])
        #expect(uses.map(\.line) == [2])
        let android: [UInt8] = Array("val d = Uri.parse(\"android.resource://x/raw/chime\") + ".utf8) + [0x92, 0x9B, 0xB1, 0x9E, 0x92]
        #expect(SoundNameScanner.scan(android, file: "Channels.kt").uses.map(\.name) == ["chime"])
    }

    @Test("a label read back to the file's first byte stops there (found by the android fuzz target)")
    func labelAtFileStart() {
        // Generic arguments, and an array type's brackets, that open the file.
        #expect(Self.uses("<T>{ sound: 'a.wav' } // Notification", in: "a.ts") == ["a.wav cross-platform?"])
        #expect(Self.uses("[] = { sound: 'b.wav' } // Notification", in: "a.ts") == ["b.wav cross-platform?"])
    }
}
