/// What soundcheck knows of one notification library, push service or platform API whose calls
/// or keys name a notification sound: a row of `NotificationLibrary.catalogue`. The code readers
/// look its calls up by the language of the file they read (`CallContext`), and
/// `docs/libraries.md` is made from the same rows (`NotificationLibrary.markdown`), so adding a
/// library is one row (and one fixture).
public struct NotificationLibrary: Sendable {
    /// Where a library is published, as `docs/libraries.md` groups them.
    public enum Ecosystem: String, Sendable, CaseIterable {
        /// Apple's own frameworks, called from Swift or Objective-C.
        case apple = "Apple platforms (Swift, Objective-C)"
        /// Android's framework and AndroidX, called from Kotlin or Java.
        case android = "Android (Kotlin, Java)"
        /// Kotlin Multiplatform libraries, whose common code serves both platforms.
        case kotlinMultiplatform = "Kotlin Multiplatform"
        /// .NET for iOS and Android (and Xamarin before it): Apple's and Android's APIs bound in C#.
        case dotNet = ".NET for iOS and Android, Xamarin (C#)"
        /// Flutter plugins on pub.dev, called from Dart.
        case pub = "pub.dev (Flutter, Dart)"
        /// npm packages: React Native, Expo, Capacitor, Cordova and Node servers.
        case npm = "npm (JavaScript, TypeScript)"
        /// Python packages on PyPI: push senders.
        case pypi = "PyPI (Python)"
        /// Go modules: push senders.
        case goModules = "Go modules"
        /// Ruby gems: push senders.
        case rubyGems = "RubyGems (Ruby)"
        /// PHP packages on Packagist: push senders.
        case packagist = "Packagist (PHP)"
        /// Java and Kotlin libraries on Maven: push senders.
        case maven = "Maven (Java and Kotlin servers)"
        /// NuGet packages, called from C#.
        case nuget = "NuGet (C#)"
        /// Unity packages, called from a game's C#.
        case unity = "Unity"
        /// A push service's own HTTP body, written in any language.
        case pushService = "Push services (HTTP bodies in any language)"
    }

    /// What role a call or key plays where a sound's name is read.
    public enum CallKind: String, Sendable {
        /// A call or an object key around a generic sound key (`createChannel({ sound: … })`,
        /// `aps: { sound: … }`): the sound key inside it asks the call's platform, and certainly.
        case enclosing
        /// A legacy FCM send (`sendToDevice(token, payload)`): only its payload's
        /// `notification.sound` is a sound.
        case legacySend
        /// A call or key whose own argument or value is the name (`UNNotificationSound(named:`,
        /// `soundSource:`): a prefix of `SoundNameScanner`'s patterns for the library's files.
        case argument
        /// A key path of a push body written as data (`notification.sound` beside `to`), read by
        /// `PushBodyDocument` and, in code, by the raw-body rule of `CallContext`.
        case bodyKey
    }

    /// How the name a call is given maps to the file that plays.
    public enum NameMapping: String, Sendable {
        /// The file's name, as written (`chime.caf`: a file at the bundle root or in Library/Sounds).
        case asWritten = "as written"
        /// A raw resource's name, the extension dropped (`chime` is `res/raw/chime.*`).
        case rawResource = "res/raw name, extension dropped"
        /// A file name on iOS, a raw resource on Android: a name without an extension is Android's.
        case fileOrRawResource = "iOS: as written; Android: res/raw name, extension dropped"
        /// An `android.resource://PACKAGE/raw/NAME` URI: the raw resource `NAME`.
        case resourceURI = "android.resource://…/raw/NAME is res/raw/NAME"
        /// `resource://raw/NAME` (awesome_notifications): Android's `res/raw/res_NAME`, else
        /// `res/raw/NAME`; on iOS only `NAME.aiff` at the bundle root plays, any other file the
        /// default sound.
        case awesomeResource = "resource://raw/NAME: Android res/raw/res_NAME, else res/raw/NAME; iOS NAME.aiff at the bundle root only"
        /// `res://raw/NAME` (cordova-plugin-firebase-extended-notification), `res://NAME`
        /// (cordova-plugin-local-notification): the raw resource `NAME`.
        case resURI = "res://raw/NAME or res://NAME is res/raw/NAME"
        /// `file://PATH`: a file of the web app's assets (Cordova, Capacitor).
        case fileURI = "file://PATH: a file of the web app's www/ assets"
        /// The service stores the sound; the app names no file the repository ships.
        case none = "none: the sound is chosen elsewhere"
    }

