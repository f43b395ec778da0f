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

    @Test(
        "a brace in a string or a comment opens and closes no block, in Groovy and Kotlin DSL",
        arguments: [
            (#"buildConfigField "String", "END", "\"}\"""#, "b.gradle"),
            ("resValue 'string', 'x', '}}'", "b.gradle"),
            ("resValue 'string', 'x', '{'", "b.gradle"),
            (#"resValue 'string', 'x', "${v.map { it }}" /* } */"#, "b.gradle"),
            (#"buildConfigField("String", "A", "\"}\"") /* } */"#, "b.gradle.kts"),
            (#"manifestPlaceholders["b"] = "${x}}""#, "b.gradle.kts"),
            (#"resValue("string", "x", "{") /* { */"#, "b.gradle.kts"),
        ])
    func bracesInStrings(_ line: String, _ file: String) {
        let setting = file.hasSuffix(".kts") ? "isShrinkResources = true" : "shrinkResources true"
        let text = "android { buildTypes { release {\n " + line + "\n " + setting + "\n } } }"
        #expect(AndroidBuildRules.releaseShrinking(in: text, file: file) == file + ":3")
        // A brace opened in a string does not keep the release block open past its end.
        let closed = "android {\n buildTypes {\n  release { " + line + " }\n  debug {\n   " + setting + "\n  }\n }\n}"
        #expect(AndroidBuildRules.releaseShrinking(in: closed, file: file) == nil)
    }

    @Test("a literal setting is read by the build file's language: escapes, comments, strings across lines, interpolation")
    func literalSettings() {
        func setting(_ name: String, _ text: String, _ language: CodeLanguage = .groovy) -> String? {
            AndroidBuildRules.literalSetting(name, in: text, language: language)
        }
        #expect(setting("applicationId", "  applicationId \"com.example.app\" // it's") == "com.example.app")
        #expect(setting("versionCode", "versionCode 42 // build\nversionCode 43") == "42")
        #expect(setting("versionCode", "versionCode(7) /* ' */") == "7")
        #expect(setting("versionName", #"versionName "1.0 \"beta\"""#) == #"1.0 \"beta\""#)
        #expect(setting("versionName", "/* versionName \"0.1\" */ versionName '2.0'") == "2.0")
        // A line that a string spans holds no setting.
        #expect(setting("versionName", "def notes = '''\nversionName \"fake\"\n'''\nversionName \"1.2\"") == "1.2")
        // Groovy's and Kotlin's double quotes read `$name`, Groovy's single quotes do not.
        #expect(setting("versionName", "versionName \"$major.0\"") == nil)
        #expect(setting("versionName", "versionName '$major.0'") == "$major.0")
        #expect(setting("versionName", #"versionName = "${major}.0""#, .kotlin) == nil)
        #expect(setting("applicationId", "applicationId = \"com.a\"  /* \" */", .kotlin) == "com.a")
        #expect(setting("versionCode", "versionCode = flutter.versionCode", .kotlin) == nil)
        #expect(setting("applicationId", "applicationId \"com.a", .groovy) == nil, "a string its line cuts off")
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
        func found(_ text: String, in file: String) -> [String] {
            RawResourceMentions.mentions(in: text, of: names, file: file).map(\.name).sorted()
        }
        #expect(found("sound: RawResourceAndroidNotificationSound('chime')", in: "a.dart") == ["chime"])
        #expect(found(#"val uri = "android.resource://$packageName/raw/notification_sound""#, in: "a.kt") == ["notification_sound"])
        #expect(found("const s = require('./assets/alert.mp3')", in: "a.js") == ["alert"])
        #expect(found("ring = bell.ogg", in: "a.py") == ["bell"], "a file name, unquoted")
        #expect(found("int id = R.raw.alert;", in: "a.java") == ["alert"])
        #expect(found("payload = {\"sound\": \"bell\"}", in: "a.py") == ["bell"])
        // Code's own words are no name.
        #expect(found("alert(message); val chime = 1; bell.ring()", in: "a.kt") == [])
        #expect(found("val alerts = 'alert_loud'; let x = \"chimes\"", in: "a.kt") == [], "a longer word")
        #expect(found("val s = \"a\\\"\" + alert", in: "a.kt") == [], "an escaped quote closes nothing")
        // In a data file every whole word counts.
        #expect(found("sound: chime\nother: alerting", in: "a.yaml") == ["chime"])
        #expect(found(#"<string name="alert">Alert</string>"#, in: "a.xml") == ["alert"])
        #expect(RawResourceMentions.mentions(in: "a\r\n/* x\n y */\r\nplay('bell')\n", of: names, file: "a.js").map(\.line) == [4])
    }

    @Test("a raw resource's name is quoted where the file's language has a string: not in a comment, nor in an interpolation's code")
    func mentionsInStrings() {
        let names = ["alert", "chime", "bell"]
        func found(_ text: String, in file: String) -> [String] {
            RawResourceMentions.mentions(in: text, of: names, file: file).map(\.name).sorted()
        }
        // A quote in a comment opens no string.
        #expect(found("val x = 1 // it's the chime\nval y = 2 /* don't */ + bell", in: "a.kt") == [])
        #expect(found("int x = 1; /* \" */ alert(); // 'bell", in: "A.java") == [])
        #expect(found("def x = 1 // it's chime", in: "build.gradle") == [])
        #expect(found("x = 1  # it's chime", in: "a.py") == [])
        // The code an interpolation holds is code; the string goes on after it.
        #expect(found(#"val s = "${play(chime)} and bell""#, in: "a.kt") == ["bell"])
        #expect(found(#"val s = "${alert} // chime""#, in: "build.gradle.kts") == ["chime"])
        // A string that spans lines holds the name on every one of them.
        #expect(found("val s = \"\"\"\n  chime\n\"\"\"", in: "a.kt") == ["chime"])
        #expect(found("def s = '''\n  alert // x\n'''", in: "app/build.gradle") == ["alert"])
        #expect(found("String s = \"\"\"\n  bell\n  \"\"\";", in: "A.java") == ["bell"])
        // A comment names nothing, however the name is written in it.
        #expect(found("// was R.raw.alert, then res/raw/chime\n/* bell.mp3 */ val x = R.raw.other", in: "a.kt") == [])
        #expect(found("# play('chime.wav') later", in: "a.py") == [])
        // A language soundcheck has no lexer for is read like its kin (Rust like Kotlin): its comments name nothing either.
        #expect(found("fn f<'a>(x: &'a str) {}\nlet s = \"chime\"; // 'bell'", in: "a.rs") == ["chime"])
    }

    /// A new empty folder for a module's files.
    static func moduleFolder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-module-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    /// Writes `text` at `path`, its folders made.
    static func write(_ text: String, at path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("a resource XML's @raw/NAME keeps the sound; so do R.raw and keep rules, not a discard")
    func xmlReferenceKeeps() throws {
        let root = try Self.moduleFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, at: root + "/" + path) }
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

    @Test("R.raw.NAME keeps a resource where it is code: not in a comment or a string")
    func rawReferencesInCode() throws {
        let root = try Self.moduleFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/src/main/java/a/A.java"
        try Self.write("android { buildTypes { release {\n shrinkResources true\n } } }\n", at: root + "/build.gradle")
        try Self.write(
            "int a = R.raw.kept; // R.raw.commented\n/* R.raw.blocked */ String s = \"R.raw.quoted\"; int b = MyR.raw.other;\n", at: file)
        let module = AndroidModule(folder: root, sourceFiles: [file])
        #expect(module.referenced == ["kept"])
    }

    @Test("safe mode's strings are the literals of Java and Kotlin as each language reads them: escaped quotes, comments, templates")
    func identifierStrings() throws {
        let root = try Self.moduleFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, at: root + "/" + path) }
        try write("android { buildTypes { release {\n shrinkResources true\n } } }\n", "build.gradle")
        try write(
            "int id = res.getIdentifier(name, \"raw\", pkg); // not \"gone\"\nString s = \"say \\\"hi\\\"\"; String t = \"chime\";\n",
            "src/main/java/a/A.java")
        try write(
            "val a = \"alert_${x}\"; val b = \"${f(\"bell\")}\" /* \"ding\" */\nval c = \"\"\"\nlate\n\"\"\"\nval d = \"$tone\"\n",
            "src/main/kotlin/a/B.kt")
        let sources = ["src/main/java/a/A.java", "src/main/kotlin/a/B.kt"].map { root + "/" + $0 }
        let module = AndroidModule(folder: root, sourceFiles: sources)
        #expect(module.identifierStrings == ["raw", "say \\\"hi\\\"", "chime", "bell", "\nlate\n"])
        #expect(module.removal(ofRawResource: "chime") == nil)
        #expect(module.removal(ofRawResource: "bell") == nil)
        for unseen in ["gone", "ding", "alert_", "tone"] {
            #expect(module.removal(ofRawResource: unseen) == .unseen(shrinking: root + "/build.gradle:2"))
        }
    }
}
