import Foundation
import TestSupport
import Testing

/// An Expo config in JavaScript that spells out its sounds is judged as its JSON would be, and the
/// sounds a React Native or Expo app bundles through `require`/`import` ship in the app.
@Suite("validate: Expo configs in JavaScript, and sounds the JavaScript bundles")
struct ExpoScriptConfigTests {
    @Test("app.config.js with literal sounds is judged like app.json; a computed one keeps its note")
    func literalConfig() throws {
        let script = try RepositoryFixture()
        let json = try RepositoryFixture()
        defer {
            script.remove()
            json.remove()
        }
        // As a public Expo app ships an MP3 as its notification sound.
        try script.write(
            "// app.config.js\nmodule.exports = () => ({\n  name: 'a',\n  plugins: [\n    ['expo-notifications', { icon: './icon.png', sounds: ['./src/assets/audio/message.mp3'] }],\n  ],\n});\n",
            at: "app.config.js")
        try json.write(
            #"{"expo": {"name": "a", "plugins": [["expo-notifications", {"sounds": ["./src/assets/audio/message.mp3"]}]]}}"#, at: "app.json"
        )
        for repository in [script, json] { try repository.add(.mp3, at: "src/assets/audio/message.mp3") }
        let fromScript = try script.validateJSON()
        let fromJSON = try json.validateJSON()
        #expect(fromScript.status == 1)
        let sound = try #require(fromScript.files["src/assets/audio/message.mp3"])
        #expect(sound["platform"] as? String == "both")
        #expect(sound["purpose"] as? String == "notification")
        #expect(sound.codes == fromJSON.files["src/assets/audio/message.mp3"]?.codes)
        #expect(sound.codes.contains("unsupported-container"), "\(sound.codes)")
        #expect(fromScript.files["app.config.js"] == nil, "read: no config-not-read note")
        // Named on the command line, it is read as app.json is.
        let direct = try Soundcheck.run(["validate", "app.config.js"], in: script.root.path)
        #expect(direct.status == 1)
        #expect(direct.stdout.contains("src/assets/audio/message.mp3"), "\(direct.stdout)\(direct.stderr)")

        // The same config computing its list: a note, as before, and the MP3 is left to the walk.
        try script.write(
            "const sounds = ['./src/assets/audio/message.mp3'];\nmodule.exports = { plugins: [['expo-notifications', { sounds }]] };\n",
            at: "app.config.js")
        let computed = try script.validateJSON()
        #expect(computed.files["app.config.js"]?.codes == ["config-not-read"])
        #expect(computed.files["src/assets/audio/message.mp3"]?["purpose"] as? String != "notification")
        let typed = try Soundcheck.run(["validate", "app.config.js"], in: script.root.path)
        #expect(typed.status == 2)
        #expect(typed.stderr.contains("npx expo config --json > app.config.json"))
    }

    @Test("a sound the app's JavaScript requires or imports ships as the app's own sound: no not-shipped warning")
    func requiredSounds() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"expo": {"name": "a"}}"#, at: "app.json")
        try repository.write(
            "import { Audio } from 'expo-av';\nexport async function tap() {\n  const { sound } = await Audio.Sound.createAsync(require('./assets/tap.mp3'));\n  await sound.playAsync();\n}\n",
            at: "App.tsx")
        try repository.write("import bell from '../assets/bell.wav';\nexport default bell;\n", at: "src/Bell.ts")
        try repository.add(.mp3, at: "assets/tap.mp3")
        try repository.add(.mp3, at: "assets/bell.wav")
        try repository.add(.mp3, at: "assets/unused.mp3")
        // A test's fixture is no app's code: what it requires does not ship.
        try repository.write("const s = require('../assets/fixture.mp3');\n", at: "__tests__/sound.test.ts")
        try repository.add(.mp3, at: "assets/fixture.mp3")
        let (status, files) = try repository.validateJSON()
        for (path, place) in [("assets/tap.mp3", "App.tsx:3"), ("assets/bell.wav", "src/Bell.ts:1")] {
            let file = try #require(files[path])
            #expect(file.codes == ["app-sound"], "\(path): \(file.codes)")
            #expect(file["platform"] as? String == "both")
            #expect(file["purpose"] as? String == "app")
            #expect(file["verdict"] as? String == "pass")
            let message = (file["findings"] as? [[String: Any]])?.first?["message"] as? String ?? ""
            #expect(message.contains("required at \(place)"), "\(message)")
        }
        #expect(files["assets/unused.mp3"]?.codes.contains("not-shipped") == true)
        #expect(files["assets/fixture.mp3"]?.codes.contains("not-shipped") == true)
        #expect(status == 0, "a warning does not fail")
        // --no-names reads no code: nothing shows the sound is bundled.
        let unread = try repository.validateJSON(["--no-names"])
        #expect(unread.files["assets/tap.mp3"]?.codes.contains("not-shipped") == true)
    }
}
