import Testing

@testable import AppRepository

/// .NET project files read as text: platforms, items and where each file lands.
@Suite("DotNetProject: platforms, items, where each file lands")
struct DotNetProjectTests {
    static let maui = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net9.0-android</TargetFrameworks>
            <TargetFrameworks Condition="!$([MSBuild]::IsOSPlatform('linux'))">$(TargetFrameworks);net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
            <!-- <TargetFrameworks>net9.0-tizen</TargetFrameworks> -->
            <UseMaui>true</UseMaui>
            <SingleProject>true</SingleProject>
          </PropertyGroup>
          <ItemGroup>
            <MauiAsset Include="Resources\\Raw\\**" LogicalName="%(RecursiveDir)%(Filename)%(Extension)" />
            <EmbeddedResource Include="Sounds\\*.mp3" />
          </ItemGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-ios'))">
            <BundleResource Include="Audio\\alarm.caf" Link="Resources\\alarm.caf" />
            <BundleResource Include="Audio\\deep\\bell.wav">
              <LogicalName>Tones/bell.wav</LogicalName>
            </BundleResource>
          </ItemGroup>
          <ItemGroup>
            <AndroidResource Remove="Platforms\\Android\\Resources\\raw\\draft.mp3" />
          </ItemGroup>
        </Project>
        """

    @Test("a MAUI single project: every framework written counts, a comment's does not")
    func platforms() {
        let project = DotNetProject(path: "App/App.csproj", text: Self.maui)
        #expect(project.platforms == [.android, .ios, .macCatalyst])
        #expect(project.isSingleProject)
        #expect(!project.isLegacy)
        #expect(project.folder == "App")
    }

    @Test(
        "MAUI's implicit items and the explicit ones: bundle root, res/raw, assets, embedded, removed",
        arguments: [
            ("Platforms/iOS/Resources/chime.caf", [DotNetProject.Shipment.appleBundle(bundlePath: "chime.caf", item: "BundleResource")]),
            ("Platforms/iOS/Resources/Sounds/chime.caf", [.appleBundle(bundlePath: "Sounds/chime.caf", item: "BundleResource")]),
            ("platforms/ios/resources/x.wav", [.appleBundle(bundlePath: "x.wav", item: "BundleResource")]),
            ("Platforms/MacCatalyst/Resources/mac.caf", [.appleBundle(bundlePath: "mac.caf", item: "BundleResource")]),
            ("Platforms/Android/Resources/raw/chime.mp3", [.androidResource(resourcePath: "raw/chime.mp3")]),
            ("Platforms/Android/Resources/raw/deeper/chime.mp3", []),
            ("Platforms/Android/Resources/raw/draft.mp3", []),
            ("Platforms/Android/Resources/raw/.hidden.mp3", []),
            ("Platforms/Android/Assets/tone.mp3", [.androidAsset(item: "AndroidAsset")]),
            ("Resources/Raw/click.mp3", [.appleBundle(bundlePath: "click.mp3", item: "MauiAsset"), .androidAsset(item: "MauiAsset")]),
            ("Resources/Raw/fx/pop.wav", [.appleBundle(bundlePath: "fx/pop.wav", item: "MauiAsset"), .androidAsset(item: "MauiAsset")]),
            ("Sounds/tone.mp3", [.embedded]),
            ("Audio/alarm.caf", [.appleBundle(bundlePath: "Resources/alarm.caf", item: "BundleResource")]),
            ("Audio/deep/bell.wav", [.appleBundle(bundlePath: "Tones/bell.wav", item: "BundleResource")]),
            ("Platforms/Windows/Assets/win.wav", []),
        ])
    func shipments(path: String, expected: [DotNetProject.Shipment]) {
        let project = DotNetProject(path: "App/App.csproj", text: Self.maui)
        #expect(project.shipments(ofFile: path) == expected)
    }

    @Test("legacy Xamarin projects: platforms from ProjectTypeGuids and imports, only listed items ship")
    func legacy() {
        let android = """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{EFBA0AD7-5A72-4C68-AF49-83D382785DCF};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <TargetFrameworkVersion>v12.0</TargetFrameworkVersion>
              </PropertyGroup>
              <ItemGroup>
                <AndroidResource Include="Resources\\Raw\\alert.mp3" />
                <AndroidResource Include="Resources\\drawable\\icon.mp3" />
                <AndroidAsset Include="Assets\\sounds\\azan.mp3" />
              </ItemGroup>
              <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\Android\\Xamarin.Android.CSharp.targets" />
            </Project>
            """
        let project = DotNetProject(path: "App.Android/App.Android.csproj", text: android)
        #expect(project.platforms == [.android])
        #expect(project.isLegacy)
        #expect(project.shipments(ofFile: "Resources/Raw/alert.mp3") == [.androidResource(resourcePath: "Raw/alert.mp3")])
        #expect(project.shipments(ofFile: "Resources/drawable/icon.mp3") == [.androidResource(resourcePath: "drawable/icon.mp3")])
        #expect(project.shipments(ofFile: "Assets/sounds/azan.mp3") == [.androidAsset(item: "AndroidAsset")])
        // No implicit items in a legacy project.
        #expect(project.shipments(ofFile: "Resources/raw/other.mp3") == [])
        let ios = """
            <Project ToolsVersion="15.0">
              <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\iOS\\Xamarin.iOS.CSharp.targets" />
              <PropertyGroup><IPhoneResourcePrefix>Resources</IPhoneResourcePrefix></PropertyGroup>
              <ItemGroup>
                <BundleResource Include="Resources\\bell.caf" />
                <BundleResource Include="Resources\\Sounds\\deep.caf" />
                <Content Include="Media\\intro.wav" />
              </ItemGroup>
            </Project>
            """
        let apple = DotNetProject(path: "App.iOS/App.iOS.csproj", text: ios)
        #expect(apple.platforms == [.ios])
        #expect(apple.shipments(ofFile: "Resources/bell.caf") == [.appleBundle(bundlePath: "bell.caf", item: "BundleResource")])
        #expect(
            apple.shipments(ofFile: "Resources/Sounds/deep.caf") == [.appleBundle(bundlePath: "Sounds/deep.caf", item: "BundleResource")])
        #expect(apple.shipments(ofFile: "Media/intro.wav") == [.appleBundle(bundlePath: "Media/intro.wav", item: "Content")])
    }

    @Test("a library of shared code builds for no platform; .NET for Android's implicit items sit under Resources and Assets")
    func libraryAndPlainAndroid() {
        let library = DotNetProject(
            path: "Core/Core.csproj",
            text: "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>"
                + "<ItemGroup><EmbeddedResource Include=\"Assets/tone.mp3\" LogicalName=\"Core.tone.mp3\" /></ItemGroup></Project>")
        #expect(library.platforms.isEmpty)
        #expect(library.shipments(ofFile: "Assets/tone.mp3") == [.embedded])
        let android = DotNetProject(
            path: "Droid/Droid.csproj",
            text:
                "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net8.0-android</TargetFramework></PropertyGroup></Project>"
        )
        #expect(android.shipments(ofFile: "Resources/raw/ping.ogg") == [.androidResource(resourcePath: "raw/ping.ogg")])
        #expect(android.shipments(ofFile: "Assets/a/b.mp3") == [.androidAsset(item: "AndroidAsset")])
    }

    @Test("a file two items include lands twice; a Remove takes away what came before it")
    func twiceAndRemoved() {
        let text = """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFrameworks>net8.0-ios</TargetFrameworks><SingleProject>true</SingleProject></PropertyGroup>
              <ItemGroup>
                <BundleResource Include="Platforms\\iOS\\Resources\\ding.aiff" Link="Resources\\ding.aiff" />
                <BundleResource Remove="Platforms\\iOS\\Resources\\gone.caf" />
              </ItemGroup>
            </Project>
            """
        let project = DotNetProject(path: "A.csproj", text: text)
        #expect(
            project.shipments(ofFile: "Platforms/iOS/Resources/ding.aiff") == [
                .appleBundle(bundlePath: "ding.aiff", item: "BundleResource"),
                .appleBundle(bundlePath: "Resources/ding.aiff", item: "BundleResource"),
            ])
        #expect(project.shipments(ofFile: "Platforms/iOS/Resources/gone.caf") == [])
    }

    @Test(
        "MSBuild patterns: backslashes, ** over any folders, * and ? in one name, RecursiveDir",
        arguments: [
            ("Resources\\Raw\\**", "Resources/Raw/a/b/c.mp3", "a/b/"),
            ("Resources\\Raw\\**", "Resources/Raw/c.mp3", ""),
            ("Resources\\Raw\\**\\*.mp3", "Resources/Raw/x/c.mp3", "x/"),
            ("Resources/raw/*", "resources/RAW/c.mp3", ""),
            ("Sounds\\b?ll.wav", "Sounds/bell.wav", ""),
        ])
    func globs(pattern: String, path: String, recursiveDir: String) throws {
        let glob = try #require(MSBuildGlob(pattern))
        #expect(glob.recursiveDir(of: path) == recursiveDir)
    }

    @Test("hostile patterns and paths take time in proportion to their lengths")
    func hostilePatterns() throws {
        let deep = Array(repeating: "a", count: 60).joined(separator: "/") + "/b.mp3"
        let stars = try #require(MSBuildGlob(Array(repeating: "**", count: 40).joined(separator: "/") + "/c.mp3"))
        #expect(stars.matches(deep) == false)
        let name = try #require(MSBuildGlob(String(repeating: "*a", count: 40) + "*b"))
        #expect(name.matches(String(repeating: "a", count: 200)) == false)
        #expect(name.matches(String(repeating: "a", count: 200) + "b"))
    }

    @Test("every prefix of a project file reads without trapping, and answers for any file")
    func prefixes() {
        let bytes = Array(Self.maui.utf8)
        for end in stride(from: 0, through: bytes.count, by: 3) {
            let project = DotNetProject(path: "A/A.csproj", text: String(decoding: bytes[..<end], as: UTF8.self))
            _ = project.shipments(ofFile: "Resources/Raw/click.mp3")
            _ = project.shipments(ofFile: "Platforms/iOS/Resources/x.caf")
        }
        let broken = DotNetProject(path: "A.csproj", text: "<Project Sdk=\"x\"><ItemGroup><BundleResource Include=\"a\" Link=\"")
        #expect(broken.shipments(ofFile: "a") == [])
    }

    @Test("patterns that do not match, and patterns this reader cannot expand")
    func nonMatches() throws {
        #expect(try #require(MSBuildGlob("Resources/raw/*")).matches("Resources/raw/a/b.mp3") == false)
        #expect(try #require(MSBuildGlob("Sounds\\*.wav")).matches("Sounds/bell.mp3") == false)
        #expect(try #require(MSBuildGlob("**")).matches("") == false)
        #expect(MSBuildGlob("$(SoundsFolder)\\*.wav") == nil)
        #expect(MSBuildGlob("@(OtherItems)") == nil)
    }
}