    /// One call or key of a library.
    public struct Call: Sendable {
        /// The name as code writes it: a call's or type's last component (`createChannel`,
        /// `Aps`), a key (`aps`), or a qualified call (`LocalNotifications.schedule`); for an
        /// `argument`, the scanner's prefix (`soundSource:`).
        public let name: String
        /// The platform it asks.
        public let platform: SoundNameUse.Platform
        /// Its role.
        public let kind: CallKind
        /// True when it is a push sender's (server code): a name it asks for asks every app of
        /// the repository (`SoundNameUse.isFromServer`).
        public let isPushSender: Bool

        init(_ name: String, _ platform: SoundNameUse.Platform, _ kind: CallKind = .enclosing, pushSender: Bool = false) {
            (self.name, self.platform, self.kind, self.isPushSender) = (name, platform, kind, pushSender)
        }
    }

    /// Whether soundcheck reads a library's calls, and if not, why.
    public enum Reading: Sendable, Equatable {
        /// Its calls are read (each has a rule and a fixture test).
        case read
        /// Listed only: the reason it is not read.
        case documented(String)
    }

    /// The package's name (`expo-notifications`), or the API's.
    public let name: String
    /// Where it is published.
    public let ecosystem: Ecosystem
    /// The languages whose files its calls are looked up in.
    public let languages: Set<CodeLanguage>
    /// True when its calls count only in Kotlin of Apple source sets (`iosMain`, `appleMain`):
    /// Kotlin/Native's `platform.UserNotifications`.
    public var appleSourceSetsOnly = false
    /// Its calls and keys, each with the platform it asks.
    public let calls: [Call]
    /// How a name it is given maps to a file.
    public let mapping: NameMapping
    /// Where its behaviour is documented: its documentation's page or its source file.
    public let citation: String
    /// Whether soundcheck reads it.
    public let reading: Reading

    /// True when soundcheck reads it.
    public var isRead: Bool { reading == .read }
}

extension NotificationLibrary {
    static let mobile: Set<CodeLanguage> = [.javaScript, .dart]
    static let serverLanguages: Set<CodeLanguage> = [.javaScript, .python, .go, .ruby, .php, .cSharp, .java, .kotlin]
    static let everyLanguage = Set(CodeLanguage.allCases)

    /// Every library soundcheck knows, read or only documented. Ecosystems and npm/PyPI ranks
    /// chosen by use: docs/libraries.md says how.
    public static let catalogue: [NotificationLibrary] = {
        var rows = apple
        rows += android
        rows += kotlinMultiplatform
        rows += dotNet
        rows += pub
        rows += npm
        rows += servers
        rows += services
        return rows
    }()

    static let apple: [NotificationLibrary] = [
        NotificationLibrary(
            name: "UserNotifications (UNNotificationSound)", ecosystem: .apple, languages: [.swift, .objectiveC],
            calls: [
                "UNNotificationSound(named:", "UNNotificationSoundName(rawValue:", "UNNotificationSoundName(", "soundNamed:",
                "criticalSoundNamed:", "criticalSoundNamed(", "UNNotificationSound.init(named:", "UNNotificationSoundName.init(rawValue:",
                "UNNotificationSoundName.init(",
            ].map { Call($0, .ios, .argument) },
            mapping: .asWritten, citation: "https://developer.apple.com/documentation/usernotifications/unnotificationsound",
            reading: .read)
    ]

