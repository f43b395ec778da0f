import TestSupport
import Testing

/// `validate .` on a Go backend that wraps its push body in functions of its own: the literal a
/// caller passes at the parameter that reaches the body's sound is a certain request of the
/// body's platform, however many wrappers deep (up to `SenderWrappers.depth`).
@Suite("validate: a backend's own sender wrappers")
struct SenderWrapperTests {
    static func backend() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.addXcodeProject("ios/App.xcodeproj", target: "App", copying: ["App/chime.caf"])
        try repository.add(.cafULaw, at: "ios/App/chime.caf")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/chime.mp3")
        try repository.write(
            """
            package push

            // Send builds an APNs body by hand.
            func (a *APNs) Send(ctx context.Context, deviceToken, title, sound string, data map[string]any) error {
            \tpayload := map[string]any{
            \t\t"aps": map[string]any{
            \t\t\t"alert": map[string]string{"title": title},
            \t\t\t"sound": sound,
            \t\t},
            \t}
            \treturn a.post(ctx, deviceToken, payload)
            }

            func AndroidBody(token, sound string) *messaging.Message {
            \treturn &messaging.Message{Token: token, Android: &messaging.AndroidConfig{
            \t\tNotification: &messaging.AndroidNotification{Sound: sound},
            \t}}
            }
            """, at: "server/push/apns.go")
        try repository.write(
            """
            package service

            func (s *Service) NotifyUser(
            \tctx context.Context,
            \tuserID, title, sound string,
            ) error {
            \treturn s.apns.Send(ctx, s.token(userID), title, sound, nil)
            }

            func (s *Service) Handle(ctx context.Context) {
            \ts.NotifyUser(ctx, "u1", "Done", "chime.caf")
            \ts.NotifyUser(
            \t\tctx,
            \t\t"u2",
            \t\t"Joined",
            \t\t"join.caf",
            \t)
            \ts.NotifyUser(ctx, "u3", "Other", "ignored.caf", 1)
            \tsend("nothing.caf")
            \tpush.AndroidBody(token, "chime")
            \tpush.AndroidBody(token, "siren")
            }
            """, at: "server/service/notify.go")
        return repository
    }

    @Test("a literal passed through two wrappers to aps.sound, and one to AndroidNotification's Sound")
    func wrappers() throws {
        let repository = try Self.backend()
        defer { repository.remove() }
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "server/service/notify.go:16 (ios): error: asks iOS for the sound 'join.caf', which no app here ships, so the default sound plays [unknown-sound-name]"
            ), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "server/service/notify.go:21 (android): error: asks Android for the sound 'siren', which no app here ships, so the default sound plays [unknown-sound-name]"
            ))
        #expect(!text.stdout.contains("notify.go:11"), "chime.caf ships to iOS")
        #expect(!text.stdout.contains("notify.go:18"), "a call with another count of arguments is to another function")
        #expect(!text.stdout.contains("nothing.caf"), "no wrapper's call")
        #expect(!text.stdout.contains("notify.go:20"), "chime ships to Android")
        #expect(!text.stdout.contains("ignored.caf"))
    }

    @Test("Python: a method's parameter reaching Aps(sound=…), passed by position or keyword, through a function")
    func python() throws {
        let repository = try Self.backend()
        defer { repository.remove() }
        try repository.write(
            """
            from firebase_admin import messaging

            class Pusher:
                def send(self, token, title, sound=None, badge=0):
                    ""\"Send one push.

            A docstring's line at the line's start is no code.
            ""\"
                    aps = messaging.Aps(sound=sound, badge=badge)
                    payload = messaging.APNSPayload(aps=aps)
                    return messaging.send(messaging.Message(token=token, apns=messaging.APNSConfig(payload=payload)))


            def notify_user(user, kind, sound):
                pusher.send(user.token, kind, sound)


            def handler(u, tok):
                notify_user(u, "a", "chime.caf")
                notify_user(u, "a", sound="nope.caf")
                pusher.send(tok, "t", "gone.caf")
                pusher.send(tok, "t", sound='kw.caf', badge=1)
                notify_user(u, "a", "extra.caf", 4)
            """, at: "server/push.py")
        let text = try repository.validate()
        let lines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("server/push.py:") && $0.contains("unknown-sound-name") }
        #expect(
            lines.map { String($0.prefix { $0 != " " }) } == ["server/push.py:20", "server/push.py:21", "server/push.py:22"],
            "\(text.stdout)")
        #expect(lines.allSatisfy { $0.contains("(ios): error: asks iOS for the sound") }, "certain, once a line: \(lines)")
        #expect(!text.stdout.contains("extra.caf"), "notify_user takes three arguments")
    }

    @Test("JavaScript: a function, an arrow function and a method, through a callback, three deep")
    func javaScript() throws {
        let repository = try Self.backend()
        defer { repository.remove() }
        try repository.write(
            """
            const admin = require('firebase-admin');

            async function sendPush(token, title, sound = 'default') {
              const message = {
                token,
                apns: { payload: { aps: { alert: { title }, sound: sound } } },
              };
              return admin.messaging().send(message);
            }

            const notifyUser = async (user, sound) => {
              await Promise.all(user.tokens.map((t) => {
                return sendPush(t, 'Hi', sound);
              }));
            };

            class Notifier {
              async ping(user, sound) {
                if (user) {
                  await notifyUser(user, sound);
                }
              }
            }

            exports.run = async () => {
              await sendPush(tok, 'a', 'chime.caf');
              await sendPush(tok, 'a', 'nojs.caf');
              await notifyUser(u, "deep.caf");
              await notifier.ping(u, `deeper.caf`);
              await sendPush(tok);
              await sendPush(tok, 'a', 'extra.caf', 4);
              await sendPush(tok, 'a', `${name}.caf`);
            };
            """, at: "functions/index.js")
        let text = try repository.validate()
        let lines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("functions/index.js:") && $0.contains("unknown-sound-name") }
        #expect(
            lines.map { String($0.prefix { $0 != " " }) } == ["functions/index.js:27", "functions/index.js:28", "functions/index.js:29"],
            "\(text.stdout)")
        #expect(lines.allSatisfy { $0.contains("(ios): error: asks iOS for the sound") }, "\(lines)")
        #expect(!text.stdout.contains("extra.caf"), "sendPush takes at most three arguments")
    }

    @Test("a parameter that reaches no push body makes no wrapper")
    func noBody() throws {
        let repository = try Self.backend()
        defer { repository.remove() }
        try repository.write(
            """
            package push

            func (a *APNs) Send(ctx context.Context, deviceToken, title, sound string, data map[string]any) error {
            \tlog := map[string]any{"sound": sound}
            \treturn a.post(ctx, deviceToken, log)
            }

            func AndroidBody(token, sound string) string { return sound }
            """, at: "server/push/apns.go")
        let text = try repository.validate()
        #expect(!text.stdout.contains("unknown-sound-name"), "\(text.stdout)")
    }
}
