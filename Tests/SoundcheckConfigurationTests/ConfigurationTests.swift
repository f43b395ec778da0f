import Foundation
import SoundPolicy
import SoundcheckConfiguration
import Testing

@Suite("Configuration files")
struct ConfigurationTests {
    private func parse(_ text: String, file: String = "app/.soundcheck.yml") throws -> Configuration {
        try Configuration.parse(text, file: file)
    }

    /// The error `text` gives, or nil when it parses.
    private func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try Configuration.parse(text, file: "c.yml")
            return nil
        } catch {
            return error
        }
    }

    @Test("every key is read, paths relative to the file's folder")
    func everyKey() throws {
        let configuration = try parse(
            """
            max-duration: 20.5
            warn-over: 5
            strict: true
            paths: [Sounds, /abs/App.xcodeproj]
            include: "*/Sounds"
            exclude: ["*/Pods/*", "*/build/*"]
            container: Build/Container
            groups:
              - Build/Group1
              - Build/Group2
            bundle: Build/App.app
            rules:
              long-for-banner: error
              unusual-format: off
              too-long: warning
            ignore:
              - path: Sounds/legacy-*.caf
                codes: [too-long, unusual-format]
              - path: [a.wav, b.wav]
                codes: truncated
            platforms: android
            notification-sounds: ["Sounds/*.caf", alarm.wav]
            listen: true
            loudness-target: -18.5
            quiet-margin: 12
            late-start: 0.25
            max-true-peak: -1
            """)
        #expect(configuration.listens == true)
        #expect(configuration.loudnessTarget == -18.5)
        #expect(configuration.quietMargin == 12)
        #expect(configuration.lateStart == 0.25)
        #expect(configuration.maxTruePeak == -1)
        #expect(configuration.maxDuration == 20.5)
        #expect(configuration.bannerDuration == 5)
        #expect(configuration.isStrict == true)
        #expect(configuration.paths == ["app/Sounds", "/abs/App.xcodeproj"])
        #expect(configuration.include == ["*/Sounds"])
        #expect(configuration.exclude == ["*/Pods/*", "*/build/*"])
        #expect(configuration.container == "app/Build/Container")
        #expect(configuration.groups == ["app/Build/Group1", "app/Build/Group2"])
        #expect(configuration.bundle == "app/Build/App.app")
        #expect(configuration.rules == [.longForBanner: .error, .unusualFormat: .off, .tooLong: .warning])
        #expect(
            configuration.exemptions == [
                Exemption(pattern: "Sounds/legacy-*.caf", codes: [.tooLong, .unusualFormat], folder: "app"),
                Exemption(pattern: "a.wav", codes: [.truncated], folder: "app"),
                Exemption(pattern: "b.wav", codes: [.truncated], folder: "app"),
            ])
        #expect(configuration.platforms == "android")
        #expect(
            configuration.notificationSounds == [
                PathGlob(pattern: "Sounds/*.caf", folder: "app"), PathGlob(pattern: "alarm.wav", folder: "app"),
            ])
    }

    @Test("notification-sounds: its globs hold a sound whose purpose is unknown to the notification rules")
    func notificationSounds() throws {
        let configuration = try parse("notification-sounds: \"Sounds/*.caf\"\n")
        let policy = configuration.policy(overriding: Policy(), flags: PolicyFlags())
        #expect(policy.holdsToNotificationRules("app/Sounds/ring.caf"))
        #expect(!policy.holdsToNotificationRules("app/Effects/boom.caf"))
        // What would fail a sound nothing names is a warning, unless a glob covers it.
        let failing = Verdict(
            description: nil, findings: [Finding(code: .unsupportedContainer, message: "this is an MP3 file")], passed: false)
        let covered = policy.withPurposeUncertain(failing, path: "app/Sounds/ring.caf")
        #expect(!covered.demoted && covered.verdict.findings.map(\.severity) == [.error])
        let uncovered = policy.withPurposeUncertain(failing, path: "app/Effects/boom.caf")
        #expect(uncovered.demoted && uncovered.verdict.passed)
        #expect(uncovered.verdict.findings.map(\.message) == ["if it is a notification sound: this is an MP3 file"])
    }

    @Test("an empty file, a file of comments and keys with no value set nothing")
    func empty() throws {
        #expect(try parse("") == Configuration(file: "app/.soundcheck.yml"))
        #expect(try parse("# nothing\n") == Configuration(file: "app/.soundcheck.yml"))
        #expect(try parse("rules:\ncontainer:\n") == Configuration(file: "app/.soundcheck.yml"))
        #expect(try parse("paths: [x]", file: ".soundcheck.yml").paths == ["x"], "a file in the current folder adds no prefix")
    }

    @Test("the starter file `init` writes parses to Apple's defaults")
    func starter() throws {
        var expected = Configuration(file: ".soundcheck.yml")
        expected.maxDuration = 30
        expected.isStrict = false
        #expect(try parse(Configuration.starterText, file: ".soundcheck.yml") == expected)
        for key in Configuration.keys { #expect(Configuration.starterText.contains("\(key):"), "the starter shows \(key)") }
    }

    @Test("unknown keys and bad values name the file, the line and the key")
    func errors() {
        let cases: [(String, Int?, String?, String)] = [
            ("strict: true\nmax-duraton: 3\n", 2, "max-duraton", "unknown key (did you mean max-duration?)"),
            ("colour: red\n", 1, "colour", "unknown key; the keys are max-duration, warn-over"),
            ("max-duration: long\n", 1, "max-duration", "expected a positive number of seconds, found 'long'"),
            ("max-duration: -2\n", 1, "max-duration", "positive number"),
            ("max-duration: .inf\n", 1, "max-duration", "positive number"),
            ("\n\nwarn-over: [1]\n", 3, "warn-over", "found a list"),
            ("strict: maybe\n", 1, "strict", "expected true or false, found 'maybe'"),
            ("paths: {a: 1}\n", 1, "paths", "expected a string or a list of strings, found a mapping"),
            ("exclude: [a, [b]]\n", 1, "exclude", "found a list in it"),
            ("container: ''\n", 1, "container", "non-empty string"),
            ("rules:\n  too-loong: off\n", 2, "rules", "'too-loong' is no finding code"),
            ("rules:\n  too-long: never\n", 2, "rules.too-long", "expected error, warning or off, found 'never'"),
            ("rules: [too-long]\n", 1, "rules", "expected a mapping"),
            ("ignore:\n  - path: a.caf\n", 2, "ignore[1]", "no codes"),
            ("ignore:\n  - codes: [too-long]\n", 2, "ignore[1]", "no path"),
            ("ignore:\n  - path: a.caf\n    codes: [too-long, nope]\n", 3, "ignore[1].codes", "'nope' is no finding code"),
            ("ignore:\n  - path: a.caf\n    codes: []\n", 3, "ignore[1].codes", "at least one"),
            ("ignore:\n  - path: a.caf\n    code: too-long\n", 3, "ignore[1].code", "unknown key"),
            ("ignore: a.caf\n", 1, "ignore", "expected a list"),
            ("notification-sounds: {a: 1}\n", 1, "notification-sounds", "expected a string or a list of strings, found a mapping"),
            ("notification-sounds: [a, [b]]\n", 1, "notification-sounds", "found a list in it"),
            ("- a\n- b\n", 1, nil, "expected a mapping of settings"),
            ("strict: true\nstrict: false\n", nil, "strict", "given more than once"),
            ("paths: [a\n", nil, nil, "not valid YAML"),
            ("a: b: c\n", 1, nil, "not valid YAML"),
            ("listen: loud\n", 1, "listen", "expected true or false, found 'loud'"),
            ("loudness-target: 3\n", 1, "loudness-target", "expected a number of LUFS from -70 to 0, found '3'"),
            ("loudness-target: [-16]\n", 1, "loudness-target", "found a list"),
            ("quiet-margin: -1\n", 1, "quiet-margin", "expected a number of LU from 0 to 70"),
            ("late-start: 0\n", 1, "late-start", "positive number of seconds"),
            ("max-true-peak: loud\n", 1, "max-true-peak", "expected a number of dBTP from -20 to 6, found 'loud'"),
        ]
        for (text, line, key, problem) in cases {
            let found = error(text)
            #expect(found != nil, "\(text) is refused")
            guard let found else { continue }
            #expect(found.file == "c.yml")
            if let line { #expect(found.line == line, "\(text): \(found)") }
            #expect(found.key == key, "\(text): \(found)")
            #expect(found.problem.contains(problem), "\(text): \(found)")
            #expect(found.description.hasPrefix("c.yml:"), "\(found)")
        }
    }

    @Test("flags win over the file, the file over the defaults")
    func precedence() throws {
        let configuration = try parse("max-duration: 10\nwarn-over: 4\nstrict: true\nrules: {truncated: off}\n")
        let defaults = configuration.policy(overriding: Policy(), flags: PolicyFlags())
        #expect(defaults == Policy(maxDuration: 10, bannerDuration: 4, isStrict: true, rules: [.truncated: .off]))
        let flagged = configuration.policy(
            overriding: Policy(maxDuration: 20, bannerDuration: nil, isStrict: false),
            flags: PolicyFlags(maxDuration: true, bannerDuration: false, strict: true))
        #expect(flagged == Policy(maxDuration: 20, bannerDuration: 4, isStrict: false, rules: [.truncated: .off]))
    }

    @Test("listening: flags win over the file, the file over the defaults, setting by setting")
    func listeningPrecedence() throws {
        let configuration = try parse("listen: true\nloudness-target: -20\nquiet-margin: 6\nlate-start: 1\nmax-true-peak: -2\n")
        let defaults = configuration.policy(overriding: Policy(), flags: PolicyFlags())
        #expect(defaults.listening == ListeningRules(isOn: true, target: -20, quietMargin: 6, lateStart: 1, maxTruePeak: -2))
        var flagged = Policy()
        flagged.listening = ListeningRules(isOn: false, target: -14, quietMargin: 10, lateStart: 0.5, maxTruePeak: 0)
        var flags = PolicyFlags()
        (flags.listen, flags.loudnessTarget) = (true, true)
        let mixed = configuration.policy(overriding: flagged, flags: flags)
        #expect(mixed.listening == ListeningRules(isOn: false, target: -14, quietMargin: 6, lateStart: 1, maxTruePeak: -2))
        #expect(
            Policy().listening
                == ListeningRules(isOn: false, target: ListeningRules.defaultTarget, quietMargin: 10, lateStart: 0.5, maxTruePeak: 0))
        #expect(configuration.policy(overriding: flagged, flags: .all).listening == flagged.listening, "fix's flags: the file changes none")
    }

    @Test("a missing or unreadable file is an error naming it")
    func unreadable() {
        #expect(throws: ConfigurationError.self) { try Configuration.read("/nonexistent/.soundcheck.yml") }
        do {
            _ = try Configuration.read("/nonexistent/.soundcheck.yml")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/.soundcheck.yml: cannot be read"))
        }
    }

    @Test("a file that is not UTF-8 is an error naming it")
    func notUTF8() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".soundcheck.yml")
        try Data(Array("max-duration: 20\nstrict: ".utf8) + [0xC3, 0x28, 0x0A]).write(to: file)
        #expect(throws: ConfigurationError.self) { try Configuration.read(file.path) }
        do {
            _ = try Configuration.read(file.path)
        } catch {
            #expect(error.description == "\(file.path): is not UTF-8 text")
        }
        try Data(Array("max-duration: 20\n# caf\u{E9}\n".utf8)).write(to: file)
        #expect(try Configuration.read(file.path).maxDuration == 20)
    }
}