    static let android: [NotificationLibrary] = [
        NotificationLibrary(
            name: "Android framework (NotificationChannel.setSound, R.raw)", ecosystem: .android, languages: [.kotlin, .java],
            calls: [Call("R.raw.", .android, .argument)], mapping: .resourceURI,
            citation:
                "https://developer.android.com/reference/android/app/NotificationChannel#setSound(android.net.Uri,%20android.media.AudioAttributes)",
            reading: .read),
        NotificationLibrary(
            name: "Firebase Cloud Messaging Android SDK (firebase-messaging)", ecosystem: .android, languages: [.kotlin, .java], calls: [],
            mapping: .rawResource, citation: "https://firebase.google.com/docs/cloud-messaging/android/receive",
            reading: .documented("names no sound in app code: the push body's android.notification.sound does (read as a push body)")),
    ]

    static let kotlinMultiplatform: [NotificationLibrary] = [
        NotificationLibrary(
            name: "Kotlin/Native platform.UserNotifications", ecosystem: .kotlinMultiplatform, languages: [.kotlin],
            appleSourceSetsOnly: true,
            calls: [Call("soundNamed(", .ios, .argument), Call("criticalSoundNamed(", .ios, .argument)], mapping: .asWritten,
            citation: "https://kotlinlang.org/docs/native-objc-interop.html (Apple frameworks as platform.*); "
                + "https://developer.apple.com/documentation/usernotifications/unnotificationsound/soundnamed(_:)",
            reading: .read),
        NotificationLibrary(
            name: "KMPNotifier (io.github.mirzemehdi:kmpnotifier)", ecosystem: .kotlinMultiplatform, languages: [.kotlin],
            calls: [Call("NotificationPlatformConfiguration.Ios", .ios), Call("notificationSoundName =", .ios, .argument)],
            mapping: .asWritten,
            citation: "mirzemehdi/KMPNotifier@abcfbf3 kmpnotifier-core/src/commonMain/kotlin/com/mmk/kmpnotifier/notification/"
                + "configuration/NotificationPlatformConfiguration.kt (Ios.notificationSoundName; Android's NotificationChannelData.soundUri is a URI string, "
                + "read where it is a literal android.resource://…/raw/NAME); "
                + "kmpnotifier-local/src/iosMain/kotlin/com/mmk/kmpnotifier/notification/IosNotifier.kt:197 (UNNotificationSound.soundNamed)",
            reading: .read),
        NotificationLibrary(
            name: "Alarmee (io.github.tweener:alarmee)", ecosystem: .kotlinMultiplatform, languages: [.kotlin], calls: [],
            mapping: .asWritten,
            citation: "https://github.com/Tweener/alarmee (README: AndroidNotificationConfiguration, iosNotificationConfiguration)",
            reading: .documented("its sound settings are not confirmed from its source yet")),
    ]

