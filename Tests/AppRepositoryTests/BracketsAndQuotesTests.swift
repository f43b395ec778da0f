import Testing

@testable import AppContents

/// Every reader of code asks `CodeLexer` where strings and comments lie: a bracket, a quote or a
/// comma inside one is no code, whatever line the string opened on, and a literal is read as its
/// language writes it (raw strings, prefixes, escaped quotes, `$name` templates).
@Suite("Code readers: brackets and quotes in strings and comments are no code")
struct BracketsAndQuotesTests {
    static func uses(_ text: String, in file: String = "Notify.ts") -> [String] {
        SoundNameScannerTests.uses(text, in: file)
    }

    @Test("the call around a key is found past brackets in a template across lines and in a comment")
    func enclosingCall() {
        let template = """
            import * as Notifications from 'expo-notifications';
            await Notifications.scheduleNotificationAsync({ content: { title: `Done )))
            today`, sound: 'bell.wav' } });
            """
        #expect(Self.uses(template) == ["bell.wav cross-platform"])
        let comment = """
            import * as Notifications from 'expo-notifications';
            await Notifications.setNotificationChannelAsync('alerts', {
              /* ))) */ sound: 'chime.wav',
            });
            """
        #expect(Self.uses(comment) == ["chime.wav android"])
        let python = """
            from firebase_admin import messaging
            aps = messaging.Aps(
                # closes: )))
                sound='chime.caf')
            """
        #expect(Self.uses(python, in: "push.py") == ["chime.caf ios"])
    }

    @Test("a quoted key is read by the lexer: an escaped quote in it, a brace in a template before the key")
    func quotedKeysAndTests() {
        let body = #"""
            import messaging from 'firebase-admin';
            const note = "he said \"hi\"";
            messaging().send({ token, apns: { payload: { "aps": { sound: 'ding.caf' } } } });
            """#
        #expect(Self.uses(body) == ["ding.caf ios"])
        let guarded = """
            import notifee from '@notifee/react-native';
            if (Platform.OS === 'android') {
              log(`}
              `);
              setup({ sound: 'a.wav' });
            }
            """
        #expect(Self.uses(guarded) == ["a.wav android?"])
    }

    @Test("a literal value in each language's own form: raw strings, prefixes, verbatim strings")
    func literalForms() {
        let swift = ##"""
            import UserNotifications
            content.sound = UNNotificationSound(named: UNNotificationSoundName(#"chime.caf"#))
            """##
        #expect(Self.uses(swift, in: "Notify.swift") == ["chime.caf ios"])
        let python = """
            from firebase_admin import messaging
            aps = messaging.Aps(sound=u'bell.caf')
            later = messaging.Aps(sound=f'{name}.caf')
            """
        #expect(Self.uses(python, in: "push.py") == ["bell.caf ios"])
        let cSharp = """
            using FirebaseAdmin.Messaging;
            var aps = new Aps { Sound = @"siren.caf" };
            """
        #expect(Self.uses(cSharp, in: "Push.cs") == ["siren.caf ios"])
        let select = """
            import * as Notifications from 'expo-notifications';
            Notifications.scheduleNotificationAsync({ content: { sound: Platform.select({ 'ios': 'q.caf', "android": 'q_droid' }) } });
            """
        #expect(Self.uses(select) == ["q.caf ios", "q_droid android"])
        // Kotlin's `"$name.caf"` holds code; a `?` inside a literal branch is no conditional.
        let kotlin = """
            import androidx.core.app.NotificationCompat
            val a = NotificationChannel("c", "C", 3).setSound(Uri.parse("android.resource://$packageName/raw/chime"), null)
            val sound = if (urgent) "what?.wav" else "calm.wav"
            """
        #expect(Self.uses(kotlin, in: "Notify.kt").contains("chime android"))
    }

    @Test("a resource URI after a string with escaped quotes on the same line")
    func rawResourceAfterEscapes() {
        let kotlin = #"""
            import android.net.Uri
            Log.d(TAG, "a \"b\" c"); val uri = Uri.parse("android.resource://$packageName/raw/chime")
            """#
        #expect(Self.uses(kotlin, in: "Notify.kt").contains("chime android"))
    }

    @Test("a Go wrapper's signature with a parenthesis in a comment keeps its parameters")
    func goSignature() {
        let text = """
            package push

            func Send(ctx context.Context, token string /* (apns) ) */, sound string) error {
            \tpayload := map[string]any{"aps": map[string]any{"sound": sound}}
            \treturn post(ctx, token, payload)
            }
            """
        let bytes = Array(text.utf8)
        let at = text.utf8.count - 40
        let function = SenderWrappers.function(around: at, in: CodeLexer(bytes[...], language: .go))
        #expect(function?.name == "Send")
        #expect(function?.parameters == ["ctx", "token", "sound"])
    }
}
