import Foundation
import TestSupport
import Testing

@Suite("soundcheck inventory and resolve --inventory")
struct InventoryTests {
    /// Names that reach every branch of a resolve: each shipped name, another case, no
    /// extension, another extension, a subfolder's file, a path, a folder named like a sound,
    /// nothing at all, and the default.
    static let names = [
        "Ding.caf", "ding.caf", "DING.CAF", "alert.caf", "bell.aiff", "Bell.AIFF", "bell", "bell.caf", "Broken.caf", "missing.caf",
        "Sounds/x.caf", "Welcome.caf", "default",
    ]

    /// The answer to `name` over `folderArguments` and over the inventory at `inventory`, as JSON
    /// objects; the inventory's one extra hint (only the device knows) is checked and removed.
    private func answers(_ arguments: [String], folders folderArguments: [String], inventory: String) throws
        -> (folders: NSDictionary, inventory: NSDictionary, status: (Int32, Int32))
    {
        let folders = try Soundcheck.run(["resolve"] + arguments + folderArguments + ["--format", "json"])
        let fromInventory = try Soundcheck.run(["resolve"] + arguments + ["--inventory", inventory, "--format", "json"])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(folders.stdout.utf8)) as? NSDictionary)
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(fromInventory.stdout.utf8), options: .mutableContainers) as? NSMutableDictionary)
        var hints = answer["hints"] as? [String] ?? []
        if expected["reason"] as? String == "not-found" {
            #expect(hints.last?.contains("only the device knows") == true, "\(arguments)")
            hints.removeAll { $0.contains("only the device knows") }
        }
        answer["hints"] = hints
        return (expected, answer, (folders.status, fromInventory.status))
    }

    private func roundTrip(bundle: String, inventory: String) throws {
        for name in Self.names {
            for extra in [[], ["--critical"], ["--sounds", "off"], ["--critical", "--critical-alerts", "off"]] {
                let (folders, answer, status) = try answers([name] + extra, folders: ["--bundle", bundle], inventory: inventory)
                #expect(answer == folders, "\(name) \(extra)")
                #expect(status.0 == status.1, "\(name) \(extra)")
            }
        }
        let body = #"[{"aps":{"sound":"bell.aiff"}},{"aps":{"sound":{"critical":1,"name":"Ding.caf","volume":0.5}}},{"to":"t","notification":{"sound":"bell"}}]"#
        let folders = try Soundcheck.run(["resolve", "--payload", body, "--bundle", bundle, "--format", "json"])
        let answers = try Soundcheck.run(["resolve", "--payload", body, "--inventory", inventory, "--format", "json"])
        #expect(answers.status == folders.status)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(answers.stdout.utf8)) as? [NSDictionary])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(folders.stdout.utf8)) as? [NSDictionary])
        #expect(parsed.map { $0["path"] as? String } == expected.map { $0["path"] as? String })
        #expect(parsed.map { $0["reason"] as? String } == expected.map { $0["reason"] as? String })
    }

    @Test("a built .app: every name resolves through its inventory as through its folder")
    func appBundle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Example.app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "Samples/App/Example.app", toPath: app.path)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "Samples/valid/caf-ulaw-mono-8000.caf", toPath: app.appendingPathComponent("Sounds/Welcome.caf").path)
        let inventory = folder.appendingPathComponent("inventory.json").path
        let written = try Soundcheck.run(["inventory", app.path, "--output", inventory])
        #expect(written.status == 0, "\(written.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: inventory))) as? NSDictionary)
        #expect(document["formatVersion"] as? Int == 1)
        let sounds = try #require(((document["apps"] as? [NSDictionary])?.first?["sounds"]) as? [NSDictionary])
        #expect(Set(sounds.map { "\($0["name"]!) \($0["location"]!) \($0["passed"] as? Bool == true)" }) == [
            "Ding.caf bundle true", "alert.caf bundle false", "bell.aiff bundle true", "Broken.caf bundle false", "Welcome.caf bundle-subfolder true",
        ])
        try roundTrip(bundle: app.path, inventory: inventory)
        // The identity comes from the bundle's Info.plist, binary as Xcode writes it.
        let info = ["CFBundleIdentifier": "com.example.app", "CFBundleShortVersionString": "2.1", "CFBundleVersion": "42"]
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0).write(to: app.appendingPathComponent("Info.plist"))
        let identified = try Soundcheck.run(["inventory", app.path])
        let first = try #require(((try JSONSerialization.jsonObject(with: Data(identified.stdout.utf8)) as? NSDictionary)?["apps"] as? [NSDictionary])?.first)
        #expect(first["identifier"] as? String == "com.example.app")
        #expect(first["version"] as? String == "2.1")
        #expect(first["build"] as? String == "42")
    }

    @Test("an .ipa: every name resolves through its inventory as through the archive read in place")
    func appArchive() throws {
        let inventory = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: inventory) }
        #expect(try Soundcheck.run(["inventory", "Samples/Projects/Example.ipa", "-o", inventory]).status == 0)
        try roundTrip(bundle: "Samples/Projects/Example.ipa", inventory: inventory)
    }

    @Test("an Xcode project: each app target with what it copies, judged as validate judges it; a bundle built from it resolves alike")
    func xcodeProject() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let project = "Samples/Projects/Example/Example.xcodeproj"
        let listed = try Soundcheck.run(["inventory", project])
        #expect(listed.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? NSDictionary)
        let apps = try #require(document["apps"] as? [NSDictionary])
        #expect(apps.map { $0["name"] as? String } == ["Example", "NotificationService"])
        // Each sound passes in the inventory exactly when validate passes its source for that target.
        let validated = try Soundcheck.run(["validate", project, "--format", "json"])
        let files = try #require((try JSONSerialization.jsonObject(with: Data(validated.stdout.utf8)) as? NSDictionary)?["files"] as? [NSDictionary])
        let example = try #require(apps.first?["sounds"] as? [NSDictionary])
        #expect(example.contains { $0["name"] as? String == "long.aifc" && $0["passed"] as? Bool == false })
        #expect(example.contains { $0["name"] as? String == "alert.wav" && $0["location"] as? String == "bundle-subfolder" })
        let ofExample = files.filter { $0["target"] as? String == "Example" }
        let failing = Set(ofExample.filter { $0["verdict"] as? String == "fail" }.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } })
        for sound in example where sound["passed"] as? Bool == false {
            #expect(failing.contains(sound["name"] as? String ?? ""), "\(sound)")
        }
        // The bundle the Example target builds, made from the sources validate names: it resolves as its inventory does.
        let bundle = folder.appendingPathComponent("Example.app")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Alerts"), withIntermediateDirectories: true)
        for file in ofExample {
            let source = try #require(file["path"] as? String)
            guard FileManager.default.fileExists(atPath: source) else { continue }
            let name = URL(fileURLWithPath: source).lastPathComponent
            let landing = name == "alert.wav" ? "Alerts/alert.wav" : name
            if !FileManager.default.fileExists(atPath: bundle.appendingPathComponent(landing).path) {
                try FileManager.default.copyItem(atPath: source, toPath: bundle.appendingPathComponent(landing).path)
            }
        }
        for name in ["ding.caf", "chime.caf", "alert.wav", "Chime.caf", "ding"] {
            let folders = try Soundcheck.run(["resolve", name, "--bundle", bundle.path])
            let fromInventory = try Soundcheck.run(["resolve", name, "--inventory", "-", "--app", "Example"], input: Data(listed.stdout.utf8))
            #expect(folders.status == fromInventory.status, "\(name)")
            #expect(
                fromInventory.stdout.split(separator: "\n").first?.split(separator: " ").prefix(4).last
                    == folders.stdout.split(separator: "\n").first?.split(separator: " ").prefix(4).last, "\(name)")
        }
        let ambiguous = try Soundcheck.run(["resolve", "ding.caf", "--inventory", "-"], input: Data(listed.stdout.utf8))
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("the inventory holds 2 ios apps (Example, NotificationService); choose one by name"))
    }

    @Test("Android: a repository's res/raw resolves through its inventory as through the folder")
    func android() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "android/app/src/main/res/raw/chime.wav")
        try repository.add(.aiff, at: "android/app/src/main/res/raw/bell.aiff")
        try repository.write("<resources/>", at: "android/app/src/main/res/raw/keep.xml")
        try repository.write(
            "android {\n  defaultConfig {\n    applicationId \"com.example.chimes\" // the store's id\n    versionCode flutter.versionCode\n    versionName \"3.0\"\n  }\n}\n",
            at: "android/app/build.gradle")
        let inventory = repository.root.appendingPathComponent("inventory.json").path
        #expect(try Soundcheck.run(["inventory", repository.root.path, "-o", inventory]).status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: inventory))) as? NSDictionary
        let android = try #require((listed?["apps"] as? [NSDictionary])?.first { $0["platform"] as? String == "android" })
        #expect(android["identifier"] as? String == "com.example.chimes")
        #expect(android["version"] as? String == "3.0")
        #expect(android["build"] is NSNull, "versionCode is computed by the Flutter plugin")
        let raw = repository.root.appendingPathComponent("android/app/src/main/res/raw").path
        for name in ["chime", "chime.wav", "Chime", "bell", "keep", "missing", "default"] {
            let folders = try Soundcheck.run(["resolve", name, "--platform", "android", "--raw", raw, "--format", "json"])
            let answer = try Soundcheck.run(["resolve", name, "--platform", "android", "--inventory", inventory, "--format", "json"])
            #expect(answer.status == folders.status, "\(name)")
            let expected = try JSONSerialization.jsonObject(with: Data(folders.stdout.utf8)) as? NSDictionary
            let got = try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? NSDictionary
            if name == "keep" {
                // keep.xml is the shrinker's rules, not a sound: the inventory leaves it out.
                #expect(got?["result"] as? String == "default")
            } else {
                #expect(got == expected, "\(name)")
            }
        }
        let noIOS = try Soundcheck.run(["resolve", "chime.wav", "--inventory", inventory])
        #expect(noIOS.status == 2)
        #expect(noIOS.stderr.contains("the inventory holds no iOS or macOS app; give --platform android for its Android app"))
    }

    @Test("--platform narrows the apps before asking which one: two iOS apps do not stop an Android answer")
    func platformNarrows() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("ios/Chimes.xcodeproj", targets: ["Chimes", "ChimesWidget"], copying: ["chime.caf"])
        try repository.add(.cafULaw, at: "ios/chime.caf")
        try repository.add(.wav16, at: "android/app/src/main/res/raw/chime.wav")
        try repository.write(
            "android {\n  defaultConfig {\n    applicationId \"com.example.chimes\"\n  }\n}\n", at: "android/app/build.gradle")
        let inventory = repository.root.appendingPathComponent("inventory.json").path
        #expect(try Soundcheck.run(["inventory", repository.root.path, "-o", inventory]).status == 0)
        let android = try Soundcheck.run(["resolve", "chime", "--platform", "android", "--inventory", inventory, "--format", "json"])
        #expect(android.status == 0, "\(android.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(android.stdout.utf8)) as? NSDictionary)?["result"] as? String == "file")
        // iOS, and both, still need the choice; the app's name makes it.
        for platform in ["ios", "all"] {
            let ambiguous = try Soundcheck.run(["resolve", "chime.caf", "--platform", platform, "--inventory", inventory])
            #expect(ambiguous.status == 2)
            #expect(ambiguous.stderr.contains("the inventory holds 2 ios apps (Chimes, ChimesWidget); choose one by name"))
        }
        #expect(try Soundcheck.run(["resolve", "chime.caf", "--inventory", inventory, "--app", "Chimes"]).status == 0)
        let unknown = try Soundcheck.run(["resolve", "chime", "--platform", "android", "--inventory", inventory, "--app", "Bells"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no app named 'Bells' in the inventory (it holds "))
    }

    @Test("Expo: the one file both apps get; its iOS fix makes what Android plays too")
    func expo() throws {
        let repository = try RepositoryFixture.expoWithRawAAC()
        defer { repository.remove() }
        let listed = try Soundcheck.run(["inventory", repository.root.path])
        #expect(listed.status == 0, "\(listed.stderr)")
        let inventory = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? NSDictionary
        let apps = try #require(inventory?["apps"] as? [NSDictionary])
        let sound = { (platform: String) in ((apps.first { $0["platform"] as? String == platform })?["sounds"] as? [NSDictionary])?.first }
        let ios = try #require(sound("ios"))
        #expect(ios["passed"] as? Bool == false)
        let fix = try #require((ios["findings"] as? [NSDictionary])?.first?["fix"] as? NSDictionary)
        #expect(fix["action"] as? String == "convert")
        #expect(fix["bothPlatforms"] as? Bool == true, "a CAF would not play on Android: \(fix)")
        #expect(sound("android")?["name"] as? String == "reminder")
        #expect(sound("android")?["passed"] as? Bool == true)
    }

    @Test("an .apk: its raw resources resolve through its inventory as through the archive read in place")
    func apk() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try AndroidArchiveTests.write(
            [
                ZipBytes.Entry("AndroidManifest.xml", Array("<manifest/>".utf8)),
                ZipBytes.Entry("res/raw/chime.wav", try AndroidArchiveTests.sample("valid/wav-LEI16-mono-22050.wav")),
                ZipBytes.Entry("res/raw/alert.mp3", []),
                ZipBytes.Entry("res/raw/bell.aiff", try AndroidArchiveTests.sample("valid/aiff-BEI16-mono-22050.aiff")),
                ZipBytes.Entry("res/raw/config.json", Array("{}".utf8)),
            ], to: "app.apk", in: repository)
        let written = try Soundcheck.run(["inventory", "app.apk", "-o", "inventory.json"], in: repository.root.path)
        #expect(written.status == 0, "\(written.stderr)")
        for name in ["chime", "chime.wav", "Chime", "bell", "alert", "config", "missing", "default"] {
            let archive = try Soundcheck.run(["resolve", name, "--platform", "android", "--apk", "app.apk", "--format", "json"], in: repository.root.path)
            let answer = try Soundcheck.run(
                ["resolve", name, "--platform", "android", "--inventory", "inventory.json", "--format", "json"], in: repository.root.path)
            #expect(answer.status == archive.status, "\(name)")
            #expect(
                try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? NSDictionary
                    == JSONSerialization.jsonObject(with: Data(archive.stdout.utf8)) as? NSDictionary, "\(name)")
        }
    }

    @Test("hostile or foreign inventories are refused with the value's place, exit 2")
    func hostile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let head = #"{"formatVersion":1,"generator":"x","input":"y","apps":"#
        let sound = #"{"name":"a.caf","location":"bundle","path":"A.app/a.caf","passed":true,"findings":[]}"#
        let cases: [(String, String)] = [
            ("not json", "not JSON: "),
            (#"{"formatVersion":2,"generator":"x","input":"y","apps":[]}"#, "formatVersion: 2 is not a version this soundcheck reads"),
            (head + #"{}}"#, "apps: expected an array"),
            (head + #"[{"platform":"ios","name":7,"sounds":[]}]}"#, "apps[0].name: expected a string"),
            (head + #"[{"platform":"web","name":"A","sounds":[]}]}"#, "apps[0].platform: 'web' is not ios, macos or android"),
            (head + #"[{"platform":"ios","name":"A","sounds":[{"name":"a.caf"}]}]}"#, "apps[0].sounds[0].location: missing"),
            (
                head + #"[{"platform":"ios","name":"A","sounds":[{"location":"dock","name":"a.caf"}]}]}"#,
                "apps[0].sounds[0].location: 'dock' is not one of bundle, "
            ),
            (
                head + #"[{"platform":"ios","name":"A","sounds":[{"location":"bundle","name":"a.caf","path":"p","passed":false,"#
                    + #""findings":[{"code":"too-long","severity":"fatal","message":"m"}]}]}]}"#,
                "apps[0].sounds[0].findings[0].severity: 'fatal' is not a severity"
            ),
            (
                head + #"[{"platform":"ios","name":"A","sounds":[{"location":"bundle","name":"a.caf","path":"p","passed":false,"#
                    + #""findings":[{"code":"too-loud","severity":"error","message":"m"}]}]}]}"#,
                "apps[0].sounds[0].findings[0].code: 'too-loud' is not a finding code this soundcheck knows"
            ),
            (
                head + #"[{"platform":"ios","name":"A","sounds":[{"location":"bundle","name":"a.caf","path":"p","passed":true,"#
                    + #""findings":[],"audio":{"container":"mkv"}}]}]}"#,
                "apps[0].sounds[0].audio.container: 'mkv' is not a container"
            ),
            (
                head + #"[{"platform":"ios","name":"A","sounds":["# + Array(repeating: sound, count: 100_001).joined(separator: ",") + "]}]}",
                "apps[0].sounds: 100001 items, more than the 100000 allowed"
            ),
            (head + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}", "not JSON: "),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = folder.appendingPathComponent("bad\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = try Soundcheck.run(["resolve", "a.caf", "--inventory", path])
            #expect(result.status == 2, "\(message)")
            #expect(result.stderr.contains("\(path): \(message)"), "\(result.stderr)")
        }
        let notAnApp = try Soundcheck.run(["inventory", "Samples/valid"])
        #expect(notAnApp.status == 2)
        #expect(notAnApp.stderr.contains("Samples/valid: no app was found"))
    }
}