    /// C# app code (.NET MAUI, .NET for iOS and Android, Xamarin): the platforms' bindings and the
    /// NuGet libraries an app schedules its notifications with. Their `.cs` patterns are
    /// `SoundNameScanner`'s; the folders and `#if` blocks that run on one platform only are
    /// `CSharpPlatformCode`'s.
    static let dotNet: [NotificationLibrary] = [
        NotificationLibrary(
            name: "Xamarin.iOS and .NET for iOS UserNotifications (UNNotificationSound.GetSound)", ecosystem: .dotNet,
            languages: [.cSharp],
            calls: [
                Call("UNNotificationSound.GetSound(", .ios, .argument), Call("UNNotificationSound.GetCriticalSound(", .ios, .argument),
                Call("UNNotificationSoundName(", .ios, .argument), Call("UILocalNotification", .ios),
                Call("SoundName =", .ios, .argument), Call(".SoundName =", .ios, .argument),
            ],
            mapping: .asWritten,
            citation: "https://developer.apple.com/documentation/usernotifications/unnotificationsound/soundnamed(_:) "
                + "(bound in C# as UNNotificationSound.GetSound(string), criticalSoundNamed: as GetCriticalSound(string[, float])); "
                + "Xamarin docs, Critical alerts in Xamarin.iOS (UNNotificationSound.GetCriticalSound(\"my_critical_sound.m4a\", 1.0f)); "
                + "https://developer.apple.com/documentation/uikit/uilocalnotification/soundname (UILocalNotification.SoundName)",
            reading: .read),
        NotificationLibrary(
            name: ".NET for Android and Xamarin.Android (Resource.Raw, SetSound)", ecosystem: .dotNet, languages: [.cSharp],
            calls: [Call("Resource.Raw.", .android, .argument)], mapping: .resourceURI,
            citation:
                "https://developer.android.com/reference/android/app/NotificationChannel#setSound(android.net.Uri,%20android.media.AudioAttributes) "
                + "(bound in C# as SetSound; Android.Net.Uri.Parse(\"android.resource://…/raw/NAME\") read by the /raw/ rule); "
                + "dotnet/android Microsoft.Android.Sdk/Sdk/AutoImport.props (AndroidResource under Resources: Resource.Raw.NAME is Resources/raw/NAME.*)",
            reading: .read),
        NotificationLibrary(
            name: "Plugin.LocalNotification", ecosystem: .nuget, languages: [.cSharp],
            calls: [
                Call("NotificationRequest", .crossPlatform), Call("AndroidNotificationChannelRequest", .android),
                Call("NotificationChannelRequest", .android), Call(".Sound =", .crossPlatform, .argument),
            ],
            mapping: .fileOrRawResource,
            citation: "thudugala/Plugin.LocalNotification Platforms/iOS/NotificationServiceImpl.cs (BuildNotificationSound: "
                + "NotificationRequest.Sound to UNNotificationSound.GetSound); Platforms/Android/LocalNotificationCenter.cs (GetSoundUri: "
                + "android.resource://PACKAGE/raw/ + the name without its extension, for a request before API 26 and for "
                + "AndroidNotificationChannelRequest.Sound, NotificationChannelRequest before its rename, to NotificationChannel.SetSound)",
            reading: .read),
        NotificationLibrary(
            name: "Shiny.Notifications", ecosystem: .nuget, languages: [.cSharp],
            calls: [Call("CustomSoundPath =", .crossPlatform, .argument)], mapping: .fileOrRawResource,
            citation: "shinyorg/shiny Platforms/Apple/NotificationManager.cs (Channel.CustomSoundPath to UNNotificationSound.GetSound "
                + "or GetCriticalSound); Platforms/Android/ChannelManager.cs (GetSoundResourceUri: the extension and a leading / "
                + "dropped, a raw resource)",
            reading: .read),
    ]

    static let pub: [NotificationLibrary] = [
        NotificationLibrary(
            name: "flutter_local_notifications", ecosystem: .pub, languages: [.dart],
            calls: [
                Call("RawResourceAndroidNotificationSound(", .android, .argument), Call("sound:", .ios, .argument),
                Call("AndroidNotificationDetails", .android), Call("AndroidNotificationChannel", .android),
                Call("DarwinNotificationDetails", .ios), Call("IOSNotificationDetails", .ios), Call("MacOSNotificationDetails", .ios),
            ],
            mapping: .fileOrRawResource, citation: "https://pub.dev/packages/flutter_local_notifications (Custom notification sounds)",
            reading: .read),
        NotificationLibrary(
            name: "awesome_notifications", ecosystem: .pub, languages: [.dart],
            calls: [Call("soundSource:", .crossPlatform, .argument), Call("customSound:", .crossPlatform, .argument)],
            mapping: .awesomeResource,
            citation: "rafaelsetragni/awesome_notifications@a2db4d6 ios/AwnCore/Classes/utils/AudioUtils.swift "
                + "(getSoundFromResource: Bundle.main.url(forResource:withExtension: \"aiff\"), else the default; getSoundFromAsset: nil); "
                + "lib/src/models/notification_channel.dart (soundSource); rafaelsetragni/AndroidAwnCore@e213dfe "
                + "core/src/main/java/me/carda/awesome_notifications/core/utils/AudioUtils.java (getAudioResourceId: "
                + "getIdentifier(\"res_\" + NAME), then NAME; the res_ prefix keeps it from shrinking in safe mode)",
            reading: .read),
        NotificationLibrary(
            name: "awesome_notifications_fcm", ecosystem: .pub, languages: [.json, .javaScript, .python],
            calls: [
                Call("data.content.customSound", .crossPlatform, .bodyKey, pushSender: true),
                Call("customSound:", .crossPlatform, .argument, pushSender: true),
                Call("\"customSound\":", .crossPlatform, .argument, pushSender: true),
                Call("'customSound':", .crossPlatform, .argument, pushSender: true),
            ],
            mapping: .awesomeResource,
            citation:
                "rafaelsetragni/awesome_notifications_fcm@352562c README.md (Sending Push Notifications: data.content, data.Android.content, data.iOS.content)",
            reading: .read),
        NotificationLibrary(
            name: "onesignal_flutter", ecosystem: .pub, languages: [.dart], calls: [], mapping: .none,
            citation: "https://documentation.onesignal.com/docs/customize-notification-sounds",
            reading: .documented("the app names no sound: the push body's ios_sound and android_sound do (read as OneSignal's REST body)")),
        NotificationLibrary(
            name: "notifee-style Channel (Dart and JavaScript ports)", ecosystem: .pub, languages: [.dart, .javaScript],
            calls: [Call("Channel", .android), Call("NotificationChannel", .android)], mapping: .rawResource,
            citation: "https://notifee.app/react-native/reference/androidchannel (sound: a res/raw name)", reading: .read),
    ]

