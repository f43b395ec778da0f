import Testing

@testable import AppContents

/// The application ids a module's variants install, read from its build file as text: the
/// default id, each build type's and flavor's suffix, a flavor's own id, in Groovy and Kotlin DSL.
@Suite("Android application ids: applicationId, namespace, applicationIdSuffix per build type and flavor")
struct AndroidApplicationIdsTests {
    static func installed(_ text: String, _ language: CodeLanguage) -> [String] {
        AndroidApplicationIds(buildFile: text, language: language).installedIds.map { "\($0.variant)=\($0.id)" }
    }

    @Test("Groovy: defaultConfig's id, a debug suffix, flavors with a suffix and an id of their own")
    func groovy() {
        let text = """
            android {
                namespace 'com.example.ns'
                defaultConfig {
                    applicationId "com.example.app" // applicationId "com.example.old"
                }
                buildTypes {
                    debug { applicationIdSuffix ".debug" }
                    release {
                        minifyEnabled true
                    }
                }
                flavorDimensions "env"
                productFlavors {
                    staging {
                        dimension "env"
                        applicationIdSuffix '.staging'
                    }
                    prod {
                        applicationId "com.example.prod"
                    }
                }
            }
            """
        #expect(
            Self.installed(text, .groovy) == [
                "the default build=com.example.app", "debug=com.example.app.debug", "staging=com.example.app.staging",
                "stagingDebug=com.example.app.staging.debug", "prod=com.example.prod", "prodDebug=com.example.prod.debug",
            ])
    }

    @Test("Kotlin DSL: getByName and create blocks, the namespace when no applicationId, a brace in a string")
    func kotlinDSL() {
        let text = """
            android {
                namespace = "com.example.kts"
                defaultConfig { versionName = "1.0 {beta}" }
                buildTypes {
                    getByName("debug") {
                        applicationIdSuffix = ".dev"
                    }
                }
                productFlavors {
                    create("free") { applicationIdSuffix = ".free" }
                }
            }
            """
        #expect(
            Self.installed(text, .kotlin) == [
                "the default build=com.example.kts", "debug=com.example.kts.dev", "free=com.example.kts.free",
                "freeDebug=com.example.kts.free.dev",
            ])
        // A computed id is not seen; nothing is installed that the file does not spell.
        #expect(Self.installed("android { defaultConfig { applicationId = computeId() } }", .kotlin).isEmpty)
    }

    @Test("every prefix of a build file, and random texts of its characters, read without a crash")
    func prefixesAndRandomTexts() {
        let text = """
            android { namespace = "a.b"; buildTypes { getByName("debug") { applicationIdSuffix = ".d" } }
              productFlavors { create('x') { applicationId "c.d" } } // }
            """
        let bytes = Array(text.utf8)
        for end in 0...bytes.count {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            _ = AndroidApplicationIds(buildFile: prefix, language: .kotlin).installedIds
            _ = AndroidApplicationIds(buildFile: prefix, language: .groovy).installedIds
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}()\"'/*\n =.applicationIdSuffixbuildTypesproductFlavors$".utf8)
        for _ in 0..<2_000 {
            let random = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = AndroidApplicationIds(buildFile: String(decoding: random, as: UTF8.self), language: .groovy).installedIds
        }
    }
}
