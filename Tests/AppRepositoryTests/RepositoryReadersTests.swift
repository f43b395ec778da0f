@testable import AppContents
import Foundation
import Testing

@testable import AppRepository

/// The readers a repository walk hands its files to: Flutter's pubspec, Cordova's config.xml,
/// XcodeGen specs, and the code scan that tells what a sound is for.
@Suite("Repository readers")
struct RepositoryReadersTests {
    @Test("pubspec: an app's assets, joined with its folder; the flavoured map form; a package is no app")
    func pubspec() throws {
        let app = try FlutterPubspec(
            parsing: "name: a\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  assets:\n    - assets/sounds/\n    - path: assets/ding.mp3\n      flavors: [prod]\n",
            path: "apps/a/pubspec.yaml")
        #expect(app.isFlutterApp)
        #expect(app.assets == ["apps/a/assets/sounds/", "apps/a/assets/ding.mp3"])
        let package = try FlutterPubspec(parsing: "name: lib\ndependencies:\n  http: ^1.0.0\n", path: "pubspec.yaml")
        #expect(!package.isFlutterApp)
        #expect(throws: FlutterPubspecError.self) { try FlutterPubspec(parsing: "a: [", path: "p.yaml") }
    }

    @Test("an app's folder holds the paths inside it, however many apps there are, ASCII or not")
    func appsAround() {
        var markers = RepositoryMarkers()
        for index in 0..<40 { _ = markers.visitFolder(named: "raw", path: "modules/m\(index)/src/main/res/raw") }
        _ = markers.visitFolder(named: "raw", path: "ünï/src/main/res/raw")
        let layout = RepositoryLayout(markers)
        #expect(layout.appFolders.count == 41)
        #expect(layout.appFolders.first == "modules/m0")
        #expect(layout.appFolders.last == "ünï")
        #expect(layout.hasApp(around: "modules/m7/src/main/java/A.kt"))
        #expect(layout.hasApp(around: "./modules//m39/B.kt"))
        #expect(!layout.hasApp(around: "modules/m7x/A.kt"))
        #expect(!layout.hasApp(around: "modules/m7"))
        #expect(!layout.hasApp(around: "modules/A.kt"))
        #expect(layout.hasApp(around: "ünï/src/main/java/A.kt"))
        #expect(!layout.hasApp(around: "ünïx/A.kt"))
        #expect(!layout.hasApp(around: "élsewhere/modules/m1/A.kt"))
        var root = RepositoryMarkers()
        _ = root.visitFolder(named: "raw", path: "src/main/res/raw")
        #expect(RepositoryLayout(root).hasApp(around: "anywhere/A.kt"))
    }

    @Test("resource XML: an attribute's value and @raw references, in ASCII text and in any other")
    func resourceXML() {
        let ascii = "<resources xmlns:tools=\"t\" tools:keep=\"@raw/chime,@raw/alert_*\">\r\n<item>@raw/ding</item>@raw/</resources>"
        #expect(AndroidBuildRules.attribute("tools:keep", in: ascii) == "@raw/chime,@raw/alert_*")
        #expect(AndroidBuildRules.attribute("tools:discard", in: ascii) == nil)
        #expect(AndroidBuildRules.attribute("tools:keep", in: "<a tools:keep=\"unclosed>") == nil)
        #expect(AndroidBuildRules.rawReferences(in: ascii) == ["chime", "alert_", "ding"])
        let unicode = "<!-- Grüße --><resources tools:keep=\"@raw/glöckchen,@raw/bell\"><item>@raw/dïng @raw/ok2</item></resources>"
        #expect(AndroidBuildRules.attribute("tools:keep", in: unicode) == "@raw/glöckchen,@raw/bell")
        #expect(AndroidBuildRules.rawReferences(in: unicode) == ["gl", "bell", "d", "ok2"])
    }

    @Test("Cordova: resource-file sources per platform, either quote")
    func cordova() {
        let found = RepositoryLayout.cordovaResourceFiles(
            in: """
                <widget><platform name="android"><resource-file src="res/a.mp3" target="app/src/main/res/raw/a.mp3"/></platform>
                <platform name='ios'><resource-file src='res/b.caf'/></platform><resource-file src="outside.wav"/></widget>
                """)
        #expect(found.map { "\($0.platform) \($0.source)" } == ["android res/a.mp3", "ios res/b.caf"])
    }