    static let npm: [NotificationLibrary] = [
        NotificationLibrary(
            name: "expo-notifications", ecosystem: .npm, languages: [.javaScript],
            calls: [
                Call("setNotificationChannelAsync", .android), Call("scheduleNotificationAsync", .crossPlatform),
                Call("presentNotificationAsync", .crossPlatform), Call("NotificationContentInput", .crossPlatform),
            ],
            mapping: .fileOrRawResource,
            citation: "https://docs.expo.dev/versions/latest/sdk/notifications/ (sound, NotificationChannelInput.sound)",
            reading: .read),
        NotificationLibrary(
            name: "@notifee/react-native", ecosystem: .npm, languages: mobile,
            calls: [Call("createChannel", .android), Call("android", .android), Call("ios", .ios), Call("iOS", .ios)],
            mapping: .fileOrRawResource,
            citation:
                "https://notifee.app/react-native/docs/android/behaviour#sound; https://notifee.app/react-native/docs/ios/behaviour#sound",
            reading: .read),
        NotificationLibrary(
            name: "react-native-push-notification", ecosystem: .npm, languages: [.javaScript],
            calls: [
                Call("localNotification", .crossPlatform), Call("localNotificationSchedule", .crossPlatform),
                Call("soundName:", .crossPlatform, .argument),
            ],
            mapping: .fileOrRawResource, citation: "https://github.com/zo0r/react-native-push-notification#custom-sounds", reading: .read),
        NotificationLibrary(
            name: "@react-native-community/push-notification-ios", ecosystem: .npm, languages: [.javaScript],
            calls: [
                Call("addNotificationRequest", .ios), Call("presentLocalNotification", .ios), Call("scheduleLocalNotification", .ios),
            ],
            mapping: .asWritten, citation: "https://github.com/react-native-push-notification/ios#addnotificationrequest (sound)",
            reading: .read),
        NotificationLibrary(
            name: "react-native-notifications", ecosystem: .npm, languages: [.javaScript],
            calls: [Call("postLocalNotification", .ios)], mapping: .asWritten,
            citation: "https://wix.github.io/react-native-notifications/docs/localNotifications (sound: iOS; Android plays the channel's)",
            reading: .read),
        NotificationLibrary(
            name: "@capacitor/local-notifications", ecosystem: .npm, languages: [.javaScript],
            calls: [
                Call("LocalNotifications", .android), Call("LocalNotifications.schedule", .crossPlatform),
                Call("LocalNotificationSchema", .crossPlatform),
            ],
            mapping: .fileOrRawResource,
            citation: "https://capacitorjs.com/docs/apis/local-notifications (sound; LocalNotificationsPluginsConfig.sound)",
            reading: .read),
        NotificationLibrary(
            name: "@capacitor/push-notifications", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .none,
            citation: "https://capacitorjs.com/docs/apis/push-notifications#configuration (presentationOptions only)",
            reading: .documented("has no sound setting: a sound key in its config names nothing")),
        NotificationLibrary(
            name: "cordova-plugin-local-notification", ecosystem: .npm, languages: [.javaScript],
            calls: [
                Call("notification.local.schedule", .crossPlatform), Call("notification.local.update", .crossPlatform),
            ],
            mapping: .resURI, citation: "https://github.com/katzer/cordova-plugin-local-notification#properties (sound: res://, file://)",
            reading: .read),
        NotificationLibrary(
            name: "cordova-plugin-firebase-extended-notification", ecosystem: .npm,
            languages: [.javaScript, .json, .python, .php, .ruby, .go, .java, .kotlin],
            calls: [Call("notificationOptions", .android, pushSender: true)], mapping: .resURI,
            citation:
                "andrehtissot/cordova-plugin-firebase-extended-notification@84d8176 README.md (For sound: res://raw/NAME plays R.raw.NAME); "
                + "src/android/Options.java:50 (getUriOption(options, \"sound\"))",
            reading: .read),
        NotificationLibrary(
            name: "cordova-plugin-firebasex", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .fileOrRawResource,
            citation:
                "https://github.com/dpa99c/cordova-plugin-firebasex#android-notification-sound (notification_android_sound, notification_ios_sound data keys)",
            reading: .documented("its data keys are not read yet")),
        NotificationLibrary(
            name: "react-native-onesignal", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .none,
            citation: "https://documentation.onesignal.com/docs/customize-notification-sounds",
            reading: .documented("the app names no sound: the push body's ios_sound and android_sound do (read as OneSignal's REST body)")),
        NotificationLibrary(
            name: "@aws-amplify/notifications", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .none,
            citation: "https://docs.amplify.aws/react-native/build-a-backend/add-aws-services/push-notifications/",
            reading: .documented("the app names no sound: Amazon Pinpoint's campaign does")),
        NotificationLibrary(
            name: "@tauri-apps/plugin-notification", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .asWritten,
            citation: "https://v2.tauri.app/plugin/notification/ (Options.sound: a system sound name on desktop)",
            reading: .documented("its sound is a desktop system sound's name, no file the repository ships")),
        NotificationLibrary(
            name: "@nativescript/local-notifications", ecosystem: .npm, languages: [.javaScript], calls: [], mapping: .fileOrRawResource,
            citation:
                "NativeScript/plugins@8b65322 packages/local-notifications/index.ios.ts:141 (UNNotificationSound.soundNamed(entry.sound)); "
                + "native-src/android/.../Builder.java:68 (getIdentifier(sound, \"raw\", …)); the 2.x plugin "
                + "(EddyVerbruggen/nativescript-local-notifications@2.0.4 local-notifications.ios.js:126) sets UILocalNotification.soundName",
            reading: .documented("its apps are NativeScript apps, whose App_Resources soundcheck does not read (their sounds get notes)")),
        NotificationLibrary(
            name: "firebase-admin (Node.js)", ecosystem: .npm, languages: [.javaScript],
            calls: ["sendToDevice", "sendToTopic", "sendToDeviceGroup", "sendToCondition"].map {
                Call($0, .crossPlatform, .legacySend, pushSender: true)
            },
            mapping: .fileOrRawResource,
            citation: "https://firebase.google.com/docs/reference/admin/node/firebase-admin.messaging.notificationmessagepayload (sound)",
            reading: .read),
        NotificationLibrary(
            name: "apn, @parse/node-apn", ecosystem: .npm, languages: [.javaScript],
            calls: [Call("apn.Notification", .ios, pushSender: true)], mapping: .asWritten,
            citation: "https://github.com/parse-community/node-apn/blob/master/doc/notification.markdown (notification.sound)",
            reading: .read),
        NotificationLibrary(
            name: "Parse Server (Parse.Push.send)", ecosystem: .npm, languages: [.javaScript],
            calls: [Call("Parse.Push.send", .ios, pushSender: true)], mapping: .asWritten,
            citation: "https://docs.parseplatform.org/js/guide/#sending-options (data.sound: iOS only, a file in the app bundle)",
            reading: .read),
        NotificationLibrary(
            name: "@pusher/push-notifications-server (Pusher Beams)", ecosystem: .npm, languages: serverLanguages,
            calls: [Call("fcm", .android, pushSender: true)], mapping: .fileOrRawResource,
            citation:
                "https://pusher.com/docs/beams/reference/publish-payloads/ (apns: an APNs payload; fcm: an FCM legacy payload, notification.sound)",
            reading: .read),
        NotificationLibrary(
            name: "expo-server-sdk (Expo push)", ecosystem: .npm, languages: [.javaScript, .python],
            calls: [Call("an Expo push message", .ios, pushSender: true)], mapping: .asWritten,
            citation: "https://docs.expo.dev/push-notifications/sending-notifications/#message-request-format (sound: iOS only)",
            reading: .read),
    ]

