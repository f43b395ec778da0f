import Foundation
import TestSupport
import Testing

@testable import AppContents

/// The catalogue of notification libraries (`NotificationLibrary.catalogue`) is the one table the
/// code readers consult and `docs/libraries.md` is made from: every row marked read has a fixture
/// here whose names it reads, every `argument` call is one of the scanner's patterns, no language
/// gives one name two platforms, and the document is the table's text.
@Suite("The library catalogue: one fixture a read row, patterns, languages, docs/libraries.md")
struct LibraryCatalogueTests {
    /// One fixture per row marked read, by the row's name: a file, its text, and the names the
    /// scanner reads in it (`name platform`, `?` for an uncertain one), in line order. Each follows
    /// the library's documented usage (the row's citation).
    static let fixtures: [String: (file: String, text: String, uses: [String])] = [
        "UserNotifications (UNNotificationSound)": (
            "Notify.swift", #"content.sound = UNNotificationSound(named: UNNotificationSoundName("ping.caf"))"#, ["ping.caf ios"]
        ),
        "Android framework (NotificationChannel.setSound, R.raw)": (
            "app/src/main/java/com/x/N.kt",
            """
            val channel = NotificationChannel("c", "n", NotificationManager.IMPORTANCE_HIGH)
            channel.setSound(Uri.parse("android.resource://" + packageName + "/raw/bell"), null)
            builder.setSound(Uri.parse("android.resource://com.x/" + R.raw.chime))
            """,
            ["bell android", "chime android"]
        ),
        "Kotlin/Native platform.UserNotifications": (
            "shared/src/iosMain/kotlin/com/x/Notify.kt",
            """
            import platform.UserNotifications.UNNotificationSound
            content.setSound(UNNotificationSound.soundNamed("chime.wav"))
            val critical = UNNotificationSound.criticalSoundNamed("siren.caf")
            val notRaw = "android.resource://com.x/raw/bell"
            """,
            ["chime.wav ios", "siren.caf ios"]
        ),
        "KMPNotifier (io.github.mirzemehdi:kmpnotifier)": (
            "shared/src/commonMain/kotlin/com/x/Setup.kt",
            """
            NotifierManager.initialize(
                NotificationPlatformConfiguration.Ios(showPushNotification = true, notificationSoundName = "ding.caf")
            )
            val habit = Habit(notificationSoundName = "Chime", notificationSoundName2 = sound.displayName)
            """,
            ["ding.caf ios"]
        ),
        "Xamarin.iOS and .NET for iOS UserNotifications (UNNotificationSound.GetSound)": (
            "App/Notify.cs",
            """
            content.Sound = UNNotificationSound.GetCriticalSound("alarm.caf", 1.0f);
            var note = new UILocalNotification { AlertBody = "Tea", SoundName = "kettle.caf" };
            note.SoundName = "bell.caf";
            """,
            ["alarm.caf ios", "kettle.caf ios", "bell.caf ios"]
        ),
        ".NET for Android and Xamarin.Android (Resource.Raw, SetSound)": (
            "App/Notify.cs",
            """
            var uri = Android.Net.Uri.Parse("android.resource://" + context.PackageName + "/raw/chime");
            channel.SetSound(uri, attributes);
            builder.SetSound(Android.Net.Uri.Parse("android.resource://com.x/" + Resource.Raw.tick));
            """,
            ["chime android", "tick android"]
        ),
        "Plugin.LocalNotification": (
            "App/Notify.cs",
            """
            var request = new NotificationRequest { NotificationId = 1, Title = "Tea", Sound = "kettle.wav" };
            var other = new NotificationRequest();
            other.Sound = "ding.caf";
            LocalNotificationCenter.CreateNotificationChannel(new AndroidNotificationChannelRequest { Sound = "alert" });
            """,
            ["kettle.wav cross-platform", "ding.caf cross-platform", "alert android"]
        ),
        "Shiny.Notifications": (
            "App/Notify.cs",
            #"var channel = new Channel { Identifier = "a", Sound = ChannelSound.Custom, CustomSoundPath = "shiny.caf" };"#,
            ["shiny.caf cross-platform"]
        ),
        "flutter_local_notifications": (
            "lib/notify.dart",
            """
            final details = NotificationDetails(
              android: AndroidNotificationDetails('c', 'n', sound: RawResourceAndroidNotificationSound('chime')),
              iOS: DarwinNotificationDetails(sound: 'bell.caf'),
            );
            """,
            ["chime android", "bell.caf ios"]
        ),
        "awesome_notifications": (
            "lib/notify.dart",
            """
            NotificationChannel(channelKey: 'alerts', playSound: true, soundSource: 'resource://raw/res_chime');
            NotificationContent(id: 1, channelKey: 'alerts', customSound: 'asset://assets/ping.mp3');
            NotificationContent(id: 2, channelKey: 'alerts', customSound: null);
            """,
            ["res_chime android", "res_chime.aiff ios", "asset://assets/ping.mp3 ios"]
        ),
        "awesome_notifications_fcm": (
            "server/awesome.json",
            #"{"to": "t", "data": {"content": {"id": 1, "channelKey": "alerts", "customSound": "resource://raw/res_bell"}, "iOS": {"content": {"customSound": "resource://raw/res_ios"}}}}"#,
            ["res_bell android", "res_bell.aiff ios", "res_ios.aiff ios"]
        ),
        "notifee-style Channel (Dart and JavaScript ports)": (
            "lib/channel.dart", "import 'package:notifee/notifee.dart';\nfinal channel = Channel(id: 'horses', sound: 'horse');",
            ["horse android"]
        ),
        "expo-notifications": (
            "notify.ts",
            """
            import * as Notifications from 'expo-notifications';
            await Notifications.setNotificationChannelAsync('alerts', { name: 'Alerts', sound: 'alert.wav' });
            await Notifications.scheduleNotificationAsync({ content: { title: 'Hi', sound: 'bell.wav' }, trigger: null });
            """,
            ["alert.wav android", "bell.wav cross-platform"]
        ),
        "@notifee/react-native": (
            "notify.ts",
            """
            import notifee from '@notifee/react-native';
            await notifee.createChannel({ id: 'alerts', name: 'Alerts', sound: 'hollow' });
            await notifee.displayNotification({ title: 'Hi', ios: { sound: 'local.wav' }, android: { channelId: 'alerts' } });
            """,
            ["hollow android", "local.wav ios"]
        ),
        "react-native-push-notification": (
            "notify.js",
            """
            import PushNotification from 'react-native-push-notification';
            PushNotification.localNotification({ message: 'Hi', soundName: 'chime.mp3' });
            PushNotification.localNotificationSchedule({ message: 'Later', soundName: 'bell' });
            """,
            ["chime.mp3 cross-platform", "bell android"]
        ),
        "@react-native-community/push-notification-ios": (
            "notify.js",
            """
            import PushNotificationIOS from '@react-native-community/push-notification-ios';
            PushNotificationIOS.addNotificationRequest({ id: 'a', title: 'Hi', sound: 'tone.caf' });
            """,
            ["tone.caf ios"]
        ),
        "react-native-notifications": (
            "notify.js",
            "import { Notifications } from 'react-native-notifications';\nNotifications.postLocalNotification({ title: 'Hi', sound: 'chime.aiff' });",
            ["chime.aiff ios"]
        ),
        "@capacitor/local-notifications": (
            "notify.ts",
            """
            import { LocalNotifications } from '@capacitor/local-notifications';
            await LocalNotifications.schedule({ notifications: [{ id: 1, title: 'Hi', body: 'x', sound: 'beep.wav' }] });
            """,
            ["beep.wav cross-platform"]
        ),
        "cordova-plugin-local-notification": (
            "www/js/notify.js",
            "cordova.plugins.notification.local.schedule({ title: 'Hi', sound: 'res://chime' });",
            ["chime cross-platform"]
        ),
        "cordova-plugin-firebase-extended-notification": (
            "functions/push.js",
            """
            const admin = require('firebase-admin');
            const body = { to: token, data: { notificationOptions: { title: 'Hi', sound: 'res://raw/music_mp3' } } };
            const quiet = { to: token, data: { notificationOptions: { title: 'Hi', sound: true } } };
            admin.messaging();
            """,
            ["music_mp3 android"]
        ),
        "firebase-admin (Node.js)": (
            "functions/push.js",
            "admin.messaging().sendToDevice(token, { notification: { title: 'Hi', sound: 'legacy.caf' } });",
            ["legacy.caf cross-platform"]
        ),
        "apn, @parse/node-apn": (
            "server/push.js", "const note = new apn.Notification({ alert: 'Hi', sound: 'ping.aiff' });", ["ping.aiff ios"]
        ),
        "Parse Server (Parse.Push.send)": (
            "cloud/main.js",
            "Parse.Push.send({ where: query, data: { alert: 'Goal!', sound: 'cheer.caf' } }, { useMasterKey: true });",
            ["cheer.caf ios"]
        ),
        "@pusher/push-notifications-server (Pusher Beams)": (
            "server/beams.js",
            """
            beamsClient.publishToInterests(['hello'], {
              apns: { aps: { alert: 'Hi', sound: 'beam.caf' } },
              fcm: { notification: { title: 'Hi', sound: 'beam' } },
            });
            """,
            ["beam.caf ios", "beam android"]
        ),
        "expo-server-sdk (Expo push)": (
            "server/push.js",
            """
            const { Expo } = require('expo-server-sdk');
            await expo.sendPushNotificationsAsync([{ to: token, title: 'Hi', sound: 'expo.wav' }]);
            """,
            ["expo.wav ios"]
        ),
        "firebase-admin (Python, Go, Java, C#, Node.js)": (
            "server/push.py",
            """
            message = messaging.Message(
                apns=messaging.APNSConfig(payload=messaging.APNSPayload(aps=messaging.Aps(sound='chime.caf'))),
                android=messaging.AndroidConfig(notification=messaging.AndroidNotification(sound='chime')),
            )
            critical = messaging.Aps(sound=messaging.CriticalSound('siren.caf', critical=True))
            """,
            ["chime.caf ios", "chime android", "siren.caf ios"]
        ),
        "apns2 (PyAPNs2)": ("server/apns.py", #"payload = Payload(alert="Hi", sound="bell.caf", badge=1)"#, ["bell.caf ios"]),
        "pyfcm": (
            "server/fcm.py", #"push_service.notify_single_device(registration_id=token, message_title="Hi", sound="legacy.caf")"#,
            ["legacy.caf cross-platform"]
        ),
        "sideshow/apns2": ("push.go", #"p := payload.NewPayload().Alert("Hi").Sound("go.caf")"#, ["go.caf ios"]),
        "apnotic, houston, rpush": (
            "push.rb", "notification = Apnotic::Notification.new(token)\nnotification.sound = 'ruby.caf'", ["ruby.caf ios"]
        ),
        "fcm (Ruby gem)": (
            "push.rb", "fcm.send_notification([token], { notification: { title: 'Hi', sound: 'gem.caf' } })",
            ["gem.caf cross-platform"]
        ),
        "kreait/firebase-php": (
            "push.php", "$config = ApnsConfig::new()->withSound('php.caf');\n$android = AndroidConfig::new()->withSound('php');",
            ["php.caf ios", "php android"]
        ),
        "laravel-notification-channels/apn and /fcm": (
            "Push.php", "return ApnMessage::create()->title('Hi')->sound('laravel.caf');", ["laravel.caf ios"]
        ),
        "pushy": (
            "Push.java", "final ApnsPayloadBuilder builder = new SimpleApnsPayloadBuilder();\nbuilder.setSound(\"pushy.caf\");",
            ["pushy.caf ios"]
        ),
        "dotAPNS": ("Push.cs", #"var push = new ApplePush(ApplePushType.Alert).AddAlert("Hi").AddSound("dot.caf");"#, ["dot.caf ios"]),
        "APNs payload (aps)": (
            "server/push.js", "const body = { aps: { alert: 'Hi', sound: 'aps.caf' } };", ["aps.caf ios"]
        ),
        "FCM HTTP v1 (message.android, message.apns)": (
            "server/push.js",
            "const message = { token, android: { notification: { sound: 'v1' } }, apns: { payload: { aps: { sound: 'v1.caf' } } } };",
            ["v1 android", "v1.caf ios"]
        ),
        "FCM legacy HTTP (/fcm/send)": (
            "push.json", #"{"registration_ids": ["t"], "notification": {"title": "Hi", "sound": "legacy.wav"}}"#,
            ["legacy.wav cross-platform"]
        ),
        "OneSignal REST API": (
            "server/onesignal.js",
            "const notification = { include_player_ids: [id], ios_sound: 'one.wav', android_sound: 'one' };",
            ["one android", "one.wav ios"]
        ),
    ]

    @Test("the catalogue lists at least 30 libraries, a fixture for each one read, and the fixture reads what the row says")
    func everyReadRowHasAFixture() {
        let catalogue = NotificationLibrary.catalogue
        #expect(catalogue.count >= 30)
        #expect(Set(catalogue.map(\.name)).count == catalogue.count, "two rows share a name")
        for library in catalogue where library.isRead {
            guard let fixture = Self.fixtures[library.name] else {
                Issue.record("no fixture for '\(library.name)'")
                continue
            }
            #expect(SoundNameScannerTests.uses(fixture.text, in: fixture.file) == fixture.uses, "\(library.name)")
        }
        for name in Self.fixtures.keys {
            #expect(catalogue.contains { $0.name == name && $0.isRead }, "a fixture for '\(name)', which is no row read")
        }
        for name in NotificationLibrary.measuredUse.keys {
            #expect(catalogue.contains { $0.name == name }, "a measured use for '\(name)', which is no row")
        }
    }

    @Test("every argument call is a pattern the scanner looks for in its library's files")
    func argumentsArePatterns() {
        for library in NotificationLibrary.catalogue where library.isRead {
            var keys = Set(library.languages.flatMap(Self.extensions))
            if library.appleSourceSetsOnly { keys = [SoundNameScanner.appleKotlin] }
            let prefixes = Set(keys.flatMap { SoundNameScanner.patterns[$0] ?? [] }.map(\.prefix))
            for call in library.calls where call.kind == .argument {
                #expect(prefixes.contains(call.name), "\(library.name): '\(call.name)' is no pattern of \(keys.sorted())")
            }
        }
        // And every pattern that names its sound itself belongs to a row: the generic keys and
        // the senders' methods are decided by the calls around them, which rows list.
        let arguments = Set(NotificationLibrary.catalogue.flatMap(\.calls).filter { $0.kind == .argument }.map(\.name))
        for (key, patterns) in SoundNameScanner.patterns {
            for pattern in patterns where !pattern.isMember && !SoundNameScanner.genericPrefixes.contains(pattern.prefix) {
                #expect(arguments.contains(pattern.prefix), "\(key): '\(pattern.prefix)' is in no row of the catalogue")
            }
        }
    }

    @Test("a language gives a name one platform; a library's call is looked up in its own languages only")
    func lookupsByLanguage() {
        for language in CodeLanguage.allCases {
            var seen: [String: SoundNameUse.Platform] = [:]
            for library in NotificationLibrary.catalogue where library.isRead && library.languages.contains(language) {
                for call in library.calls where call.kind == .enclosing || call.kind == .legacySend {
                    if let platform = seen[call.name] {
                        #expect(platform == call.platform, "\(language): '\(call.name)' asks two platforms")
                    }
                    seen[call.name] = call.platform
                }
            }
        }
        // apns2's Payload is Python's; a JavaScript `Payload` is anyone's.
        #expect(CallContext.api(named: "Payload", language: .python)?.1 == .ios)
        #expect(CallContext.api(named: "Payload", language: .javaScript) == nil)
        #expect(CallContext.api(named: "Parse.Push.send", language: .javaScript)?.1 == .ios)
        #expect(CallContext.api(named: "Parse.Push.send", language: .python) == nil)
    }

    @Test("docs/libraries.md is the catalogue's text")
    func documentMatches() throws {
        let path = TestPaths.packageRoot + "/docs/libraries.md"
        let expected = NotificationLibrary.markdown
        if ProcessInfo.processInfo.environment["SOUNDCHECK_WRITE_LIBRARIES_DOC"] == "1" {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: path))
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            written == expected,
            "docs/libraries.md differs from NotificationLibrary.catalogue: run this test with SOUNDCHECK_WRITE_LIBRARIES_DOC=1")
    }

    /// The extensions of `language`'s files, as `SoundNameScanner.patterns` keys them.
    static func extensions(of language: CodeLanguage) -> [String] {
        switch language {
        case .swift: return ["swift"]
        case .objectiveC: return ["m", "mm", "h"]
        case .kotlin: return ["kt"]
        case .java: return ["java"]
        case .groovy: return ["gradle"]
        case .dart: return ["dart"]
        case .javaScript: return Array(SoundNameScanner.javaScriptExtensions)
        case .python: return ["py"]
        case .go: return ["go"]
        case .ruby: return ["rb"]
        case .php: return ["php"]
        case .cSharp: return ["cs"]
        case .yaml: return ["yaml", "yml"]
        case .json: return ["json"]
        }
    }
}