    @Test("Tuist globs: * within a name, ** across folders, {a,b} either")
    func tuistGlobs() {
        func matches(_ pattern: String, _ path: String) -> Bool {
            TuistProject.expandingBraces(pattern).contains { glob in
                TuistProject.matches(glob.split(separator: "/").map(String.init)[...], path.split(separator: "/").map(String.init)[...])
            }
        }
        #expect(matches("Resources/**", "Resources/a.caf"))
        #expect(matches("Resources/**", "Resources/Sounds/en.lproj/a.caf"))
        #expect(matches("**/*.caf", "a.caf") && matches("**/*.caf", "x/y/a.caf"))
        #expect(matches("Sounds/*.caf", "Sounds/a.caf") && !matches("Sounds/*.caf", "Sounds/x/a.caf"))
        #expect(matches("Sounds/*.{caf,wav}", "Sounds/a.wav") && !matches("Sounds/*.{caf,wav}", "Sounds/a.mp3"))
        #expect(!matches("Resources/*", "Resources/.hidden.caf"))
        #expect(TuistProject.expandingBraces("{A,B}/{x,y}.caf") == ["A/x.caf", "A/y.caf", "B/x.caf", "B/y.caf"])
    }

    @Test("Capacitor's webDir, read as text from JSON and TypeScript; web folders hold their files only")
    func capacitorWebDir() {
        #expect(WebAppFolder.webDir(in: #"{"appId": "a", "webDir": "dist", "bundledWebRuntime": false}"#, language: .json) == "dist")
        #expect(
            WebAppFolder.webDir(in: "const config: CapacitorConfig = {\n  appId: 'a',\n  webDir: 'www/browser',\n};", language: .javaScript)
                == "www/browser")
        #expect(WebAppFolder.webDir(in: "webDir: process.env.OUT", language: .javaScript) == nil)
        #expect(WebAppFolder.webDir(in: #"{"webDir": "../shared"}"#, language: .json) == nil)
        let folders = WebAppFolder.capacitor(config: "apps/m/capacitor.config.ts", text: "webDir: 'dist'")
        #expect(folders.map(\.folder) == ["apps/m/dist", "apps/m/public", "apps/m/src/assets"])
        #expect(folders[1].holds("apps/m/public/a.wav"))
        #expect(!folders[1].holds("apps/m/publicity/a.wav"))
        let www = WebAppFolder.cordova(config: "config.xml")
        #expect(www.folder == "www" && www.holds("www/audio/a.caf") && !www.holds("res/a.caf"))
    }

    @Test("Capacitor's webDir: the key in code and its literal whole, not a webDir in a comment or another string")
    func capacitorWebDirLexed() {
        func webDir(_ text: String, _ language: CodeLanguage = .javaScript) -> String? { WebAppFolder.webDir(in: text, language: language) }
        // Another string that mentions the key, escaped quotes and all, comes first.
        #expect(webDir(#"{"appId": "a", "note": "set \"webDir\": \"www\" for old builds", "webDir": "dist"}"#, .json) == "dist")
        #expect(webDir(#"{"server": {"url": "http://localhost//webDir: 'x'"}, "webDir": "build"}"#, .json) == "build")
        // A key commented out, on its line or in a block.
        #expect(webDir("const config = {\n  // webDir: 'www',\n  webDir: 'dist/app',\n};") == "dist/app")
        #expect(webDir("/* webDir: \"old\" */ export default { appId: 'a', webDir: /* built by vite */ 'dist' };") == "dist")
        #expect(webDir("const config = { webDir: 'www' }; // webDir: 'other'") == "www")
        // The value as a literal spells it: a template without `${`, an escaped quote.
        #expect(webDir("export default { webDir: `public/app` };") == "public/app")
        #expect(webDir(#"export default { webDir: 'it\'s' };"#) == "it's")
        // A value the config computes is none.
        #expect(webDir("export default { webDir: `${root}/dist` };") == nil)
        #expect(webDir("export default { webDir: 'dist' + suffix };") == nil)
        #expect(webDir("export default { webDir: isProd ? 'dist' : 'www' };") == nil)
        #expect(webDir("export default { webDir: /'dist'/.source };") == nil)
        #expect(webDir("const webDir = 'dist';\nexport default { appId: 'a', webDir };") == nil)
        // The config's language comes from its name.
        let json = WebAppFolder.capacitor(config: "capacitor.config.json", text: #"{"note": "webDir: 'no'", "webDir": "www"}"#)
        #expect(json.map(\.folder) == ["www", "public", "src/assets"])
        // JSON quotes a string with `"` only.
        let singleQuoted = WebAppFolder.capacitor(config: "capacitor.config.json", text: #"{"webDir": 'www'}"#)
        #expect(singleQuoted.map(\.folder) == ["public", "src/assets"])
    }

    @Test("SoundUsage: the lines that name sounds, and the ones that only look like they do")
    func soundNames() {
        func names(_ line: String) -> [String] { SoundUsage.soundNames(in: Substring(line), language: .swift).map(\.name) }
        #expect(names(#"let url = Bundle.main.url(forResource: "ring", withExtension: "mp3")"#) == ["ring.mp3"])
        #expect(names(#"content.sound = UNNotificationSound(named: UNNotificationSoundName("alert.caf"))"#) == ["alert.caf"])
        #expect(names(#"MediaPlayer.create(this, R.raw.chime_2)"#) == ["chime_2"])
        #expect(names(#"soundResource: 'match_start',"#) == ["match_start"])
        #expect(names(#"let headers = ["message": value]"#) == [])
        #expect(names(#"let path = "sounds/\(name).mp3""#) == [])
        #expect(names(#"play("assets/sounds/tap.mp3")"#) == ["tap.mp3"])
    }

    @Test("SoundUsage.literals: each language's plain literals, not a comment's quotes, an interpolation's text or an identifier")
    func literals() {
        func literals(_ text: String, _ language: CodeLanguage) -> [String] { SoundUsage.literals(in: text[...], language: language) }
        // Kotlin: a comment's quotes, a template's code and its literals, `$name`, raw strings across lines.
        #expect(literals(#"val a = "chime.mp3" // it's 'old.mp3'"#, .kotlin) == ["chime.mp3"])
        #expect(literals(#"play("${f("a.mp3")}", "$name.mp3", "b // c.mp3")"#, .kotlin) == ["a.mp3", "b // c.mp3"])
        #expect(literals("val s = \"\"\"\nd.mp3\n\"\"\" /* \"e.mp3\" */", .kotlin) == ["\nd.mp3\n"])
        #expect(literals("val `sound name` = 'x'", .kotlin) == ["x"])
        // Java: an escaped quote ends no string; `$` is a string's text.
        #expect(literals(#"log("x \" y"); play("c.wav"); put("$5")"#, .java) == [#"x \" y"#, "c.wav", "$5"])
        #expect(literals(#"char q = '"'; /* "f.wav */ play("g.wav");"#, .java) == ["\"", "g.wav"])
        // Groovy's single quotes do not interpolate, its double quotes do.
        #expect(literals(#"def a = '$x.mp3'; def b = "$x.mp3"; def c = "${y}""#, .groovy) == ["$x.mp3"])
        // Swift's interpolation and escaped identifiers; JavaScript's and Go's back quotes are strings.
        #expect(literals(##"let `default` = "\(name).caf" + #"h.caf"#"##, .swift) == ["h.caf"])
        #expect(literals("play(`i.mp3`, `${j}.mp3`)", .javaScript) == ["i.mp3"])
        #expect(literals("f(`k.mp3`) // \"l.mp3\"", .go) == ["k.mp3"])
    }

    @Test("SoundUsage: a line's names as its language reads it")
    func soundNamesByLanguage() {
        func names(_ line: String, _ language: CodeLanguage) -> [String] {
            SoundUsage.soundNames(in: Substring(line), language: language).map(\.name)
        }
        #expect(names(#"log("it's \"done\""); String f = "chime.mp3";"#, .java) == ["chime.mp3"])
        #expect(names(#"val files = listOf("${base}/a.mp3", "b.mp3") /* 'c.mp3' */"#, .kotlin) == ["b.mp3"])
        #expect(names("const f = `d.mp3` // 'e.mp3'", .javaScript) == ["d.mp3"])
    }

    @Test("SoundNameScanner: a pattern inside a string or a comment, or ending a longer key, is no call")
    func patternsInStringsAndComments() {
        /// What a file that uses notifee and holds `text` shows.
        func scan(_ text: String) -> (names: [String], atRunTime: Int) {
            let found = SoundNameScanner.scan(Array(("import notifee from '@notifee/react-native';\n" + text).utf8), file: "Notify.ts")
            return (found.uses.map(\.name), found.runTimeNames)
        }
        // A public Expo app's log line: `sound:` ends a string, and `', !!this.sound, '` is no name.
        #expect(scan(#"console.log('[AudioService] resume() called, sound:', !!this.sound, 'lastPlayed:', last);"#) == ([], 0))
        #expect(scan(#"log("sound: x"); notify({ sound: name })"#) == ([], 1))
        #expect(scan("// sound: 'old.wav',\n/* sound: 'older.wav' */ sound: 'new.wav',\n") == (["new.wav"], 0))
        #expect(scan(#"const url = "https://example.com/a"; notify({ sound: 'a.wav' })"#) == (["a.wav"], 0))
        #expect(scan(#"{ title: 'It\'s time', "sound": "chime.wav" }"#) == (["chime.wav"], 0))
        #expect(scan(#"{ body: `sound: ${x}`, sound: "b.wav" } // sound: 'c.wav'"#) == (["b.wav"], 0))
        #expect(scan("const muted = { no_sound: 'x.wav', $sound: 'y.wav', sound2: 'z.wav' };") == ([], 0))
    }

    @Test("SoundNameScanner: `sound:` counts only in a file that speaks of notifications or builds a push body")
    func genericKeysNeedNotificationContext() {
        func names(_ text: String, in file: String = "a.ts") -> [String] {
            SoundNameScanner.scan(Array(text.utf8), file: file).uses.map(\.name)
        }
        // zulip-mobile's emoji table: `sound` is an emoji's name there.
        #expect(names("export default {\n  no_sound: '1f507',\n  sound: '1f50a',\n  notifications: '1f514',\n};\n") == [])
        #expect(names("const game = { sound: 'jump.wav', score: 0 };\n") == [])
        // The same key where notifications are: a client API, a push body's keys, a channel.
        #expect(names("await Notifications.scheduleNotificationAsync({ content: { sound: 'a.wav' } });") == ["a.wav"])
        #expect(names("admin.messaging().send({ apns: { payload: { aps: { sound: 'b.caf' } } } });") == ["b.caf"])
        #expect(names(#"fetch(url, { body: JSON.stringify({ to, "sound": "c.wav", channelId: "alerts" }) });"#) == ["c.wav"])
        #expect(names("await LocalNotifications.schedule({ notifications: [{ id: 1, sound: 'd.wav' }] });") == ["d.wav"])
        // Specific keys need nothing around them.
        #expect(names("const body = { ios_sound: 'e.wav', android_sound: 'e' };").sorted() == ["e", "e.wav"])
        #expect(names("const details = DarwinNotificationDetails(sound: 'f.aiff');", in: "a.dart") == ["f.aiff"])
    }

    /// Overlapping and repeated tokens: the shortest of five bytes (a scan at every other
    /// position), of six (every third), of seven (every fourth), each set with tokens under five
    /// bytes too (found one by one).
    static let tokenSets: [[String]] = [
        ["Sound", "sound:", "R.raw.", "ababa", "abcab", "UNNotificationSound", "Sound", "/raw/", "abababa", "Sound:ab", "aSbounR"],
        ["sound:", "R.raw.", "ababab", "UNNotificationSound", "Sound:ab", "bab", "aSbounR", "abababab"],
        ["abababa", "bababab", "Sound:ab", "aSbounR", "abababab", "UNNotificationSound", "ab", "R.r", "bababab"],
    ]

    @Test("TokenSet, ByteSearch and SourceLines agree with a naive search on 5,000 random texts", arguments: tokenSets)
    func tokenSearch(_ tokens: [String]) {
        var generator = SystemRandomNumberGenerator()
        let set = TokenSet(tokens)
        let alphabet = Array("aSbounR.rw:dUNc/ \n".utf8)
        var found = 0
        for _ in 0..<5_000 {
            // Random bytes with whole tokens and pieces of them spliced in, at every alignment.
            var text: [UInt8] = []
            while text.count < Int.random(in: 0..<80, using: &generator) {
                let token = Array(tokens.randomElement(using: &generator)!.utf8)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: text += token
                case 1: text += token.prefix(Int.random(in: 1...token.count, using: &generator))
                default: text.append(alphabet.randomElement(using: &generator)!)
                }
            }
            func starts(_ token: String) -> [Int] {
                let token = Array(token.utf8)
                return text.count < token.count ? [] : (0...(text.count - token.count)).filter { Array(text[$0..<$0 + token.count]) == token }
            }
            let naive = tokens.indices.filter { !starts(tokens[$0]).isEmpty }
            found += naive.count
            #expect(set.present(in: text) == naive)
            #expect(set.containsAny(text) == !naive.isEmpty)
            #expect(tokens.indices.filter { ByteSearch.contains(text, Array(tokens[$0].utf8)) } == naive)
            let everyMatch = tokens.indices.flatMap { index in starts(tokens[index]).map { (position: $0, token: index) } }
                .sorted { ($0.position, $0.token) < ($1.position, $1.token) }
            let matches = text.withUnsafeBytes { set.matches(in: $0) }
            #expect(matches.map(\.position) == everyMatch.map(\.position))
            #expect(matches.map(\.token) == everyMatch.map(\.token))
            #expect(ByteSearch.positions(of: Array("ab".utf8), in: text) == starts("ab"))
            // The lines holding the matches, as splitting the text would number them.
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let expected = Set(everyMatch.map { match in text[..<match.position].filter { $0 == UInt8(ascii: "\n") }.count })
                .sorted().map { (number: $0 + 1, line: String(lines[$0])) }
            let lined = SourceLines.containing(everyMatch.map(\.position), in: text)
            #expect(lined.map(\.number) == expected.map(\.number))
            #expect(lined.map { String($0.line) } == expected.map(\.line))
        }
        #expect(found > 5_000, "the texts hold tokens to find: \(found)")
    }

    @Test("XcodeGen: targets from included specs, sources with excludes, folder references, platforms")
    func xcodeGen() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcodegen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write(
            "name: P\ninclude: [App/target.yml]\ntargets:\n  Ext:\n    type: app-extension\n    platform: [iOS, macOS]\n    sources: Shared/ding.caf\n",
            "project.yml")
        try write("targets:\n  App:\n    type: application\n    sources:\n      - path: .\n        excludes: ['Old/*']\n      - path: ../Tones\n        type: folder\n      - path: ../Docs\n        buildPhase: none\n", "App/target.yml")
        for file in ["App/a.caf", "App/Old/b.caf", "Docs/c.caf", "App/en.lproj/d.caf", "App/Kit.bundle/e.caf", "Tones/f.caf", "Shared/ding.caf"] {
            try write("", file)
        }
        let project = try XcodeGenSpec.read(root + "/project.yml")
        #expect(project.targets.map(\.name) == ["App", "Ext_iOS", "Ext_macOS"])
        #expect(project.targets.map(\.buildsForMacOS) == [false, false, true])
        #expect(project.targets.allSatisfy { $0.buildsApp })
        let app = try #require(project.targets.first)
        #expect(
            app.resources == [
                .folder(.relative("App/Kit.bundle")), .file(.relative("App/a.caf")),
                .localized(.relative("App/en.lproj/d.caf"), bundlePath: "en.lproj/d.caf"), .folder(.relative("Tones")),
            ])
        #expect(project.targets[1].resources == [.file(.relative("Shared/ding.caf"))])
        try write("include: [project.yml]\n", "loop.yml")
        try write("include: [loop.yml]\nname: L\n", "project.yml")
        #expect(throws: XcodeGenSpecError.self) { try XcodeGenSpec.read(root + "/project.yml") }
    }
}

