@testable import AppContents
import Foundation
import Testing

/// What `ProjectSounds` reports on a project tree written by the test: a sound no target copies,
/// one that is missing, one in a folder reference, one in an asset catalog, two with one name.
@Suite("Project findings")
struct ProjectFindingsTests {
    @Test("missing, not bundled, in a folder reference, in an asset catalog, same name twice; Pods skipped")
    func findings() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-findings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["A/ding.caf", "B/ding.caf", "Alerts/alert.wav", "Unused/old.caf", "Assets.xcassets/x.dataset/x.caf",
            "Pods/Lib/lib.caf", "build/out.caf", "App.xcodeproj/project.pbxproj"]
        {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: url.path, contents: Data())
        }
        let text = XcodeProjectTests.project(
            objects: """
                MAIN = {isa = PBXGroup; children = (F1, F2, F3, D, C); sourceTree = "<group>"; };
                F1 = {isa = PBXFileReference; path = A/ding.caf; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = B/ding.caf; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = gone.caf; sourceTree = "<group>"; };
                D = {isa = PBXFileReference; lastKnownFileType = folder; path = Alerts; sourceTree = "<group>"; };
                C = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
                """, copies: ["F1", "F2", "F3", "D", "C"])
        let xcodeproj = root.appendingPathComponent("App.xcodeproj")
        try Data(text.utf8).write(to: xcodeproj.appendingPathComponent("project.pbxproj"))
        let sounds = ProjectSounds(of: try XcodeProject.read(xcodeproj.path))
        #expect(sounds.shipped.map { "\($0.origin.rawValue) \($0.source) \($0.bundlePath) \($0.isAtBundleRoot)" } == [
            "file A/ding.caf ding.caf true", "file B/ding.caf ding.caf true", "file gone.caf gone.caf true",
            "in-folder Alerts/alert.wav Alerts/alert.wav false",
        ])
        #expect(sounds.missing.map(\.item) == [.relative("gone.caf")])
        #expect(sounds.notBundled == ["Unused/old.caf"])
        #expect(sounds.inAssetCatalogs == ["Assets.xcassets/x.dataset/x.caf"])
        #expect(sounds.copiedFolders.map(\.folder) == [.relative("Alerts")])
    }

    @Test("Expo: the plugin's sounds in each form; wrong shapes are errors naming the file")
    func expo() throws {
        func config(_ json: String) throws(ExpoConfigError) -> ExpoConfig {
            try ExpoConfig(parsing: Array(json.utf8), path: "app/app.json")
        }
        let listed = try config(#"{"expo":{"plugins":[["expo-notifications",{"sounds":["./a/b.wav","c.caf"]}],"other"]}}"#)
        #expect(listed.usesNotificationsPlugin)
        #expect(listed.sounds == ["./a/b.wav", "c.caf"])
        #expect(listed.location(of: "./a/b.wav") == "app/a/b.wav")
        #expect(try config(#"{"plugins":["expo-notifications"]}"#).usesNotificationsPlugin)
        #expect(try config(#"{"expo":{"name":"x"}}"#).usesNotificationsPlugin == false)
        let cases: [(String, String)] = [
            ("{", "not valid JSON: expected a key at byte 1"),
            ("[]", "not a JSON object"),
            (#"{"expo":3}"#, "'expo' must be an object"),
            (#"{"expo":{"plugins":{}}}"#, "'plugins' must be an array"),
            (#"{"plugins":[["expo-notifications",{"sounds":"a.wav"}]]}"#, "the expo-notifications 'sounds' option must be an array of paths"),
            (#"{"plugins":[["expo-notifications",{"sounds":[1]}]]}"#, "the expo-notifications 'sounds' option must hold only strings"),
        ]
        for (json, problem) in cases {
            #expect(throws: ExpoConfigError(path: "app/app.json", problem: problem)) { try config(json) }
        }
    }
}