    static let servers: [NotificationLibrary] = [
        NotificationLibrary(
            name: "firebase-admin (Python, Go, Java, C#, Node.js)", ecosystem: .pypi, languages: serverLanguages,
            calls: [
                Call("Aps", .ios, pushSender: true), Call("CriticalSound", .ios, pushSender: true), Call("CriticalSound(", .ios, .argument),
                Call("APNSPayload", .ios, pushSender: true),
                Call("APNSConfig", .ios, pushSender: true), Call("AndroidConfig", .android, pushSender: true),
                Call("AndroidNotification", .android, pushSender: true),
            ],
            mapping: .fileOrRawResource,
            citation:
                "https://firebase.google.com/docs/reference/admin/python/firebase_admin.messaging (Aps.sound, CriticalSound.name, AndroidNotification.sound)",
            reading: .read),
        NotificationLibrary(
            name: "apns2 (PyAPNs2)", ecosystem: .pypi, languages: [.python], calls: [Call("Payload", .ios, pushSender: true)],
            mapping: .asWritten, citation: "https://github.com/Pr0Ger/PyAPNs2/blob/master/apns2/payload.py (Payload(sound=…))",
            reading: .read),
        NotificationLibrary(
            name: "pyfcm", ecosystem: .pypi, languages: [.python],
            calls: ["notify_single_device", "notify_multiple_devices", "notify_topic_subscribers"].map {
                Call($0, .crossPlatform, pushSender: true)
            },
            mapping: .fileOrRawResource, citation: "https://github.com/olucurious/PyFCM (1.x: notify_single_device(sound=…))",
            reading: .read),
        NotificationLibrary(
            name: "exponent_server_sdk", ecosystem: .pypi, languages: [.python], calls: [], mapping: .asWritten,
            citation: "https://github.com/expo-community/expo-server-sdk-python (PushMessage(sound=…))",
            reading: .documented("its PushMessage keyword is read as a generic sound key only")),
        NotificationLibrary(
            name: "sideshow/apns2", ecosystem: .goModules, languages: [.go], calls: [Call("NewPayload", .ios, pushSender: true)],
            mapping: .asWritten, citation: "https://github.com/sideshow/apns2/blob/master/payload/builder.go (Sound, SoundName)",
            reading: .read),
        NotificationLibrary(
            name: "apnotic, houston, rpush", ecosystem: .rubyGems, languages: [.ruby],
            calls: ["Apnotic.Notification", "Houston.Notification", "Apns.Notification", "Apns2.Notification", "Apnsp8.Notification"].map {
                Call($0, .ios, pushSender: true)
            },
            mapping: .asWritten,
            citation:
                "https://github.com/ostinelli/apnotic#usage; https://github.com/nomad-cli/houston; https://github.com/rpush/rpush/wiki/Push-Notifications",
            reading: .read),
        NotificationLibrary(
            name: "fcm (Ruby gem)", ecosystem: .rubyGems, languages: [.ruby],
            calls: ["send_notification", "send_to_topic", "send_to_topic_condition", "send_with_notification_key"].map {
                Call($0, .crossPlatform, .legacySend, pushSender: true)
            },
            mapping: .fileOrRawResource, citation: "https://github.com/decision-labs/fcm#usage (notification: { sound })", reading: .read),
        NotificationLibrary(
            name: "kreait/firebase-php", ecosystem: .packagist, languages: [.php],
            calls: [Call("ApnsConfig", .ios, pushSender: true), Call("AndroidConfig", .android, pushSender: true)],
            mapping: .fileOrRawResource,
            citation: "https://firebase-php.readthedocs.io/en/latest/cloud-messaging.html (withSound, fromArray)",
            reading: .read),
        NotificationLibrary(
            name: "laravel-notification-channels/apn and /fcm", ecosystem: .packagist, languages: [.php],
            calls: [Call("ApnMessage", .ios, pushSender: true), Call("AndroidNotification", .android, pushSender: true)],
            mapping: .fileOrRawResource,
            citation:
                "https://github.com/laravel-notification-channels/apn (ApnMessage::sound); https://github.com/laravel-notification-channels/fcm",
            reading: .read),
        NotificationLibrary(
            name: "edamov/pushok", ecosystem: .packagist, languages: [.php], calls: [], mapping: .asWritten,
            citation: "https://github.com/edamov/pushok (Payload::setSound)", reading: .documented("not read yet")),
        NotificationLibrary(
            name: "pushy", ecosystem: .maven, languages: [.java, .kotlin],
            calls: ["ApnsPayloadBuilder", "SimpleApnsPayloadBuilder", "JacksonApnsPayloadBuilder", "GsonApnsPayloadBuilder"].map {
                Call($0, .ios, pushSender: true)
            },
            mapping: .asWritten,
            citation:
                "https://pushy-apns.org/apidocs/0.15/com/eatthepath/pushy/apns/util/ApnsPayloadBuilder.html#setSound(java.lang.String)",
            reading: .read),
        NotificationLibrary(
            name: "dotAPNS", ecosystem: .nuget, languages: [.cSharp], calls: [Call("ApplePush", .ios, pushSender: true)],
            mapping: .asWritten, citation: "https://github.com/alexalok/dotAPNS (ApplePush.AddSound)", reading: .read),
        NotificationLibrary(
            name: "com.unity.mobile.notifications", ecosystem: .unity, languages: [.cSharp], calls: [], mapping: .asWritten,
            citation: "https://docs.unity3d.com/Packages/com.unity.mobile.notifications@2.3/manual/iOS.html (iOSNotification.Sound)",
            reading: .documented("C#: a Unity project is not read")),
    ]