/// Gradle's source folders, as a build file declares them.
@Suite("Gradle source folders")
struct GradleSourceFoldersTests {
    @Test("conventional source sets of every variant, and nothing else")
    func conventional() {
        #expect(GradleSourceFolders.isInSourceSet("app/src/main/java/a/B.java"))
        #expect(GradleSourceFolders.isInSourceSet("./src/freeDebug/kotlin/a/B.kt"))
        #expect(GradleSourceFolders.isInSourceSet("shared/src/androidMain/kotlin/B.kt"))
        #expect(!GradleSourceFolders.isInSourceSet("app/MainActivity.java"))
        #expect(!GradleSourceFolders.isInSourceSet("app/src/B.java"))
        #expect(!GradleSourceFolders.isInSourceSet("app/src/main/B.java"))
        // A component after `java` is needed; empty components and `.` do not count; any Unicode path.
        #expect(!GradleSourceFolders.isInSourceSet("src/main/java"))
        #expect(!GradleSourceFolders.isInSourceSet("src/main/java/"))
        #expect(GradleSourceFolders.isInSourceSet("a//src/./main/java//B.java"))
        #expect(!GradleSourceFolders.isInSourceSet("a/srcs/main/java/B.java"))
        #expect(!GradleSourceFolders.isInSourceSet("a/src/main/javas/B.java"))
        #expect(GradleSourceFolders.isInSourceSet("äpp/src/mäin/kotlin/B.kt"))
        #expect(!GradleSourceFolders.isInSourceSet("äpp/src/B.kt"))
    }

