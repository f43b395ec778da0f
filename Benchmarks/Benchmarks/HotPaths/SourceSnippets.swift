import Foundation
@_spi(Benchmarking) import AppContents

/// About 1 MiB of source in each language the lexer reads, made the same way every run: a snippet
/// of the code apps write around notification sounds (strings with escapes and interpolation,
/// line and block comments, each language's raw and multi-line strings), repeated with numbered
/// names until it passes 1 MiB.
enum SourceSnippets {
    static let size = 1 << 20

    /// The source of `language`.
    static func source(_ language: CodeLanguage, size: Int = size) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(size + 4096)
        var round = 0
        while text.count < size {
            text += snippet(language).replacingOccurrences(of: "N", with: String(round)).utf8
            round += 1
        }
        return text
    }

    private static func snippet(_ language: CodeLanguage) -> String {
        switch language {
        case .swift:
            return #"""
                // Schedules the doorbell chime N (see docs/sounds.md)
                func scheduleN(after seconds: Double) {
                    let content = UNMutableNotificationContent()
                    content.title = "Door \(seconds) s"
                    content.sound = UNNotificationSound(named: UNNotificationSoundName("chime-N.caf"))
                    /* a nested /* block */ comment */
                    let raw = #"C:\sounds\"N"#
                    let multi = """
                        line "one" \(raw)
                        """
                    print(multi, "escaped \"quote\" and \\ backslash")
                }

                """#
        case .objectiveC:
            return #"""
                // Plays the alert N
                - (void)playN {
                    UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
                    content.sound = [UNNotificationSound soundNamed:@"alert-N.caf"];
                    /* the bundle's root, not a subfolder */
                    NSLog(@"played %@ \"quoted\"", @"alert-N.caf");
                    char c = '\'';
                }

                """#
        case .kotlin:
            return #"""
                // Channel N, created once
                fun channelN(context: Context) {
                    val uri = Uri.parse("android.resource://${context.packageName}/raw/chime_N")
                    val text = """raw "N" ${uri.path} text"""
                    /* nested /* comment */ here */
                    val channel = NotificationChannel("alerts-N", "Alerts $uri", NotificationManager.IMPORTANCE_HIGH)
                    channel.setSound(uri, null)
                }

                """#
        case .java:
            return #"""
                // Channel N
                void channelN(Context context) {
                    Uri uri = Uri.parse("android.resource://" + context.getPackageName() + "/" + R.raw.chime_N);
                    /* the sound of channel "N" */
                    String block = """
                        text "N"
                        """;
                    builder.setSound(uri); char q = '"';
                }

                """#
        case .groovy:
            return #"""
                // Module N
                android {
                    defaultConfig { resValue "string", "sound_N", 'chime_N' }
                    /* flavors */
                    buildTypes { release { minifyEnabled true; proguardFiles "proguard-${N}.pro" } }
                }

                """#
        case .dart:
            return #"""
                // Details N
                const details = AndroidNotificationDetails('alerts-N', 'Alerts',
                    sound: RawResourceAndroidNotificationSound('chime_N'));
                final ios = DarwinNotificationDetails(sound: 'chime-N.caf'); /* /* nested */ */
                final text = r'raw \n N' + "interp ${details.channelId} $ios" + '''multi
                line N''';

                """#
        case .javaScript:
            return #"""
                // Expo push N
                const message = { to: token, sound: 'chime-N.caf', title: `Door ${N} at ${new Date()}` };
                const pattern = /chime-\d+\.caf/g; /* a regular expression, then a division */ const ratio = total / N / 2;
                await fetch("https://exp.host/--/api/v2/push/send", { body: JSON.stringify(message) });

                """#
        case .python:
            return #"""
                # Push N
                def send_N(token):
                    body = {"aps": {"sound": "chime-N.caf", "alert": f"Door {token!r} \"N\""}}
                    doc = """A docstring with 'quotes' and # no comment N"""
                    raw = r'C:\sounds\N'
                    return messaging.send(body)

                """#
        case .go:
            return #"""
                // SendN pushes one body.
                func SendN(token string) error {
                	body := fmt.Sprintf(`{"aps":{"sound":"chime-N.caf"}} %s`, token)
                	msg := "escaped \"N\" \n" /* block */
                	r := '\''
                	return client.Push(body, msg, r)
                }

                """#
        case .ruby:
            return #"""
                # Push N
                def push_N(token)
                  body = { aps: { sound: "chime-N.caf", alert: "Door #{token} \"N\"" } }
                  note = 'single #{not} interpolated'
                  text = <<~HEREDOC
                    heredoc N #{token}
                  HEREDOC
                  APNS.send(body)
                end

                """#
        case .php:
            return #"""
                <?php // Push N
                function pushN($token) {
                    $body = ['aps' => ['sound' => 'chime-N.caf', 'alert' => "Door $token {$token} \"N\""]];
                    # a hash comment
                    $text = <<<EOT
                    heredoc N $token
                    EOT;
                    return send($body); /* done */
                }

                """#
        case .cSharp:
            return #"""
                // Push N
                public void PushN(string token) {
                    var body = $"{{\"aps\":{{\"sound\":\"chime-N.caf\"}}}} {token}";
                    var path = @"C:\sounds\N.caf"; /* verbatim */
                    var raw = """
                        raw "N"
                        """;
                    Send(body, path, raw);
                }

                """#
        case .yaml:
            return #"""
                # Sounds of build N
                sounds_N:
                  ios: "chime-N.caf"  # the bundle's root
                  android: 'chime_N'
                  note: "escaped \"N\" # not a comment"
                  list: [a, "b N", 'c']

                """#
        case .json:
            return #"""
                {"aps": {"alert": {"title": "Door N", "body": "Someone is at the door \"N\""}, "sound": "chime-N.caf", "badge": N}, "data": {"path": "C:\\sounds\\N", "n": [N, 1.5e3, true, null]}},

                """#
        }
    }
}
