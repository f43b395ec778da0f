import Testing

@testable import AppContents

/// Push bodies kept in JSON and YAML files: each shape's sound on its line, for the platform the
/// shape's field serves; a file whose structure is no push body names nothing.
@Suite("Push bodies in data files: APNs, FCM v1, legacy FCM and Expo, in JSON and YAML")
struct PushBodyDocumentTests {
    static func uses(_ text: String, in file: String) -> [String] {
        PushBodyDocument.uses(in: Array(text.utf8)[...], file: file).map { "\($0.name) \($0.platform.rawValue) :\($0.line)" }
    }

    @Test("JSON: an APNs body, an FCM v1 message, firebase-admin's message, a critical sound")
    func json() {
        let apns = #"{ "aps": { "alert": "Hi", "sound": "chime.caf" }, "note": "sound: x" }"#
        #expect(Self.uses(apns, in: "server/apns.json") == ["chime.caf ios :1"])
        let fcm = """
            {
              "message": {
                "token": "t",
                "notification": { "title": "Hi" },
                "android": { "notification": { "channel_id": "c", "sound": "chime" } },
                "apns": { "payload": { "aps": { "sound": { "critical": 1, "name": "siren.caf", "volume": 1.0 } } } }
              }
            }
            """
        #expect(Self.uses(fcm, in: "templates/fcm.json") == ["chime android :5", "siren.caf ios :6"])
        let admin = """
            {
              "topic": "news",
              "android": {
                "notification": {
                  "sound": "msn"
                }
              },
              "apns": {
                "payload": {
                  "aps": {
                    "badge": 1,
                    "sound": "msn"
                  }
                }
              },
              "data": { "sound": "not-a-sound" }
            }
            """
        #expect(Self.uses(admin, in: "messages/topic.json") == ["msn android :5", "msn ios :12"])
    }

    @Test("JSON: a data table's strings named sound are no push body's; a body among them still is, on its line")
    func jsonAmongData() {
        let table = """
            [{"short_name":"sound","short_names":["sound","speaker"],"name":"SPEAKER"},
             {"name":"x","sound":["a.caf"]},
             {"aps": {"sound": "ding.caf", "alert": "sound: on"}}, {"sound": {"name": "loud.caf", "critical": 1}}]
            """
        #expect(Self.uses(table, in: "data/emoji.json") == ["ding.caf ios :3"])
    }

    @Test("JSON: a legacy FCM request's notification.sound asks both; an Expo push message's sound asks iOS")
    func legacyAndExpo() {
        let legacy = #"{ "to": "/topics/news", "notification": { "title": "Hi", "sound": "bell.caf" }, "data": { "sound": "x" } }"#
        #expect(Self.uses(legacy, in: "push/legacy.json") == ["bell.caf cross-platform :1"])
        let expo = """
            [
              { "to": "ExponentPushToken[xxx]", "title": "Hi", "sound": "default" },
              { "to": "ExponentPushToken[yyy]", "sound": "ding.wav" }
            ]
            """
        #expect(Self.uses(expo, in: "push/expo.json") == ["ding.wav ios :3"])
    }

    @Test("YAML: the same shapes by their block structure, comments and quotes read by the lexer")
    func yaml() {
        let text = """
            # sound: "commented.caf"
            message:
              android:
                notification:
                  sound: chime   # the raw resource
              apns:
                payload:
                  aps:
                    alert: "Hi # not a comment"
                    sound: 'bell.caf'
            ---
            - to: ExponentPushToken[xxx]
              sound: "ding.wav"
            - to: ExponentPushToken[yyy]
              data:
                sound: other.caf
            """
        #expect(Self.uses(text, in: "server/push.yml") == ["chime android :5", "bell.caf ios :10", "ding.wav ios :13"])
    }

    @Test("YAML: a quoted key or value is the lexer's literal whole, its text between the quotes; two literals are no quoted scalar")
    func yamlQuoted() {
        let text = """
            "aps":
              'alert': "a: b # c"
              "sound": "ring #2.caf"   # the lexer's comment, after the literal
            "apns":
              "payload":
                aps:
                  sound: 'a' or 'b'
            """
        #expect(Self.uses(text, in: "server/quoted.yaml") == ["ring #2.caf ios :3", "'a' or 'b' ios :7"])
    }

    @Test("a file whose structure is no push body, or that a config reader owns, names nothing")
    func notPushBodies() {
        #expect(Self.uses(#"{ "name": "app", "config": { "sound": "chime.caf" } }"#, in: "settings.json").isEmpty)
        #expect(Self.uses(#"{ "aps": { "sound": "chime.caf" } }"#, in: "package.json").isEmpty)
        #expect(Self.uses(#"{ "expo": { "notification": { "sound": "x.caf" } } }"#, in: "app.json").isEmpty)
        #expect(Self.uses(#"{ "images": [], "info": { "version": 1 } }"#, in: "Assets.xcassets/Contents.json").isEmpty)
        #expect(Self.uses(#"{ "text": "{\"aps\": {\"sound\": \"x.caf\"}}" }"#, in: "doc.json").isEmpty)
        #expect(Self.uses("sound: chime.caf\nvolume: 3\n", in: "settings.yaml").isEmpty)
    }

    @Test("JSON: cordova-plugin-firebase-extended-notification's notificationOptions.sound res://raw/NAME is Android's; true is none")
    func extendedNotification() {
        let body = """
            {
              "to": "t",
              "data": { "notificationOptions": { "id": 4, "title": "Hi", "sound": "res://raw/music_mp3" } }
            }
            """
        #expect(Self.uses(body, in: "server/extended.json") == ["music_mp3 android :3"])
        let plain = #"{"to": "t", "data": {"notificationOptions": {"title": "Hi", "sound": true}}}"#
        #expect(Self.uses(plain, in: "server/extended.json").isEmpty)
    }
}
