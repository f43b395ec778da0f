import Foundation
import TestSupport
import Testing

/// App shapes the catalogue of notification libraries taught soundcheck, each as `validate .` at
/// the repository's root sees it: Kotlin Multiplatform's Apple source sets, awesome_notifications'
/// `resource://raw/` names, and a hard-coded package in an `android.resource://` URI.
@Suite("validate: Kotlin Multiplatform, awesome_notifications, android.resource:// packages")
struct LibraryShapesTests {
    /// A Kotlin Multiplatform app as the KMP wizard lays it out: `shared/` (commonMain, androidMain,
    /// iosMain), `androidApp/` and `iosApp/iosApp.xcodeproj`, whose target copies `bundled`.
    static func kotlinMultiplatform(iosCode: String, bundled: [String]) throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(
            "plugins {\n    kotlin(\"multiplatform\")\n    id(\"com.android.library\")\n}\nkotlin {\n    androidTarget()\n    iosArm64()\n    iosSimulatorArm64()\n}\n",
            at: "shared/build.gradle.kts")
        try repository.write("package com.x\n\nexpect fun notify()\n", at: "shared/src/commonMain/kotlin/com/x/Notify.kt")
        try repository.write(iosCode, at: "shared/src/iosMain/kotlin/com/x/Notify.ios.kt")
        try repository.write(
            "plugins {\n    id(\"com.android.application\")\n}\nandroid {\n    namespace = \"com.x\"\n}\n",
            at: "androidApp/build.gradle.kts")
        try repository.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n", at: "androidApp/src/main/AndroidManifest.xml")
        try repository.addXcodeProject("iosApp/iosApp.xcodeproj", target: "iosApp", copying: ["iosApp/Info.plist"] + bundled)
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "iosApp/iosApp/Info.plist")
        return repository
    }

    static let soundNamed = """
        package com.x

        import platform.UserNotifications.UNMutableNotificationContent
        import platform.UserNotifications.UNNotificationSound

        actual fun notify() {
            val content = UNMutableNotificationContent()
            content.setSound(UNNotificationSound.soundNamed("chime.wav"))
        }
        """

    @Test("Kotlin/Native's soundNamed in iosMain for a file the Xcode project does not bundle: an error on its line")
    func kotlinSoundNamedUnbundled() throws {
        let repository = try Self.kotlinMultiplatform(iosCode: Self.soundNamed, bundled: [])
        defer { repository.remove() }
        // The file sits beside the Xcode project, which never references it.
        try repository.add(.wav16, at: "iosApp/iosApp/chime.wav")
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "shared/src/iosMain/kotlin/com/x/Notify.ios.kt:8 (ios): error: asks iOS for the sound 'chime.wav', which no app here ships"
            ), "\(result.stdout)")
        // Bundled by the target, it is answered.
        let bundled = try Self.kotlinMultiplatform(iosCode: Self.soundNamed, bundled: ["iosApp/chime.wav"])
        defer { bundled.remove() }
        try bundled.add(.wav16, at: "iosApp/iosApp/chime.wav")
        let answered = try bundled.validate()
        #expect(answered.status == 0, "\(answered.stdout)")
        #expect(!answered.stdout.contains("unknown-sound-name"), "\(answered.stdout)")
    }

    @Test("KMPNotifier's NotificationPlatformConfiguration.Ios(notificationSoundName =) asks iOS; criticalSoundNamed too")
    func kmpNotifier() throws {
        let code = """
            package com.x

            fun configure() {
                NotifierManager.initialize(
                    configuration = NotificationPlatformConfiguration.Ios(
                        showPushNotification = true,
                        notificationSoundName = "ding.caf",
                    )
                )
                val alarm = UNNotificationSound.criticalSoundNamed("siren.caf")
            }
            """
        let repository = try Self.kotlinMultiplatform(iosCode: code, bundled: ["iosApp/ding.caf"])
        defer { repository.remove() }
        try repository.add(.cafULaw, at: "iosApp/iosApp/ding.caf")
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("'ding.caf'"), "\(result.stdout)")
        #expect(
            result.stdout.contains("shared/src/iosMain/kotlin/com/x/Notify.ios.kt:10 (ios): error: asks iOS for the sound 'siren.caf'"),
            "\(result.stdout)")
        // Configured in commonMain, the iOS setting asks the iOS app all the same.
        try repository.write(
            "package com.x\n\nval config = NotificationPlatformConfiguration.Ios(notificationSoundName = \"gong.caf\")\n",
            at: "shared/src/commonMain/kotlin/com/x/Config.kt")
        let common = try repository.validate()
        #expect(
            common.stdout.contains("shared/src/commonMain/kotlin/com/x/Config.kt:3 (ios): error: asks iOS for the sound 'gong.caf'"),
            "\(common.stdout)")
    }

    /// A Flutter app with awesome_notifications whose iOS target bundles `bundled` and whose
    /// Android app ships `raw` in `res/raw`.
    static func awesomeApp(code: String, bundled: [(RepositoryFixture.Sound, String)], raw: [String]) throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(
            "name: a\ndependencies:\n  flutter:\n    sdk: flutter\n  awesome_notifications: ^0.10.0\n", at: "pubspec.yaml")
        try repository.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n", at: "android/app/src/main/AndroidManifest.xml")
        for name in raw { try repository.add(.mp3, at: "android/app/src/main/res/raw/\(name)") }
        try repository.addXcodeProject(
            "ios/Runner.xcodeproj", target: "Runner", copying: ["Runner/Info.plist"] + bundled.map { "Runner/\($0.1)" })
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "ios/Runner/Info.plist")
        for (sound, name) in bundled { try repository.add(sound, at: "ios/Runner/\(name)") }
        try repository.write(code, at: "lib/notify.dart")
        return repository
    }

    static let awesomeChannel = """
        import 'package:awesome_notifications/awesome_notifications.dart';

        void setUp() {
          AwesomeNotifications().initialize(null, [
            NotificationChannel(
              channelKey: 'alerts',
              channelName: 'Alerts',
              channelDescription: 'Alerts',
              soundSource: 'resource://raw/res_chime',
            ),
          ]);
        }
        """

    @Test("awesome_notifications' resource://raw/x with only x.mp3 in the iOS bundle: an error on its line; x.aiff answers it")
    func awesomeResourceRaw() throws {
        let repository = try Self.awesomeApp(code: Self.awesomeChannel, bundled: [(.mp3, "res_chime.mp3")], raw: ["res_chime.mp3"])
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "lib/notify.dart:9 (ios): error: asks iOS for the sound 'res_chime.aiff', which no app here ships, so the default sound plays (awesome_notifications plays only 'res_chime.aiff' at the bundle root for resource://raw/res_chime; a file of any other extension plays the default sound; the app ships 'res_chime.mp3')"
            ), "\(result.stdout)")
        // Android's res/raw/res_chime.mp3 answers the Android half.
        #expect(!result.stdout.contains("lib/notify.dart:9 (android)"), "\(result.stdout)")
        let answered = try Self.awesomeApp(code: Self.awesomeChannel, bundled: [(.aiff, "res_chime.aiff")], raw: ["res_chime.mp3"])
        defer { answered.remove() }
        let passing = try answered.validate()
        #expect(!passing.stdout.contains("unknown-sound-name"), "\(passing.stdout)")
    }

    @Test("awesome_notifications on Android: resource://raw/NAME finds res_NAME; release shrinking keeps res_* only")
    func awesomeAndroidShrinking() throws {
        let code = """
            import 'package:awesome_notifications/awesome_notifications.dart';

            final channels = [
              NotificationChannel(channelKey: 'a', channelName: 'A', channelDescription: 'A', soundSource: 'resource://raw/chime'),
              NotificationChannel(channelKey: 'b', channelName: 'B', channelDescription: 'B', soundSource: 'resource://raw/bell'),
            ];
            """
        let repository = try Self.awesomeApp(
            code: code, bundled: [(.aiff, "chime.aiff"), (.aiff, "bell.aiff")], raw: ["res_chime.mp3", "bell.mp3"])
        defer { repository.remove() }
        try repository.write(
            "plugins {\n    id \"com.android.application\"\n    id \"dev.flutter.flutter-gradle-plugin\"\n}\n",
            at: "android/app/build.gradle")
        let result = try repository.validate()
        // `chime` is answered by res_chime, which the library's getIdentifier("res_%1s") keeps.
        #expect(!result.stdout.contains("lib/notify.dart:4"), "\(result.stdout)")
        #expect(!result.stdout.contains("res_chime.mp3 (android): error"), "\(result.stdout)")
        // `bell` has no res_ prefix: the shrinker cannot see it.
        #expect(
            result.stdout.contains("android/app/src/main/res/raw/bell.mp3 (android): error: release builds shrink resources"),
            "\(result.stdout)")
    }

    @Test("awesome_notifications: a customSound asset:// is never played on iOS; a missing raw resource is Android's error")
    func awesomeAssetAndMissingRaw() throws {
        let code = """
            import 'package:awesome_notifications/awesome_notifications.dart';

            Future<void> show() => AwesomeNotifications().createNotification(
                  content: NotificationContent(id: 1, channelKey: 'alerts', customSound: 'asset://assets/sounds/ping.mp3'),
                );
            Future<void> other() => AwesomeNotifications().createNotification(
                  content: NotificationContent(id: 2, channelKey: 'alerts', customSound: 'resource://raw/res_bell'),
                );
            """
        let repository = try Self.awesomeApp(code: code, bundled: [(.aiff, "res_bell.aiff")], raw: ["res_chime.mp3"])
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "lib/notify.dart:4 (ios): error: asks iOS for the sound 'asset://assets/sounds/ping.mp3', which no app here ships, so the default sound plays (awesome_notifications never plays an asset:// sound on iOS"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("lib/notify.dart:7 (android): error: asks Android for the sound 'res_bell'"), "\(result.stdout)")
        #expect(!result.stdout.contains("lib/notify.dart:7 (ios)"), "\(result.stdout)")
    }
}