    @Test("java and kotlin source folders in each spelling; res, aidl and computed folders are not")
    func declared() {
        let groovy = """
            android {
              sourceSets {
                main {
                  manifest.srcFile 'AndroidManifest.xml'
                  java.srcDirs = ['src', "gen"]
                  res.srcDirs = ['res']
                  aidl.srcDirs = ['src']
                  // java.srcDirs = ['commented']
                }
                debug.java.srcDir 'debug-src'
                release { java { srcDirs += 'release-src' } }
                other.java.srcDirs = ["$projectDir/computed"]
              }
            }
            """
        #expect(GradleSourceFolders.declaredFolders(in: groovy) == ["src", "gen", "debug-src", "release-src"])
        let kotlin = """
            android.sourceSets["main"].kotlin.srcDirs("src/main/extra", file("more"))
            android.sourceSets.getByName("main").java.setSrcDirs(listOf("legacy/java"))
            """
        #expect(GradleSourceFolders.declaredFolders(in: kotlin, language: .kotlin) == ["src/main/extra", "more", "legacy/java"])
    }

    @Test("a folder's literal as the build file's language reads it: brackets, quotes and srcDirs in strings, interpolation")
    func declaredInStrings() {
        let groovy = """
            println "java.srcDirs = ['printed']"
            java.srcDirs = ["a]b", 'c)d', "e\\"f", '''g''', 'h' /* ] 'i' */, 'j']
            kotlin.srcDir "k" // ) 'l'
            java.srcDirs += ["${gen("m")}", "n"]
            java.srcDir '$literal'
            """
        #expect(GradleSourceFolders.declaredFolders(in: groovy) == ["a]b", "c)d", #"e\"f"#, "g", "h", "j", "k", "n", "$literal"])
        let kotlin = #"""
            val note = "kotlin.srcDirs(\"printed\")"
            kotlin.srcDirs("${layout.buildDirectory.get()}/gen", "src/main/x(1)", """raw""")
            java.setSrcDirs(listOf("$rootDir/shared", "y"))
            """#
        #expect(GradleSourceFolders.declaredFolders(in: kotlin, language: .kotlin) == ["src/main/x(1)", "raw", "y"])
    }
}
