import Foundation
import TestSupport
import Testing

/// `validate .` at the root of .NET MAUI and Xamarin apps: each sound judged by the platform its
/// project ships it to, and the C# code's requests checked on their lines.
@Suite("validate: .NET MAUI and Xamarin apps")
struct DotNetAppTests {
    /// A shared library (`Core/`) that embeds a sound its app plays itself.
    static func addSharedLibrary(to repository: RepositoryFixture) throws {
        try repository.write(
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>
              <ItemGroup><EmbeddedResource Include="Assets\\tone.mp3" /></ItemGroup>
            </Project>
            """, at: "Core/Core.csproj")
        try repository.add(.mp3, at: "Core/Assets/tone.mp3")
        try repository.write(
            """
            public static class Tones {
                public static Stream Open() => typeof(Tones).Assembly.GetManifestResourceStream("Core.Assets.tone.mp3");
            }
            """, at: "Core/Tones.cs")
    }

    @Test("MAUI: Android raw MP3 by Android's rules, an iOS bundle MP3 an error, embedded sounds the app's, GetSound checked")
    func maui() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFrameworks>net9.0-android;net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
                <OutputType>Exe</OutputType>
                <UseMaui>true</UseMaui>
                <SingleProject>true</SingleProject>
              </PropertyGroup>
              <ItemGroup>
                <MauiAsset Include="Resources\\Raw\\**" LogicalName="%(RecursiveDir)%(Filename)%(Extension)" />
              </ItemGroup>
            </Project>
            """, at: "App/App.csproj")
        try repository.add(.mp3, at: "App/Platforms/Android/Resources/raw/chime.mp3")
        try repository.add(.wav16, at: "App/Platforms/iOS/Resources/bell.wav")
        try repository.add(.mp3, at: "App/Platforms/iOS/Resources/alert.mp3")
        try repository.add(.mp3, at: "App/Resources/Raw/click.mp3")
        try Self.addSharedLibrary(to: repository)
        try repository.write(
            """
            using UserNotifications;
            public class Notifier {
                public void Schedule(UNMutableNotificationContent content) {
                    content.Sound = UNNotificationSound.GetSound("bell.wav");
                    content.Sound = UNNotificationSound.GetSound("x.wav");
                }
            }
            """, at: "App/Platforms/iOS/Notifier.cs")
        try repository.write(
            """
            public class Channels {
                public void Create(Context context, NotificationChannel channel, AudioAttributes attributes) {
                    channel.SetSound(Android.Net.Uri.Parse("android.resource://" + context.PackageName + "/raw/chime"), attributes);
                }
            }
            """, at: "App/Platforms/Android/Channels.cs")
        try repository.write(
            """
            public class Clicks {
                public async Task Play() => AudioManager.Current.CreatePlayer(await FileSystem.OpenAppPackageFileAsync("click.mp3")).Play();
            }
            """, at: "App/Services/Clicks.cs")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        let chime = try #require(files["App/Platforms/Android/Resources/raw/chime.mp3"])
        #expect(chime["platform"] as? String == "android")
        #expect(chime["verdict"] as? String == "pass")
        #expect(chime.codes.isEmpty, "an MP3 in Resources/raw is an Android raw resource")
        let bell = try #require(files["App/Platforms/iOS/Resources/bell.wav"])
        #expect(bell["platform"] as? String == "ios")
        #expect(bell["verdict"] as? String == "pass")
        let alert = try #require(files["App/Platforms/iOS/Resources/alert.mp3"])
        #expect(alert["platform"] as? String == "ios")
        #expect(alert.codes.first == "unsupported-container", "an MP3 BundleResource is an Apple error")
        let tone = try #require(files["Core/Assets/tone.mp3"])
        #expect(tone["purpose"] as? String == "app")
        #expect(tone["verdict"] as? String == "pass")
        #expect(tone.codes == ["app-sound"])
        let click = try #require(files["App/Resources/Raw/click.mp3"])
        #expect(click["purpose"] as? String == "app", "played through FileSystem.OpenAppPackageFileAsync")
        #expect(click["verdict"] as? String == "pass")
        let text = try repository.validate()
        #expect(
            text.stdout.contains(
                "App/Platforms/iOS/Notifier.cs:5 (ios): error: asks iOS for the sound 'x.wav', which no app here ships, so the default sound plays"
            ))
        #expect(!text.stdout.contains("Notifier.cs:4"), "bell.wav ships at the bundle root")
        #expect(!text.stdout.contains("Channels.cs"), "raw/chime ships")
        // The one error is the unbundled name: the iOS MP3, which no code names, is a notification
        // sound only perhaps, so what would fail it is a warning; --strict makes it an error.
        let errors = text.stdout.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 1)
        #expect(text.stdout.contains("App/Platforms/iOS/Resources/alert.mp3 (ios): warning:"))
        let strict = try repository.validate(["--strict"])
        #expect(strict.stdout.contains("App/Platforms/iOS/Resources/alert.mp3 (ios): error:"), "\(strict.stdout)")
        // --platform android leaves the iOS sounds and names out.
        let android = try repository.validateJSON(["--platform", "android"])
        #expect(android.status == 0)
        #expect(android.files["App/Platforms/iOS/Resources/alert.mp3"] == nil)
    }

    @Test("Xamarin: App.Android's raw MP3 and App.iOS's bundle, by their legacy projects; a shared library's embedded sound")
    func xamarin() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{EFBA0AD7-5A72-4C68-AF49-83D382785DCF};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <TargetFrameworkVersion>v12.0</TargetFrameworkVersion>
              </PropertyGroup>
              <ItemGroup>
                <Compile Include="MainActivity.cs" />
                <AndroidResource Include="Resources\\raw\\alert.mp3" />
                <AndroidResource Include="Resources\\raw\\babySound.mp3" />
                <AndroidResource Include="Resources\\raw\\bad-name.mp3" />
                <AndroidAsset Include="Assets\\intro.mp3" />
              </ItemGroup>
              <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\Android\\Xamarin.Android.CSharp.targets" />
            </Project>
            """, at: "App.Android/App.Android.csproj")
        try repository.add(.mp3, at: "App.Android/Resources/raw/alert.mp3")
        try repository.add(.mp3, at: "App.Android/Assets/intro.mp3")
        // Xamarin.Android lower-cases a resource's file name: babySound is fine, bad-name is not.
        try repository.add(.mp3, at: "App.Android/Resources/raw/babySound.mp3")
        try repository.add(.mp3, at: "App.Android/Resources/raw/bad-name.mp3")
        try repository.add(.mp3, at: "App.Android/obj/Debug/res/raw/alert.mp3")
        try repository.write(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <IPhoneResourcePrefix>Resources</IPhoneResourcePrefix>
              </PropertyGroup>
              <ItemGroup>
                <BundleResource Include="Resources\\bell.caf" />
              </ItemGroup>
              <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\iOS\\Xamarin.iOS.CSharp.targets" />
            </Project>
            """, at: "App.iOS/App.iOS.csproj")
        try repository.add(.cafULaw, at: "App.iOS/Resources/bell.caf")
        try repository.add(.mp3, at: "App.iOS/Resources/unlisted.mp3")
        try Self.addSharedLibrary(to: repository)
        try repository.write(
            """
            public class Notify {
                public void Go(UNMutableNotificationContent content) {
                    content.Sound = UNNotificationSound.GetSound("bell.caf");
                    content.Sound = UNNotificationSound.GetSound("x.wav");
                }
            }
            """, at: "App.iOS/Notify.cs")
        try repository.write(
            """
            public class Notify {
                public void Go(NotificationCompat.Builder builder) {
                    builder.SetSound(Android.Net.Uri.Parse("android.resource://" + PackageName + "/" + Resource.Raw.alert));
                }
            }
            """, at: "App.Android/Notify.cs")
        let (status, files) = try repository.validateJSON()
        #expect(status == 1)
        let alert = try #require(files["App.Android/Resources/raw/alert.mp3"])
        #expect(alert["platform"] as? String == "android")
        #expect(alert["verdict"] as? String == "pass")
        #expect(alert.codes.isEmpty)
        #expect(files["App.Android/obj/Debug/res/raw/alert.mp3"] == nil, "obj/ is MSBuild's output, never walked")
        #expect(files["App.Android/Resources/raw/babySound.mp3"]?.codes == [])
        #expect(files["App.Android/Resources/raw/bad-name.mp3"]?.codes.first == "android-resource-name")
        #expect(files["App.Android/Assets/intro.mp3"]?["purpose"] as? String == "app")
        #expect(files["App.iOS/Resources/bell.caf"]?["platform"] as? String == "ios")
        #expect(files["App.iOS/Resources/bell.caf"]?["verdict"] as? String == "pass")
        // A file the legacy project does not list is not in the app.
        #expect(files["App.iOS/Resources/unlisted.mp3"]?["platform"] as? String == "none")
        #expect(files["App.iOS/Resources/unlisted.mp3"]?.codes == ["not-shipped"])
        #expect(files["Core/Assets/tone.mp3"]?.codes == ["app-sound"])
        let text = try repository.validate()
        #expect(text.stdout.contains("App.iOS/Notify.cs:4 (ios): error: asks iOS for the sound 'x.wav', which no app here ships"))
        let errors = text.stdout.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 2, "the unbundled name and bad-name: no error on an Android MP3 or an embedded sound")
    }

    @Test("an Android name whose MP3 is an AndroidResource outside Resources/raw says where it landed")
    func resourceOutsideRaw() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFrameworks>net9.0-android</TargetFrameworks><SingleProject>true</SingleProject></PropertyGroup>
              <ItemGroup Condition="$(TargetFramework.Contains('-android'))">
                <AndroidResource Include="Platforms\\Android\\Resources\\values\\raw\\chime.mp3" />
              </ItemGroup>
            </Project>
            """, at: "App/App.csproj")
        try repository.add(.mp3, at: "App/Platforms/Android/Resources/values/raw/chime.mp3")
        try repository.write(
            "LocalNotificationCenter.CreateNotificationChannel(new AndroidNotificationChannelRequest { Sound = \"chime\" });\n",
            at: "App/MauiProgram.cs")
        let (_, files) = try repository.validateJSON()
        #expect(files["App/Platforms/Android/Resources/values/raw/chime.mp3"]?.codes == ["app-sound"])
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "App/MauiProgram.cs:1 (android): error: asks Android for the sound 'chime', which no app here ships, so the default sound "
                    + "plays (App/Platforms/Android/Resources/values/raw/chime.mp3 lands at res/values/raw/chime.mp3, not in res/raw"),
            "\(text.stdout)")
    }

    @Test("a request for a file that ships but fails the platform's rules is reported on the request's line too")
    func requestedSoundFails() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("Alarm.xcodeproj", target: "NotificationService", copying: ["Sounds/alarm.mp3"])
        try repository.add(.mp3, at: "Sounds/alarm.mp3")
        try repository.write(
            """
            import UserNotifications
            final class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler handler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.sound = .criticalSoundNamed(UNNotificationSoundName(rawValue: "alarm.mp3"))
                    handler(content)
                }
            }
            """, at: "NotificationService/NotificationService.swift")
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(text.stdout.contains("Sounds/alarm.mp3 (target NotificationService, ios): error: this is an MP3 file"))
        #expect(
            text.stdout.contains(
                "NotificationService/NotificationService.swift:5 (ios): error: asks iOS for the sound 'alarm.mp3', which ships at "
                    + "Sounds/alarm.mp3 but fails iOS's rules (this is an MP3 file (with an ID3 tag), not AIFF, AIFF-C, WAV or CAF "
                    + "[unsupported-container]), so the default sound plays [requested-sound-fails]"))
        #expect(text.stdout.contains("  fix: soundcheck fix Sounds/alarm.mp3"))
        // The code can be silenced by its rule, and the file keeps its own error.
        try repository.write("rules:\n  requested-sound-fails: off\n", at: ".soundcheck.yml")
        let off = try repository.validate()
        #expect(!off.stdout.contains("requested-sound-fails"))
        #expect(off.stdout.contains("Sounds/alarm.mp3 (target NotificationService, ios): error:"))
    }

    @Test("an Android request for a raw resource Android cannot play is reported on its line")
    func androidRequestedSoundFails() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.cafULaw, at: "app/src/main/res/raw/buzz.caf")
        try repository.write(
            """
            class Channels {
                fun create(channel: NotificationChannel) {
                    channel.setSound(Uri.parse("android.resource://" + packageName + "/" + R.raw.buzz), null)
                }
            }
            """, at: "app/src/main/java/com/example/Channels.kt")
        let text = try repository.validate()
        #expect(text.stdout.contains("app/src/main/res/raw/buzz.caf (android): error:"))
        #expect(
            text.stdout.contains(
                "app/src/main/java/com/example/Channels.kt:3 (android): error: asks Android for the sound 'buzz', which ships at app/src/main/res/raw/buzz.caf but fails Android's rules"
            ))
    }
}
