import Foundation
import TestSupport
import Testing

/// `validate .` reads only the apps' own code for the names it asks for: test code and the copies
/// build tools generate are skipped by each ecosystem's convention, while the sounds in their
/// folders are still judged.
@Suite("validate: which code is an app's")
struct AppCodeSelectionTests {
    /// `file:line` of every `unknown-sound-name` report of `validate --format json .`, sorted.
    static func unknownNames(in repository: RepositoryFixture) throws -> [String] {
        let result = try Soundcheck.run(["validate", "--format", "json", "."], in: repository.root.path)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["files"] as? [[String: Any]] ?? []).filter { $0.codes.contains("unknown-sound-name") }.compactMap { file in
            guard let path = file["path"] as? String else { return nil }
            return "\(path):\(file["line"] as? Int ?? 0)"
        }.sorted()
    }

    @Test("test code of each ecosystem asks for no name; the same call in the app's code does; a shipped sound in a test folder is judged")
    func testCode() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"name": "a", "dependencies": {"react-native": "0.76.0"}}"#, at: "package.json")
        try repository.write("name: a\ndependencies:\n  flutter:\n    sdk: flutter\n", at: "pubspec.yaml")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/ding.mp3")
        let kotlin = "package a\nval sounds = listOf(R.raw.ding, R.raw.gone)\n"
        let dart = "final sound = RawResourceAndroidNotificationSound('gone');\n"
        let script = "import notifee from '@notifee/react-native';\nawait notifee.createChannel({ id: 'a', sound: 'gone' });\n"
        // The app's own code: each asks for `gone`, which no raw resource answers.
        try repository.write(kotlin, at: "android/app/src/main/java/a/Notify.kt")
        try repository.write(dart, at: "lib/notify.dart")
        try repository.write(script, at: "src/notify.ts")
        // A folder named plugins is app code where no Cordova config.xml stands beside it.
        try repository.write(script, at: "plugins/notify.ts")
        // The same calls in test code, by each ecosystem's convention.
        for path in [
            "android/app/src/test/java/a/NotifyTest.kt", "android/app/src/androidTest/java/a/NotifyTest.kt",
            "android/app/src/testDebug/java/a/NotifyTest.kt", "android/app/src/testFixtures/java/a/Fixture.kt",
        ] {
            try repository.write(kotlin, at: path)
        }
        for path in ["test/widget_test.dart", "integration_test/app.dart", "test_driver/driver.dart", "lib/notify_test.dart"] {
            try repository.write(dart, at: path)
        }
        for path in [
            "store/__tests__/settingsStore.ts", "src/__mocks__/notifee.ts", "src/notify.test.ts", "specs/notify.spec.tsx", "tests/push.ts",
            "Tests/AppTests/Notify.ts",
        ] {
            try repository.write(script, at: path)
        }
        // An Android variant named like a test set, but not one, is app code.
        try repository.write(kotlin, at: "android/app/src/testing/java/a/Notify.kt")
        // A sound in a test folder that an app target copies ships, and is judged.
        try repository.addXcodeProject("ios/Runner.xcodeproj", target: "Runner", copying: ["tests/chime.mp3"])
        try repository.add(.mp3, at: "ios/tests/chime.mp3")

        let names = try Self.unknownNames(in: repository)
        #expect(
            names == [
                "android/app/src/main/java/a/Notify.kt:2", "android/app/src/testing/java/a/Notify.kt:2", "lib/notify.dart:1",
                "plugins/notify.ts:2", "src/notify.ts:2",
            ], "\(names)")
        let (_, files) = try repository.validateJSON()
        let chime = try #require(files["ios/tests/chime.mp3"])
        #expect(chime["platform"] as? String == "ios")
        #expect(
            chime.codes == ["unsupported-container", "purpose-unknown"], "an MP3 fails Apple's rules, a warning where nothing names it: \(chime)")
    }

    @Test("generated copies: Cordova's platforms and plugins, Capacitor's public copy and an .xcarchive are no app's code")
    func generatedCopies() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            #"<?xml version='1.0'?><widget id="a.b" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0"></widget>"#,
            at: "config.xml")
        try repository.add(.mp3, at: "platforms/android/app/src/main/res/raw/ding.mp3")
        let script = "import notifee from '@notifee/react-native';\nawait notifee.createChannel({ id: 'a', sound: 'gone' });\n"
        try repository.write(script, at: "www/js/index.js")
        for path in [
            "platforms/android/app/src/main/assets/www/js/index.js", "platforms/ios/www/js/index.js", "platforms/browser/platform_www/x.js",
            "plugins/cordova-plugin-x/www/x.js", "plugins/cordova-plugin-x/src/android/X.java",
            "ios/App.xcarchive/Products/Applications/App.app/www/js/index.js", "android/app/src/main/assets/public/js/app.js",
        ] {
            try repository.write(path.hasSuffix(".java") ? "class X { int s = R.raw.gone; }\n" : script, at: path)
        }
        try repository.write("{}", at: "android/app/src/main/assets/capacitor.config.json")
        // The project's own public/, beside its package.json and capacitor.config.json, is the web app's.
        try repository.write("{}", at: "web/capacitor.config.json")
        try repository.write("{}", at: "web/package.json")
        try repository.write(script, at: "web/public/sw.js")
        // A built archive is build output: its sounds are copies, not walked.
        try repository.add(.mp3, at: "ios/App.xcarchive/Products/Applications/App.app/beep.mp3")

        let names = try Self.unknownNames(in: repository)
        #expect(names == ["web/public/sw.js:2", "www/js/index.js:2"], "\(names)")
        let (_, files) = try repository.validateJSON()
        #expect(!files.keys.contains { $0.contains(".xcarchive") }, "\(files.keys.sorted())")
        #expect(files["platforms/android/app/src/main/res/raw/ding.mp3"] != nil, "the generated platform's sounds are still judged")
    }
}

