import Testing

@testable import AppContents

/// An Expo config in JavaScript or TypeScript is read, never run, where it spells out the
/// `expo-notifications` plugin's sounds as string literals; anything it computes leaves it unread.
@Suite("Expo config scripts")
struct ExpoConfigScriptTests {
    private func sounds(_ text: String) -> [String]? {
        ExpoConfigScript.pluginSounds(in: Array(text.utf8))
    }

    @Test("literal sounds in each spelling: quotes, a template, comments, trailing commas, other values computed")
    func literals() {
        // As a public Expo app writes it (app.config.js).
        #expect(
            sounds(#"module.exports = { expo: { plugins: [["expo-notifications", { sounds: ["./src/assets/audio/message.mp3"] }]] } };"#)
                == ["./src/assets/audio/message.mp3"])
        #expect(
            sounds(
                """
                import { ExpoConfig } from 'expo/config';
                const color = process.env.COLOR; // sounds: ['./not/this.wav']
                export default ({ config }: { config: ExpoConfig }) => ({
                  ...config,
                  plugins: [
                    'expo-router',
                    /* ["expo-notifications", { sounds: [] }] */
                    [
                      'expo-notifications',
                      {
                        icon: './assets/icon.png',
                        color,
                        'sounds': [`./assets/a.wav`, "./assets/b.caf",],
                        nested: { sounds: ['./x.wav'] },
                      },
                    ],
                  ],
                });
                """) == ["./assets/a.wav", "./assets/b.caf"])
        #expect(sounds(#"export default { plugins: [["expo-notifications", { "sounds": [] }]] };"#) == [])
    }

    @Test("computed sounds, options or plugin entries are not read")
    func computed() {
        #expect(sounds(#"const SOUNDS = ['./a.wav']; export default { plugins: [['expo-notifications', { sounds: SOUNDS }]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', { sounds: [...base, './a.wav'] }]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', { sounds: [`./${name}.wav`] }]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', { sounds: [path.join('a', 'b.wav')] }]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', options]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', { ...options }]] };"#) == nil)
        #expect(sounds(#"export default { plugins: [['expo-notifications', { icon: './i.png' }]] };"#) == nil)
        // Named without options: another entry the config spreads in may hold the sounds.
        #expect(sounds("export default ({ config }) => ({ ...config, plugins: ['expo-notifications'] });") == nil)
        #expect(sounds("export default {};") == nil)
        let twice =
            #"export default { plugins: [dev ? ['expo-notifications', { sounds: ['./a.wav'] }] : ['expo-notifications', { sounds: ['./b.wav'] }]] };"#
        #expect(sounds(twice) == nil)
    }

    @Test("strings and comments as JavaScript reads them: `//` in a string, a quote in a comment or a regular expression, templates")
    func lexed() {
        let plugin = "export default { plugins: [['expo-notifications', { sounds: ['./a.wav'] }]] };"
        // A string that holds comment markers, a comment that holds quotes.
        #expect(
            sounds(
                """
                // Don't run this: "it's read as text"
                /* the 'sounds' below ship */ export default { plugins: [['expo-notifications', {
                  icon: 'https://example.com/*/icon.png', // an icon's URL
                  sounds: ['./s//a.wav', "./s/b.wav" /* "./s/c.wav" */],
                }]] };
                """) == ["./s//a.wav", "./s/b.wav"])
        // A quote in a regular expression opens no string; a regular expression is no sound.
        #expect(sounds("const quoted = /\"/;\n" + plugin) == ["./a.wav"])
        #expect(sounds("export default { plugins: [['expo-notifications', { sounds: [/'.wav/] }]] };") == nil)
        // A template's code may hold strings with quotes of every kind.
        #expect(sounds("const tick = `${\"`\"}`;\n" + plugin) == ["./a.wav"])
        #expect(sounds("const name = `${flavor === 'dev' ? `dev-${n}` : \"prod\"}`;\n" + plugin) == ["./a.wav"])
        // An escaped quote is the string's; `\(` is nothing special in JavaScript.
        let escaped = #"export default { plugins: [['expo-notifications', { sounds: ['./it\'s.wav', "./\(1).wav"] }]] };"#
        #expect(sounds(escaped) == ["./it's.wav", "./(1).wav"])
        // The plugin named in a comment or inside another string is not the plugin.
        #expect(sounds("const doc = \"['expo-notifications', { sounds: ['./x.wav'] }]\";\n" + plugin) == ["./a.wav"])
    }

    @Test(
        "random JavaScript and Swift: tokens never crash, and a comment in code blanked out changes none",
        arguments: [CodeLanguage.javaScript, .swift])
    func randomTexts(_ language: CodeLanguage) {
        /// True when the lexer reads a regular expression in `bytes`: whether a `/` opens one
        /// depends on the code before it, which a blanked comment changes.
        func hasRegularExpression(_ bytes: [UInt8]) -> Bool {
            let lexer = CodeLexer(bytes[...], language: language)
            lexer.lexAll()
            return lexer.spans.contains { $0.kind == .regularExpression }
        }
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        let pieces = [
            "'", "\"", "`", "${", "}", "\\(", ")", "\\", "//", "/*", "*/", "#\"", "\"#", "\n", " ", "a", "...", ":", ",", "[", "webDir",
            "require(", "sounds", "/", "=",
        ]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            let tokens = ScriptTokens(bytes, language: language).all
            // Every comment outside a literal (not in a template's code) made spaces, its line ends kept.
            let lexer = CodeLexer(bytes[...], language: language)
            lexer.lexAll()
            let literals = lexer.literals(in: 0..<bytes.count).map { $0.start..<$0.end }
            var blanked = bytes
            let comments = lexer.spans.filter { $0.kind == .lineComment || $0.kind == .blockComment }
            for span in comments where !literals.contains(where: { $0.contains(span.start) }) {
                for index in span.start..<min(span.end, bytes.count) where bytes[index] != UInt8(ascii: "\n") {
                    blanked[index] = UInt8(ascii: " ")
                }
            }
            _ = KeyedStringValue.value(of: "webDir", in: text, language: language)
            _ = ScriptAssetImports.relativeSoundPaths(in: bytes)
            guard !hasRegularExpression(bytes), !hasRegularExpression(blanked) else { continue }
            compared += 1
            #expect(ScriptTokens(blanked, language: language).all == tokens, "\(text)")
        }
        #expect(compared > 500)
    }

    @Test("a script config reads as an ExpoConfig, its paths from its folder")
    func config() throws {
        let config = try #require(
            ExpoConfig(
                script: Array(#"export default { plugins: [['expo-notifications', { sounds: ['./s/a.wav'] }]] };"#.utf8),
                path: "app/app.config.ts"))
        #expect(config.sounds == ["./s/a.wav"])
        #expect(config.location(of: "./s/a.wav") == "app/s/a.wav")
        #expect(config.isExpoConfig && config.usesNotificationsPlugin)
    }

    @Test("the sounds a script requires or imports by a relative path, on their lines")
    func requiredSounds() {
        let text = """
            import tap from './assets/tap.mp3';
            import { Audio } from 'expo-av';
            const bell = require("../sounds/bell.wav");
            const later = await import('./late.m4a');
            const aliased = require('@/assets/alias.mp3');
            const notSound = require('./data.json');
            unrequire('./x.mp3'); fromFile('./y.mp3');
            """
        #expect(
            ScriptAssetImports.relativeSoundPaths(in: Array(text.utf8)).map { "\($0.path):\($0.line)" } == [
                "./assets/tap.mp3:1", "../sounds/bell.wav:3", "./late.m4a:4",
            ])
    }

    @Test("a require or import in a comment or a string is none; the path is the literal as JavaScript reads it")
    func requiredSoundsLexed() {
        let text = """
            // const old = require('./commented.mp3');
            /* import gone from './gone.wav'; */
            const doc = "call require('./quoted.mp3') to play it";
            const bell = require(/* the door */ './bell.wav');
            const quote = require('./it\\'s.mp3');
            const computed = require(`./${name}.mp3`);
            const chime = require(`./chime.caf`);
            """
        #expect(
            ScriptAssetImports.relativeSoundPaths(in: Array(text.utf8)).map { "\($0.path):\($0.line)" } == [
                "./bell.wav:4", "./it's.mp3:5", "./chime.caf:7",
            ])
    }
}
