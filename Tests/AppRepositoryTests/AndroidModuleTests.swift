import Foundation
import Testing

@testable import AppContents
@testable import AppRepository

/// Release shrinking as an Android module's build file and resource XML state it, read as text.
@Suite("Android modules: release shrinking, keep rules")
struct AndroidModuleTests {
    @Test(
        "the release build type's setting, in Groovy and Kotlin DSL; comments and other build types do not count",
        arguments: [
            ("android {\n  buildTypes {\n    release {\n      minifyEnabled true\n      shrinkResources true\n    }\n  }\n}", "b:5"),
            ("android {\n  buildTypes {\n    release {\n      isMinifyEnabled = true\n      isShrinkResources = true\n    }\n  }\n}", "b:5"),
            ("android { buildTypes {\n getByName(\"release\") {\n  isShrinkResources = true\n }\n} }", "b:3"),
            ("android {\n  buildTypes {\n    release {\n      // shrinkResources true\n    }\n  }\n}", nil),
            ("android {\n  buildTypes {\n    release {\n      /* shrinkResources true */\n      shrinkResources false\n    }\n  }\n}", nil),
            ("android {\n  buildTypes {\n    debug {\n      shrinkResources true\n    }\n  }\n}", nil),
            ("plugins { id \"dev.flutter.flutter-gradle-plugin\" }\nandroid { }", "flutter"),
            ("plugins { id(\"dev.flutter.flutter-gradle-plugin\") }\nandroid { buildTypes { release {\n isShrinkResources = false\n } } }", nil),
        ] as [(String, String?)])
    func releaseShrinking(_ text: String, _ expected: String?) {
        let found = AndroidBuildRules.releaseShrinking(in: text, file: "b")
        if expected == "flutter" {
            #expect(found?.hasPrefix("the Flutter Gradle plugin") == true)
        } else {
            #expect(found == expected)
        }
    }

    @Test("keep patterns: lists, wildcards, other resource types left out")
    func keepPatterns() {
        #expect(AndroidBuildRules.rawPatterns("@raw/chime, @raw/alert_*,@drawable/*") == ["chime", "alert_*"])
        #expect(AndroidBuildRules.matches("alert_*", "alert_loud"))
        #expect(AndroidBuildRules.matches("*_loud", "alert_loud"))
        #expect(AndroidBuildRules.matches("a*l*d", "alert_loud"))
        #expect(!AndroidBuildRules.matches("alert_*", "chime"))
        #expect(!AndroidBuildRules.matches("chime", "chime2"))
    }

    @Test("comments are removed, strings kept, and every line keeps its number")
    func comments() {
        #expect(AndroidBuildRules.withoutComments("a // b\nc /* d\ne */ f \"//g\"") == "a \nc \n f \"//g\"")
        #expect(AndroidBuildRules.withoutComments("a // b\r\nc /* d\r\ne */ f") == "a \r\nc \r\n f")
        // An escaped quote does not end the string, so the `//` after it is still inside it.
        #expect(AndroidBuildRules.withoutComments(#"x "a\"b // c" y // z"#) == #"x "a\"b // c" y "#)
        #expect(AndroidBuildRules.withoutComments("include '**/*.jar'\nz") == "include '**/*.jar'\nz")
    }

    /// A release block after `lines` of other text, with `shrinkResources true` on the line returned.
    static func releaseBlock(after preamble: String, lineEnd: String = "\n") -> (text: String, line: Int) {
        let body = preamble + "android {\n  buildTypes {\n    release {\n      shrinkResources true\n    }\n  }\n}\n"
        let line = body.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("shrinkResources") }! + 1
        return (body.replacing("\n", with: lineEnd), line)
    }

    @Test(
        "the line cited is the line of shrinkResources: after multi-line block comments, strings that hold comment markers, CRLF, CR; a vertical tab, form feed or U+2028 ends no line",
        arguments: [
            ("/*\n * Licensed under …\n *\n */\n", "\n"),
            ("def tabs = 1\u{0B}\u{0C}\u{2028}\u{85}2 // a\u{0B}b\n", "\n"),
            ("/* a\n b */\n", "\r"),
            ("plugins { id 'com.android.application' }\n/* signing:\n   keystore\n   alias */\ndef x = 1 /* a\nb */\n", "\n"),
            ("def url = \"https://maven.example.com/*\"\ndef files = fileTree(include: ['**/*.jar'])\n// it's\n", "\n"),
            ("def s = \"say \\\"/* not a comment\"\n\n", "\n"),
            ("/*\n two\n three */\n// four\n", "\r\n"),
            ("", "\r\n"),
        ])
    func shrinkingLine(_ preamble: String, _ lineEnd: String) {
        let (text, line) = Self.releaseBlock(after: preamble, lineEnd: lineEnd)
        #expect(line > 1)
        #expect(AndroidBuildRules.releaseShrinking(in: text, file: "app/build.gradle") == "app/build.gradle:\(line)")
    }

    @Test("a raw resource's name counts where it is written as a name: quoted, a path, a file name, R.raw, any word of a data file")
    func mentions() {
        let names = ["alert", "chime", "notification_sound", "bell"]
        func found(_ text: String, data: Bool = false) -> [String] {
            RawResourceMentions.mentions(in: text, of: names, isData: data).map(\.name).sorted()
        }
        #expect(found("sound: RawResourceAndroidNotificationSound('chime')") == ["chime"])
        #expect(found(#"val uri = "android.resource://$packageName/raw/notification_sound""#) == ["notification_sound"])
        #expect(found("const s = require('./assets/alert.mp3')") == ["alert"])
        #expect(found("ring = bell.ogg") == ["bell"], "a file name, unquoted")
        #expect(found("int id = R.raw.alert;") == ["alert"])
        #expect(found("payload = {\"sound\": \"bell\"}") == ["bell"])
        // Code's own words are no name.
        #expect(found("alert(message); val chime = 1; bell.ring()") == [])
        #expect(found("val alerts = 'alert_loud'; let x = \"chimes\"") == [], "a longer word")
        #expect(found("val s = \"a\\\"\" + alert") == [], "an escaped quote closes nothing")
        // In a data file every whole word counts.
        #expect(found("sound: chime\nother: alerting", data: true) == ["chime"])
        #expect(found(#"<string name="alert">Alert</string>"#, data: true) == ["alert"])
        #expect(RawResourceMentions.mentions(in: "a\r\n/* x\n y */\r\nplay('bell')\n", of: names, isData: false).map(\.line) == [4])
    }

    @Test("a resource XML's @raw/NAME keeps the sound; so do R.raw and keep rules, not a discard")
    func xmlReferenceKeeps() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-module-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("android { buildTypes { release {\n shrinkResources true\n } } }\n", "build.gradle")
        try write(
            #"<PreferenceScreen><RingtonePreference android:defaultValue="@raw/chime"/></PreferenceScreen>"#, "src/main/res/xml/prefs.xml")
        try write(#"<manifest><meta-data android:resource="@raw/bell"/></manifest>"#, "src/main/AndroidManifest.xml")
        try write(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:discard="@raw/gone"/>"#, "src/main/res/raw/keep.xml")
        let module = AndroidModule(folder: root, sourceFiles: [])
        #expect(module.removal(ofRawResource: "chime") == nil)
        #expect(module.removal(ofRawResource: "bell") == nil)
        #expect(module.removal(ofRawResource: "gone") == .discarded(by: root + "/src/main/res/raw/keep.xml"))
        #expect(module.removal(ofRawResource: "other") == .unseen(shrinking: root + "/build.gradle:2"))
    }
}