/// Only compiled code is an app's: Java and Kotlin in a Gradle module's source sets, Swift and
/// Objective-C that a target of the Xcode project compiles.
@Suite("validate: only compiled code asks for names")
struct CompiledCodeTests {
    @Test("Java and Kotlin: a loose file outside every source set asks for nothing; a folder the build file sets does")
    func gradleSourceSets() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.mp3, at: "app/src/main/res/raw/ding.mp3")
        try repository.write("package a\nval s = R.raw.ding\nval t = R.raw.gone_main\n", at: "app/src/main/kotlin/a/MainActivity.kt")
        // As a public app keeps one: a MainActivity.java beside the module, in no source set.
        try repository.write("class MainActivity { int s = R.raw.alert; }\n", at: "app/MainActivity.java")
        try repository.write("class Old { int s = R.raw.gone_old; }\n", at: "app/src/Old.java")
        // An Eclipse-layout module: its build file sets the source folder.
        try repository.write(
            "android {\n  sourceSets {\n    main {\n      java.srcDirs = ['src'] // the old layout\n    }\n  }\n}\n",
            at: "legacy/build.gradle")
        try repository.add(.mp3, at: "legacy/res/raw/tone.mp3")
        try repository.write("<resources/>\n", at: "legacy/src/main/res/values/strings.xml")
        try repository.write("class Legacy { int s = R.raw.gone_legacy; }\n", at: "legacy/src/a/Legacy.java")
        let names = try AppCodeSelectionTests.unknownNames(in: repository)
        #expect(names == ["app/src/main/kotlin/a/MainActivity.kt:3", "legacy/src/a/Legacy.java:1"], "\(names)")
    }

    @Test("Swift: a file no target compiles, or only a test bundle, asks for nothing; a synchronized folder and a local package do")
    func xcodeTargets() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        let ask = "import UserNotifications\nlet sound = UNNotificationSound(named: UNNotificationSoundName(\"gone.caf\"))\n"
        for path in [
            "App/Notify.swift", "AppTests/NotifyTests.swift", "Old/Legacy.swift", "Widget/Sync.swift",
            "Packages/Kit/Sources/Kit/Sound.swift",
        ] {
            try repository.write(ask, at: path)
        }
        try repository.write("// swift-tools-version:5.9\n", at: "Packages/Kit/Package.swift")
        try repository.add(.cafULaw, at: "App/ding.caf")
        try repository.write(Self.project, at: "App.xcodeproj/project.pbxproj")
        let names = try AppCodeSelectionTests.unknownNames(in: repository)
        #expect(names == ["App/Notify.swift:2", "Packages/Kit/Sources/Kit/Sound.swift:2", "Widget/Sync.swift:2"], "\(names)")
    }

    /// An app target that compiles `App/Notify.swift` and copies `App/ding.caf`, a unit-test target
    /// that compiles `AppTests/NotifyTests.swift`, and an extension built from the synchronized
    /// folder `Widget`; `Old/Legacy.swift` is in no target.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tF1 = {isa = PBXFileReference; path = Notify.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = NotifyTests.swift; sourceTree = "<group>"; };
        \t\tF3 = {isa = PBXFileReference; path = ding.caf; sourceTree = "<group>"; };
        \t\tF4 = {isa = PBXFileReference; path = Legacy.swift; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
        \t\tB3 = {isa = PBXBuildFile; fileRef = F3; };
        \t\tG1 = {isa = PBXGroup; children = (F1, F3, ); path = App; sourceTree = "<group>"; };
        \t\tG2 = {isa = PBXGroup; children = (F2, ); path = AppTests; sourceTree = "<group>"; };
        \t\tG3 = {isa = PBXGroup; children = (F4, ); path = Old; sourceTree = "<group>"; };
        \t\tS1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        \t\tGM = {isa = PBXGroup; children = (G1, G2, G3, S1, ); sourceTree = "<group>"; };
        \t\tP1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        \t\tP2 = {isa = PBXResourcesBuildPhase; files = (B3, ); };
        \t\tP3 = {isa = PBXSourcesBuildPhase; files = (B2, ); };
        \t\tT1 = {isa = PBXNativeTarget; buildPhases = (P1, P2, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildPhases = (P3, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tT3 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S1, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tPR = {isa = PBXProject; mainGroup = GM; targets = (T1, T2, T3, ); };
        \t};
        \trootObject = PR;
        }
        """
}
