import AppRepository
import Testing

@testable import AppContents

/// What a generic sound key is not: a boolean or a number, a user's preference, a key of a config
/// with no sound setting, a built bundle's code; and what makes one certain: a raw legacy FCM body
/// the file posts itself.
@Suite("Warnings worth reading: booleans, preferences, configs without sound settings, built bundles; raw legacy FCM bodies")
struct WarningPrecisionTests {
    static func uses(_ text: String, in file: String) -> [String] {
        SoundNameScannerTests.uses(text, in: file)
    }

    @Test("a raw legacy FCM body posted to /fcm/send is certain, on both platforms, in JavaScript and Python")
    func rawLegacyBody() {
        let javaScript = """
            await fetch('https://fcm.googleapis.com/fcm/send', {
              method: 'POST',
              body: JSON.stringify({ registration_ids: tokens, notification: { title: 'Hi', sound: 'raw.caf' } }),
            });
            """
        #expect(Self.uses(javaScript, in: "server/push.js") == ["raw.caf cross-platform"])
        let scan = SoundNameScanner.scan(Array(javaScript.utf8), file: "server/push.js")
        #expect(scan.uses.first?.isFromServer == true)
        let python = """
            import requests
            requests.post("https://fcm.googleapis.com/fcm/send", json={"to": token, "notification": {"title": "Hi", "sound": "py.caf"}})
            """
        #expect(Self.uses(python, in: "server/push.py") == ["py.caf cross-platform"])
        // Without the endpoint, or without an address beside it, it stays a generic key.
        let elsewhere = "const body = { registration_ids: tokens, notification: { title: 'Hi', sound: 'raw.caf' } };"
        #expect(Self.uses(elsewhere, in: "server/push.js") == ["raw.caf cross-platform?"])
        let unaddressed = "fetch('/fcm/send', { body: JSON.stringify({ notification: { sound: 'raw.caf' } }) });"
        #expect(Self.uses(unaddressed, in: "server/push.js") == ["raw.caf cross-platform?"])
    }

    @Test("booleans and numbers are never names, in code and in push bodies")
    func booleansAndNumbers() {
        #expect(Self.uses("const n = { notification: { sound: true, badge: 1 } };", in: "push.js").isEmpty)
        #expect(Self.uses("const n = { notification: { sound: 1 } };", in: "push.js").isEmpty)
        #expect(Self.uses("messaging.Aps(sound=True)\nmessaging.Aps(sound=0)", in: "push.py").isEmpty)
        #expect(Self.uses("a := messaging.Aps{Sound: true}", in: "push.go").isEmpty)
        #expect(Self.uses(#"{"aps": {"sound": true}, "notification": {"sound": 1}}"#, in: "body.json").isEmpty)
    }

    @Test("a user's preference value is no name; an API's value is what it is given")
    func preferences() {
        let settings = """
            import notifee from '@notifee/react-native';
            const defaults = { notification: { sound: 'custom', vibrate: true } };
            const off = { notification: { sound: 'none' } };
            """
        #expect(Self.uses(settings, in: "settings.ts").isEmpty)
        let named = "import notifee from '@notifee/react-native';\nawait notifee.createChannel({ id: 'c', sound: 'custom' });"
        #expect(Self.uses(named, in: "notify.ts") == ["custom android"])
    }

    @Test("a data payload's sound is a custom key, in JavaScript and Python: no name")
    func dataPayload() {
        let python = """
            await firebase_provider.send_push(token=t, title="SOS", data={"type": "SOS_ALERT", "sound": "siren"})
            """
        #expect(Self.uses(python, in: "backend/alerts.py").isEmpty)
        #expect(Self.uses("const message = { token, data: { sound: 'ping.wav' } }; admin.messaging();", in: "push.js").isEmpty)
    }

    @Test("capacitor.config.ts: LocalNotifications' sound is Android's; PushNotifications has no sound setting")
    func capacitorConfig() {
        let text = """
            import { CapacitorConfig } from '@capacitor/cli';
            const config: CapacitorConfig = {
              appId: 'com.x',
              plugins: {
                PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'], sound: 'push.wav' },
                LocalNotifications: { smallIcon: 'ic_stat', sound: 'beep.wav' },
              },
            };
            export default config;
            """
        #expect(Self.uses(text, in: "capacitor.config.ts") == ["beep.wav android"])
    }

