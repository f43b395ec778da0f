import Testing

@testable import AppRepository
import AppContents

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

    @Test("comments are removed, strings kept")
    func comments() {
        #expect(AndroidBuildRules.withoutComments("a // b\nc /* d\ne */ f \"//g\"") == "a \nc  f \"//g\"")
    }
}
