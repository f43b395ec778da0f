import AppRepository
import Testing

@testable import AppContents

/// The names push senders ask for in server code, in each backend language: each with the
/// platform its API serves and certain (a known API), a generic key uncertain; a call inside a
/// string or a comment is none. The fixtures follow each library's documented usage.
@Suite("Push senders: firebase-admin, apns2, pushy, apnotic, kreait, dotAPNS, node-apn in every backend language")
struct PushSenderTests {
    static func uses(_ text: String, in file: String) -> [String] {
        SoundNameScannerTests.uses(text, in: file)
    }

    @Test("Python: firebase-admin's Aps, CriticalSound and AndroidNotification; apns2's Payload; aioapns; pyfcm")
    func python() {
        let text = #"""
            from firebase_admin import messaging
            from apns2.payload import Payload

            def notify(token):
                message = messaging.Message(
                    token=token,
                    apns=messaging.APNSConfig(
                        payload=messaging.APNSPayload(aps=messaging.Aps(sound='chime.caf', badge=1))),
                    android=messaging.AndroidConfig(
                        notification=messaging.AndroidNotification(sound='chime', channel_id='alerts')),
                )
                critical = messaging.Aps(sound=messaging.CriticalSound('siren.caf', critical=True, volume=1.0))
                payload = Payload(alert="Hi", sound="bell.caf", badge=1)  # sound="old.caf"
                request = NotificationRequest(device_token=token, message={"aps": {"alert": "Hi", "sound": "ding.caf"}})
                push_service.notify_single_device(registration_id=token, message_title="Hi", sound="legacy.caf")
                log = "sound='quoted.caf'"
                extra = {"sound": "maybe.caf"}
                sos = messaging.APNSPayload(
                    aps=messaging.Aps(
                        badge=1,
                        sound=messaging.CriticalSound(
                            name="sos.wav",
                            critical=True,
                        ),
                    ),
                )
            """#
        #expect(
            Self.uses(text, in: "server/push.py") == [
                "chime.caf ios", "chime android", "siren.caf ios", "bell.caf ios", "ding.caf ios", "legacy.caf cross-platform",
                "maybe.caf cross-platform?", "sos.wav ios",
            ])
        // A critical sound's name is asked on the line that spells it, and no call names its sound at run time.
        let scan = SoundNameScanner.scan(Array(text.utf8), file: "server/push.py")
        #expect(scan.uses.last?.line == 22)
        #expect(scan.runTimeNames == 0)
    }

    @Test("Go: firebase-admin-go's Aps, CriticalSound and AndroidNotification; sideshow/apns2's payload builder")
    func go() {
        let text = """
            package push

            import (
            \t"firebase.google.com/go/v4/messaging"
            \t"github.com/sideshow/apns2/payload"
            )

            func build(token string) {
            \tmessage := &messaging.Message{
            \t\tToken: token,
            \t\tAPNS: &messaging.APNSConfig{
            \t\t\tPayload: &messaging.APNSPayload{
            \t\t\t\tAps: &messaging.Aps{
            \t\t\t\t\tSound: "chime.caf",
            \t\t\t\t\tCriticalSound: &messaging.CriticalSound{Critical: true, Name: "siren.caf", Volume: 1.0},
            \t\t\t\t},
            \t\t\t},
            \t\t},
            \t\tAndroid: &messaging.AndroidConfig{
            \t\t\tNotification: &messaging.AndroidNotification{Sound: "chime", ChannelID: "alerts"},
            \t\t},
            \t}
            \tp := payload.NewPayload().Alert("Hi").Badge(1).
            \t\tSound("bell.caf")
            \tuser := User{Name: "Ann"}
            \traw := `Sound("quoted.caf")` // Sound: "old.caf"
            \tbody := map[string]interface{}{"sound": "maybe.caf"}
            }
            """
        #expect(
            Self.uses(text, in: "server/push.go") == [
                "chime.caf ios", "siren.caf ios", "chime android", "bell.caf ios", "maybe.caf cross-platform?",
            ])
    }

    @Test("Ruby: apnotic, houston and rpush notifications; the fcm gem's v1 message and legacy send")
    func ruby() {
        let text = #"""
            require 'apnotic'
            notification = Apnotic::Notification.new(token)
            notification.alert = "Hi"
            notification.sound = "chime.caf" # notification.sound = "old.caf"
            connection.push(notification)
            apn = Houston::Notification.new(device: token, alert: "Hi", sound: "bell.caf")
            n = Rpush::Apns::Notification.new
            n.app = Rpush::Apns::App.find_by_name("ios_app")
            n.sound = 'ding.caf'
            message = {
              'token' => token,
              'apns' => { 'payload' => { 'aps' => { 'sound' => 'siren.caf' } } },
              'android' => { 'notification' => { 'sound' => 'chime' } },
            }
            fcm.send_v1(message)
            fcm.send_to_topic("news", notification: { title: "Hi", sound: "legacy.caf" })
            text = "sound: 'quoted.caf'"
            other = { sound: "maybe.caf" }
            """#
        #expect(
            Self.uses(text, in: "server/push.rb") == [
                "chime.caf ios", "bell.caf ios", "ding.caf ios", "siren.caf ios", "chime android", "legacy.caf cross-platform",
                "maybe.caf cross-platform?",
            ])
    }

    @Test("PHP: kreait/firebase-php's configs, as arrays and builders; laravel-notification-channels' ApnMessage")
    func php() {
        let text = #"""
            <?php
            use Kreait\Firebase\Messaging\ApnsConfig;

            $message = CloudMessage::withTarget('token', $token)
                ->withApnsConfig(ApnsConfig::fromArray([
                    'payload' => ['aps' => ['alert' => 'Hi', 'sound' => 'chime.caf']],
                ]))
                ->withAndroidConfig(AndroidConfig::fromArray([
                    'notification' => ['sound' => 'chime', 'channel_id' => 'alerts'],
                ]));
            $config = ApnsConfig::new()->withSound('bell.caf'); // ->withSound('old.caf')
            $android = AndroidConfig::new()
                ->withSound('ding');

            class OrderShipped extends Notification
            {
                public function toApn($notifiable)
                {
                    return ApnMessage::create()
                        ->title('Shipped')
                        ->sound('siren.caf');
                }
            }
            $text = "'sound' => 'quoted.caf'";
            $data = ['sound' => 'maybe.caf'];
            """#
        #expect(
            Self.uses(text, in: "server/Push.php") == [
                "chime.caf ios", "chime android", "bell.caf ios", "ding android", "siren.caf ios", "maybe.caf cross-platform?",
            ])
    }

    @Test("C#: FirebaseAdmin's object initializers; dotAPNS's ApplePush")
    func cSharp() {
        let text = #"""
            using FirebaseAdmin.Messaging;

            var message = new Message()
            {
                Apns = new ApnsConfig
                {
                    Aps = new Aps
                    {
                        Sound = "chime.caf",
                        CriticalSound = new CriticalSound { Critical = true, Name = "siren.caf", Volume = 1.0 },
                    },
                },
                Android = new AndroidConfig
                {
                    Notification = new AndroidNotification { Sound = "chime", ChannelId = "alerts" },
                },
            };
            var push = new ApplePush(ApplePushType.Alert)
                .AddAlert("Hi")
                .AddSound("bell.caf");
            var user = new User { Name = "Ann" };
            var text = @"Sound = ""quoted.caf"""; // Sound = "old.caf"
            var extra = new Payload { Sound = "maybe.caf" };
            """#
        #expect(
            Self.uses(text, in: "Server/Push.cs") == [
                "chime.caf ios", "siren.caf ios", "chime android", "bell.caf ios", "maybe.caf cross-platform?",
            ])
    }

    @Test("Java and Kotlin on the server: firebase-admin-java's builders, pushy's payload builder; an app's channel is none")
    func javaAndKotlin() {
        let java = #"""
            Message message = Message.builder()
                .setApnsConfig(ApnsConfig.builder()
                    .setAps(Aps.builder()
                        .setSound("chime.caf")
                        .build())
                    .build())
                .setAndroidConfig(AndroidConfig.builder()
                    .setNotification(AndroidNotification.builder()
                        .setSound("chime")
                        .build())
                    .build())
                .build();
            Aps critical = Aps.builder().setSound(CriticalSound.builder().setName("siren.caf").setCritical(true).build()).build();
            final ApnsPayloadBuilder payloadBuilder = new SimpleApnsPayloadBuilder();
            payloadBuilder.setSound("bell.caf"); // payloadBuilder.setSound("old.caf");
            NotificationChannel channel = new NotificationChannel("alerts", "Alerts", NotificationManager.IMPORTANCE_HIGH);
            channel.setName("Alerts");
            String text = "builder.setSound(\"quoted.caf\")";
            """#
        #expect(Self.uses(java, in: "src/main/java/Push.java") == ["chime.caf ios", "chime android", "siren.caf ios", "bell.caf ios"])
        let kotlin = #"""
            val message = Message.builder()
                .setApnsConfig(ApnsConfig.builder().setAps(Aps.builder().setSound("chime.caf").build()).build())
                .setAndroidConfig(AndroidConfig.builder().setNotification(AndroidNotification.builder().setSound("ding").build()).build())
                .build()
            val payload = SimpleApnsPayloadBuilder().setAlertBody("Hi").setSound("bell.caf").build()
            """#
        #expect(Self.uses(kotlin, in: "src/main/kotlin/Push.kt") == ["chime.caf ios", "ding android", "bell.caf ios"])
    }

    @Test("Node: node-apn's note.sound is iOS's; the legacy FCM send's notification.sound is both platforms'")
    func node() {
        let text = """
            const apn = require('@parse/node-apn');
            const admin = require('firebase-admin');
            const note = new apn.Notification();
            note.alert = 'Hi';
            note.sound = 'chime.caf';
            await provider.send(note, token);
            const payload = {
              notification: { title: 'Hi', sound: 'legacy.caf' },
              data: { sound: 'data.caf' },
            };
            await admin.messaging().sendToDevice(tokens, payload);
            await admin.messaging().sendToTopic('news', { notification: { sound: 'topic.caf' } });
            """
        // A data payload's `sound` is a custom key the app may read, no notification's sound.
        #expect(Self.uses(text, in: "functions/index.js") == ["chime.caf ios", "legacy.caf cross-platform", "topic.caf cross-platform"])
        let scan = SoundNameScanner.scan(Array(text.utf8), file: "functions/index.js")
        #expect(scan.uses.map(\.isFromServer) == [true, true, true])
    }

    @Test("a backend's tests are test code, by each test runner's naming")
    func backendTests() {
        for name in [
            "test_push.py", "push_test.py", "tests.py", "conftest.py", "push_test.go", "push_spec.rb", "push_test.rb", "PushTest.php",
            "PushTests.cs",
        ] {
            #expect(CodeOutsideApps.isTestFile(named: name), "\(name)")
        }
        for name in ["push.py", "testing.go", "latest.py", "Push.php", "Contest.cs", "mytests.py", "conftest.pyc"] {
            #expect(!CodeOutsideApps.isTestFile(named: name), "\(name)")
        }
        #expect(["spec", "testdata", "fixtures", "__fixtures__"].allSatisfy(CodeOutsideApps.testFolders.contains))
    }
}
