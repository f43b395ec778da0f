import Testing

@testable import AppContents

/// Names built from literal parts: what each language's joins and interpolations fix of the name.
@Suite("BuiltSoundName: heads and tails of names built at run time")
struct BuiltSoundNameTests {
    /// The names `line` builds, as `head*tail`.
    private func built(_ line: String, _ language: CodeLanguage) -> [String] {
        BuiltSoundName.names(in: Substring(line), language: language).map { "\($0.head)*\($0.tail)" }
    }

    @Test("joins and interpolations, in each language")
    func parts() {
        #expect(built("startRingtone('calls_' + tone);", .javaScript) == ["calls_*"])
        #expect(built("startRingtone(`calls_${t}`);", .javaScript) == ["calls_*"])
        #expect(built("let s = \"alert_\" + i + \".caf\"", .swift) == ["alert_*.caf"])
        #expect(built("UNNotificationSound(named: UNNotificationSoundName(\"\\(prefix)\\(name).caf\"))", .swift) == ["*.caf"])
        #expect(built("Payload(sound=f\"alert_{i}.caf\")", .python) == ["alert_*.caf"])
        #expect(built("Payload(sound=f\"alert_{{x}}{i}.caf\")", .python) == ["alert_{{x}}*.caf"], "{{ is a brace")
        #expect(built("val uri = \"calls_$t\"", .kotlin) == ["calls_*"])
        #expect(built("AssetSource('sounds/calls_$t')", .dart) == ["calls_*"], "a folder names no file")
        #expect(built("var s = $\"alert_{i}.wav\";", .cSharp) == ["alert_*.wav"])
        #expect(built("String s = name + \".mp3\";", .java) == ["*.mp3"])
    }

    @Test("a whole literal, a short head, a join to no name and a comment build nothing")
    func notBuilt() {
        #expect(built("play('chime.caf')", .javaScript) == [])
        #expect(built("play('a' + x)", .javaScript) == [], "one letter names too much")
        #expect(built("let s = \"Hello, \" + name", .swift) == ["Hello, *"], "built, but no shipped file starts so")
        #expect(built("// startRingtone('calls_' + tone)", .javaScript) == [])
        #expect(built("x = 'a' + 1", .python) == [])
    }

    @Test("a built name matches the files it can build")
    func matching() {
        let ring = BuiltSoundName(head: "calls_", tail: "", literal: "calls_")
        #expect(ring.matches("calls_ring.mp3") && ring.matches("calls_2.caf"))
        #expect(!ring.matches("calls_") && !ring.matches("call_ring.mp3"))
        let caf = BuiltSoundName(head: "", tail: ".caf", literal: ".caf")
        #expect(caf.matches("ding.caf") && caf.matches("DING.CAF") && !caf.matches("ding.mp3"))
    }

    @Test("the search finds each stem's heads and each extension closing a literal")
    func tokens() {
        let tokens = BuiltSoundName.searchTokens(forSoundFiles: ["calls_ring.mp3", "alert12.caf", "x.wav"])
        #expect(tokens.contains("calls_") && tokens.contains("alert") && tokens.contains(".mp3'") && tokens.contains(".caf\""))
        #expect(!tokens.contains("x") && !tokens.contains("ca"))
    }

    @Test("the variable a built name is kept in, and the call it is passed to a few lines on")
    func passedOn() {
        #expect(BuiltSoundName.assignedVariable(in: "  const tone = 'calls_' + value.toLowerCase();") == "tone")
        #expect(BuiltSoundName.assignedVariable(in: "    sound = \"\\(sound).caf\"") == "sound")
        #expect(BuiltSoundName.assignedVariable(in: "let tone: String = \"calls_\" + t") == "tone")
        #expect(BuiltSoundName.assignedVariable(in: "config.ringtoneSound = name + \".mp3\"") == "ringtoneSound")
        #expect(BuiltSoundName.assignedVariable(in: "if tone == 'calls_' + t {") == nil)
        #expect(BuiltSoundName.assignedVariable(in: "play('calls_' + t)") == nil)
        let code = Array("const tone = 'calls_' + v;\nawait stop();\nconst other = tone2;\nawait startRingtone(tone, 0);\n".utf8)
        let firstLineEnd = code.firstIndex(of: UInt8(ascii: "\n"))!
        #expect(CallPurpose.shown(passing: "tone", in: code[...], after: firstLineEnd) == .app)
        #expect(CallPurpose.shown(passing: "other", in: code[...], after: firstLineEnd) == nil, "used by no call")
        let far = Array(("x = 'calls_' + v\n" + String(repeating: "pass\n", count: 7) + "startRingtone(x)\n").utf8)
        #expect(CallPurpose.shown(passing: "x", in: far[...], after: far.firstIndex(of: UInt8(ascii: "\n"))!) == nil, "too far on")
    }
}