    static let services: [NotificationLibrary] = [
        NotificationLibrary(
            name: "APNs payload (aps)", ecosystem: .pushService, languages: everyLanguage,
            calls: [Call("aps", .ios, pushSender: true)], mapping: .asWritten,
            citation: "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification (aps.sound)",
            reading: .read),
        NotificationLibrary(
            name: "FCM HTTP v1 (message.android, message.apns)", ecosystem: .pushService, languages: everyLanguage,
            calls: [Call("apns", .ios, pushSender: true), Call("ApnsConfig", .ios, pushSender: true), Call("android", .android)],
            mapping: .fileOrRawResource,
            citation: "https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification (sound)", reading: .read
        ),
        NotificationLibrary(
            name: "FCM legacy HTTP (/fcm/send)", ecosystem: .pushService, languages: everyLanguage,
            calls: [Call(CallContext.legacyBodyKey, .crossPlatform, .bodyKey, pushSender: true)], mapping: .fileOrRawResource,
            citation: "https://firebase.google.com/docs/cloud-messaging/http-server-ref (notification.sound beside to, registration_ids)",
            reading: .read),
        NotificationLibrary(
            name: "OneSignal REST API", ecosystem: .pushService, languages: [.javaScript, .json],
            calls: [
                Call("android_sound:", .android, .argument), Call("\"android_sound\":", .android, .argument),
                Call("ios_sound:", .ios, .argument), Call("\"ios_sound\":", .ios, .argument),
            ],
            mapping: .fileOrRawResource,
            citation: "https://documentation.onesignal.com/reference/push-notification (ios_sound, android_sound)",
            reading: .read),
        NotificationLibrary(
            name: "Amazon SNS mobile push (APNS, GCM message strings)", ecosystem: .pushService, languages: everyLanguage, calls: [],
            mapping: .fileOrRawResource,
            citation: "https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html",
            reading: .documented("each platform's payload is a JSON string inside the message: not read yet")),
    ]
}