/// A hard-coded package in `android.resource://`, against what each build variant installs.
@Suite("validate: the package an android.resource:// URI spells, against each variant's application id")
struct ResourcePackageTests {
    static func androidApp(code: String, gradle: String) throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(gradle, at: "app/build.gradle")
        try repository.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n", at: "app/src/main/AndroidManifest.xml")
        try repository.add(.wav16, at: "app/src/main/res/raw/chime.wav")
        try repository.write(code, at: "app/src/main/java/com/example/N.kt")
        return repository
    }

    static let gradle = """
        plugins { id 'com.android.application' }
        android {
            namespace 'com.example.app'
            defaultConfig { applicationId "com.example.app" }
            buildTypes {
                debug { applicationIdSuffix ".debug" }
            }
        }
        """

    static let code = """
        package com.example

        fun channel(context: Context) {
            val channel = NotificationChannel("c", "n", NotificationManager.IMPORTANCE_HIGH)
            channel.setSound(Uri.parse("android.resource://com.example.app/raw/chime"), null)
            val ok = Uri.parse("android.resource://" + context.packageName + "/raw/chime")
        }
        """

    @Test("applicationIdSuffix \".debug\": the literal package is an error on the URI's line naming the variant and the fix")
    func debugSuffix() throws {
        let repository = try Self.androidApp(code: Self.code, gradle: Self.gradle)
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "app/src/main/java/com/example/N.kt:5 (android): error: the URI names the package com.example.app, but 'debug' installs com.example.app.debug: there no package com.example.app is installed, so the default sound plays [android-resource-package]"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("context.packageName + \"/raw/chime\""), "\(result.stdout)")
        // The line built from context.packageName is fine, and so is the URI without a suffix.
        #expect(!result.stdout.contains("N.kt:6"), "\(result.stdout)")
        let plain = try Self.androidApp(
            code: Self.code, gradle: "android {\n    defaultConfig { applicationId \"com.example.app\" }\n}\n")
        defer { plain.remove() }
        let passing = try plain.validate()
        #expect(!passing.stdout.contains("android-resource-package"), "\(passing.stdout)")
        #expect(passing.status == 0, "\(passing.stdout)")
    }

    @Test("a package that is a literal of its own in a concatenated URI (SCHEME_ANDROID_RESOURCE + \"://\" + \"pkg\") is checked too")
    func concatenatedPackage() throws {
        let flavors = """
            plugins { id 'com.android.application' }
            android {
                defaultConfig { applicationId "com.example.app" }
                flavorDimensions += "version"
                productFlavors {
                    internal {
                        dimension "version"
                        applicationIdSuffix ".test"
                    }
                    production {
                        dimension "version"
                        applicationIdSuffix ".prod"
                    }
                }
            }
            """
        let code = """
            package com.example

            fun sound(context: Context) {
                val fixed = Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + "com.example.app" + "/" + R.raw.chime)
                val running = Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + context.packageName + "/" + R.raw.chime)
                channel.setSound(fixed, null)
            }
            """
        let repository = try Self.androidApp(code: code, gradle: flavors)
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "app/src/main/java/com/example/N.kt:4 (android): error: the URI names the package com.example.app, but 'internal' installs com.example.app.test, 'production' installs com.example.app.prod"
            ), "\(result.stdout)")
        // The URI built from the running app's package names no package of its own.
        #expect(!result.stdout.contains("N.kt:5"), "\(result.stdout)")
    }

    @Test("a React Native app's JavaScript URI is checked against the one Android app module's variants")
    func javaScriptURI() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"name": "a", "dependencies": {"react-native": "0.74.0"}}"#, at: "package.json")
        try repository.write(
            "android {\n    namespace \"com.example.rn\"\n    buildTypes {\n        debug { applicationIdSuffix '.debug' }\n    }\n}\n",
            at: "android/app/build.gradle")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/chime.wav")
        try repository.write(
            """
            import notifee from '@notifee/react-native';
            const sound = 'android.resource://com.example.rn/raw/chime';
            """, at: "src/notify.ts")
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "src/notify.ts:2 (android): error: the URI names the package com.example.rn, but 'debug' installs com.example.rn.debug"),
            "\(result.stdout)")
    }
}