    @Test("a hashed or minified bundle in a dist*/ or build*/ folder is generated code; the app's own source is not")
    func builtBundles() {
        #expect(CodeOutsideApps.isBuiltBundle(named: "index-abc123.js", path: "web/dist_old/assets/index-abc123.js"))
        #expect(CodeOutsideApps.isBuiltBundle(named: "main.7f3a9c1e.js", path: "dist/main.7f3a9c1e.js"))
        #expect(CodeOutsideApps.isBuiltBundle(named: "vendor.min.js", path: "build-web/vendor.min.js"))
        #expect(CodeOutsideApps.isBuiltBundle(named: "index-Bk3x9_qZ.mjs", path: "dist/assets/index-Bk3x9_qZ.mjs"))
        #expect(!CodeOutsideApps.isBuiltBundle(named: "notify-helper.js", path: "dist/notify-helper.js"))
        #expect(!CodeOutsideApps.isBuiltBundle(named: "index-abc123.js", path: "src/index-abc123.js"))
        #expect(!CodeOutsideApps.isBuiltBundle(named: "index-abc123.js", path: "distance/index-abc123.js"))
        #expect(!CodeOutsideApps.isBuiltBundle(named: "index-abc123.ts", path: "dist/index-abc123.ts"))
        var outside = CodeOutsideApps()
        let bundled = outside.holds(fileNamed: "index-abc123.js", path: "dist_old/assets/index-abc123.js")
        let source = outside.holds(fileNamed: "notify.js", path: "src/notify.js")
        #expect(bundled && !source)
    }
}

/// Kotlin Multiplatform source sets: Apple's by the default hierarchy template's names, or by
/// the module's build file (sets only Apple sets depend on, groups of Apple targets alone).
@Suite("Kotlin source sets: Apple's by name and by the build's hierarchy")
struct KotlinSourceSetsTests {
    @Test("the template's Apple sets by name; androidMain and commonMain are not")
    func byName() {
        for set in ["iosMain", "iosArm64Main", "iosX64Main", "iosSimulatorArm64Main", "appleMain", "macosArm64Main", "watchosMain"] {
            #expect(KotlinSourceSets.isAppleSourceSet("shared/src/\(set)/kotlin/com/x/A.kt"), "\(set)")
        }
        for path in [
            "shared/src/androidMain/kotlin/A.kt", "shared/src/commonMain/kotlin/A.kt", "shared/src/iosTest/kotlin/A.kt",
            "shared/src/iosMain/kotlin/A.swift", "shared/src/iosmain/kotlin/A.kt", "app/src/main/java/A.kt",
        ] {
            #expect(!KotlinSourceSets.isAppleSourceSet(path), "\(path)")
        }
    }

    @Test("commonMain: only an android.resource:// URI asks Android, not any literal holding /raw/")
    func commonMain() {
        let text = """
            val bytes = Res.readBytes("files/raw/intro.mp3")
            val uri = "android.resource://com.x/raw/bell"
            """
        #expect(SoundNameScannerTests.uses(text, in: "shared/src/commonMain/kotlin/com/x/A.kt") == ["bell android"])
        #expect(SoundNameScannerTests.uses(text, in: "shared/src/androidMain/kotlin/com/x/A.kt") == ["intro.mp3 android", "bell android"])
    }

    @Test("a set the build declares is Apple's when only Apple sets depend on it; a template group of Apple targets too")
    func byHierarchy() {
        let text = """
            kotlin {
                applyDefaultHierarchyTemplate {
                    common {
                        group("darwin") {
                            withIos()
                            withMacos()
                        }
                        group("native") { withIos(); withLinux() }
                    }
                }
                sourceSets {
                    val cocoaMain by creating { dependsOn(commonMain.get()) }
                    iosMain.get().dependsOn(cocoaMain)
                    getByName("macosMain").dependsOn(cocoaMain)
                    val mobileMain by creating {
                        dependsOn(commonMain.get())
                    }
                    androidMain.dependsOn(mobileMain) // iosMain.dependsOn(nothing)
                    iosMain.dependsOn(mobileMain)
                }
            }
            """
        #expect(KotlinSourceSets.appleSets(inBuildFile: text) == ["darwinMain", "cocoaMain"])
    }
}

/// awesome_notifications_fcm's content as a server builds it in code: `customSound` with a
/// `resource://raw/NAME` asks Android for NAME and iOS for NAME.aiff, from server code.
@Suite("awesome_notifications_fcm: customSound in a server's JavaScript and Python")
struct AwesomeFCMTests {
    @Test("JavaScript and Python content objects; another scheme or a plain word names nothing")
    func serverContent() {
        let javaScript = """
            const message = { token, data: { content: JSON.stringify({ channelKey: 'alerts', customSound: 'resource://raw/res_js' }) } };
            const other = { content: { customSound: 'chime' } };
            """
        #expect(SoundNameScannerTests.uses(javaScript, in: "server/push.js") == ["res_js android", "res_js.aiff ios"])
        let scan = SoundNameScanner.scan(Array(javaScript.utf8), file: "server/push.js")
        let fromServer = scan.uses.filter { $0.isFromServer }.count
        #expect(fromServer == scan.uses.count)
        let python = #"content = {"channelKey": "alerts", "customSound": "resource://raw/res_py"}"#
        #expect(SoundNameScannerTests.uses(python, in: "server/push.py") == ["res_py android", "res_py.aiff ios"])
    }
}
