import Testing

@testable import AppContents

/// The names C# app code asks for: .NET for iOS and Android, Plugin.LocalNotification, Shiny,
/// with C#'s own literals and the platform folders of MAUI and Xamarin projects.
@Suite("C# notification calls: iOS, Android, Plugin.LocalNotification, Shiny")
struct CSharpNotificationTests {
    /// The uses `text` shows as `name platform line` (`?` for uncertain, `server` for a push sender's).
    static func uses(_ text: String, in file: String = "App/Notify.cs") -> [String] {
        SoundNameScanner.scan(Array(text.utf8), file: file).uses.map {
            "\($0.name) \($0.platform.rawValue) \($0.line)\($0.isCertain ? "" : "?")\($0.isFromServer ? " server" : "")"
        }
    }

    @Test(".NET for iOS: GetSound and GetCriticalSound, verbatim and raw literals; an interpolated name is no literal")
    func ios() {
        let text = #"""
            using UserNotifications;
            var content = new UNMutableNotificationContent { Sound = UNNotificationSound.GetSound("bell.wav") };
            content.Sound = UNNotificationSound.GetCriticalSound(@"alarm.caf", 1.0f);
            content.Sound = UNNotificationSound.GetSound("""chime.aiff""");
            content.Sound = UNNotificationSound.GetSound($"{name}.caf");
            // content.Sound = UNNotificationSound.GetSound("old.caf");
            """#
        #expect(Self.uses(text) == ["bell.wav ios 2", "alarm.caf ios 3", "chime.aiff ios 4"])
    }

    @Test("Xamarin.iOS's UILocalNotification: SoundName in an initializer and by assignment")
    func localNotification() {
        let text = """
            var first = new UILocalNotification { AlertBody = "Tea", SoundName = "kettle.caf" };
            var second = new UILocalNotification();
            second.SoundName = "bell.caf";
            var label = new UILabel { SoundName = "not-a-sound.caf" };
            """
        #expect(Self.uses(text) == ["kettle.caf ios 1", "bell.caf ios 3"])
    }

    @Test(".NET for Android: Resource.Raw and an android.resource URI")
    func android() {
        let text = """
            var uri = Android.Net.Uri.Parse("android.resource://" + context.PackageName + "/raw/chime");
            channel.SetSound(uri, attributes);
            var player = MediaPlayer.Create(context, Resource.Raw.tick);
            """
        #expect(Self.uses(text) == ["chime android 1", "tick android 3"])
        let purposes = SoundNameScanner.scan(Array(text.utf8), file: "Droid/Player.cs").uses.map(\.purpose)
        #expect(purposes == [.notification, .app])
    }

    @Test("Plugin.LocalNotification: a request's Sound asks both, a channel's Android; Shiny's CustomSoundPath both")
    func libraries() {
        let text = """
            using Plugin.LocalNotification;
            var request = new NotificationRequest { NotificationId = 1, Title = "Tea", Sound = "kettle.wav" };
            var other = new NotificationRequest();
            other.Sound = DeviceInfo.Platform == DevicePlatform.Android ? "ding" : "ding.caf";
            LocalNotificationCenter.CreateNotificationChannel(new AndroidNotificationChannelRequest { Sound = "alert" });
            var channel = new Channel { Identifier = "a", Sound = ChannelSound.Custom, CustomSoundPath = "shiny.caf" };
            """
        #expect(
            Self.uses(text) == [
                "kettle.wav cross-platform 2", "ding android 4", "ding.caf ios 4", "alert android 5", "shiny.caf cross-platform 6",
            ])
    }

    @Test("code under Platforms/iOS or in an App.Android project asks its platform alone")
    func platformFolders() {
        let text = "var request = new NotificationRequest { Sound = \"kettle.wav\" };\n"
        #expect(Self.uses(text, in: "App/Platforms/iOS/Notify.cs") == ["kettle.wav ios 1"])
        #expect(Self.uses(text, in: "App.Android/Notify.cs") == ["kettle.wav android 1"])
        #expect(Self.uses(text, in: "App.Droid/Services/Notify.cs") == ["kettle.wav android 1"])
        // An iOS call in Android's folder never runs.
        #expect(Self.uses("UNNotificationSound.GetSound(\"x.caf\");\n", in: "App/Platforms/Android/X.cs") == [])
        #expect(CSharpPlatformCode.platform(ofFile: "App/Platforms/MacCatalyst/A.cs") == .ios)
        #expect(CSharpPlatformCode.platform(ofFile: "App/Services/A.cs") == nil)
    }

    @Test("#if IOS and #if ANDROID blocks ask their platform; #else and a negation select none")
    func directives() {
        let text = """
            var request = new NotificationRequest();
            #if ANDROID
            request.Sound = "ding";
            #elif IOS || MACCATALYST
            request.Sound = "ding.caf";
            #else
            request.Sound = "ding.wav";
            #endif
            #if !ANDROID
            request.Sound = "other.wav";
            #endif
            #if __IOS__
            UNNotificationSound.GetSound("x.caf");
            #if DEBUG
            request.Sound = "debug.caf";
            #endif
            #endif
            #if __ANDROID__
            UNNotificationSound.GetSound("never.caf");
            #endif
            """
        #expect(
            Self.uses(text) == [
                "ding android 3", "ding.caf ios 5", "ding.wav cross-platform 7", "other.wav cross-platform 10", "x.caf ios 13",
                "debug.caf ios 15",
            ])
    }

    @Test("a push sender's C# (FirebaseAdmin) stays a server's")
    func server() {
        let text = """
            using FirebaseAdmin.Messaging;
            var message = new Message { Apns = new ApnsConfig { Aps = new Aps { Sound = "ping.caf" } } };
            """
        #expect(Self.uses(text, in: "Backend/Push.cs") == ["ping.caf ios 2 server"])
    }
}
