import AppContents
import Foundation
import SoundPolicy
import TestSupport
import Testing

@testable import AppValidation

/// The build plugins' check of a target's code: the names it asks for against what it ships, and
/// an app extension against what the app that embeds it ships, as `validate` judges the names.
@Suite("the names a target's code asks for")
struct TargetNameCheckTests {
    /// App ships chime.caf and embeds Service (an app extension) in a Copy Files phase; Widget is
    /// an app extension no target embeds.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = F3; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
                F1 = {isa = PBXFileReference; lastKnownFileType = file; path = chime.caf; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
                F3 = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Service.appex; sourceTree = BUILT_PRODUCTS_DIR; };
                F4 = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
                G1 = {isa = PBXGroup; children = (F1, ); sourceTree = "<group>"; };
                P1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
                P2 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (B2, ); name = "Embed Foundation Extensions"; };
                T1 = {isa = PBXNativeTarget; buildPhases = (P1, P2, ); name = App; productReference = F2; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildPhases = ( ); name = Service; productReference = F3; productType = "com.apple.product-type.app-extension"; };
                T3 = {isa = PBXNativeTarget; buildPhases = ( ); name = Widget; productReference = F4; productType = "com.apple.product-type.app-extension"; };
                R1 = {isa = PBXProject; mainGroup = G1; projectDirPath = ""; targets = (T1, T2, T3, ); };
            };
            rootObject = R1;
        }
        """

    /// Swift that asks for `chime.caf` and `gone.caf` on lines 4 and 5.
    static let code = """
        import UserNotifications

        func sounds(_ content: UNMutableNotificationContent) {
            content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.caf"))
            content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "gone.caf"))
        }

        """

    /// JavaScript that names `tone.caf` only through a generic `sound:` key, in a file about
    /// notifications but in no call soundcheck knows (line 3).
    static let genericKey = """
        // Notification preferences
        export const reminder = {
          sound: 'tone.caf',
        };

        """

    @Test("the project says which app embeds an extension, and that app's sounds are the extension's")
    func embeddingAppsSounds() throws {
        let project = try XcodeProject(parsing: Array(Self.project.utf8), path: "Demo.xcodeproj")
        #expect(project.targets.map(\.embeddedTargets) == [["Service"], [], []])
        #expect(TargetNameCheck.soundsOfApps(embedding: "Service", in: project) == ["chime.caf"])
        #expect(TargetNameCheck.soundsOfApps(embedding: "Widget", in: project) == [])
        #expect(TargetNameCheck.soundsOfApps(embedding: "App", in: project) == [])
    }

    @Test("a name the target ships passes; one nothing ships is an error on its line; a generic key's stays a warning")
    func namesAgainstWhatShips() throws {
        let folder = NSTemporaryDirectory() + "target-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/Service.swift"
        try Self.code.write(toFile: source, atomically: true, encoding: .utf8)
        let check = TargetNameCheck(policy: Policy())

        let shippedByApp = check.reports(sources: [source], shipped: ["chime.caf"])
        #expect(shippedByApp.map(\.line) == [5])
        #expect(shippedByApp.map(\.path) == [source])
        #expect(shippedByApp.map { $0.verdict.findings.map(\.code) } == [[.unknownSoundName]])
        #expect(shippedByApp.map { $0.verdict.findings.map(\.severity) } == [[.error]])
        #expect(shippedByApp.first?.verdict.findings.first?.message.hasPrefix("asks iOS for the sound 'gone.caf'") == true)
        #expect(check.reports(sources: [source], shipped: []).map(\.line) == [4, 5], "an extension no app embeds ships nothing of the app's")
        #expect(check.reports(sources: [source], shipped: ["/App/Sounds/chime.caf", "/App/gone.caf"]).isEmpty)

        // What validate makes a warning stays one: a name found only through a generic key.
        let script = folder + "/prefs.js"
        try Self.genericKey.write(toFile: script, atomically: true, encoding: .utf8)
        let generic = check.reports(sources: [script], shipped: ["chime.caf"])
        #expect(generic.map(\.line) == [3])
        #expect(generic.map { $0.verdict.findings.map(\.severity) } == [[.warning]])
        #expect(generic.map { $0.verdict.passed } == [true])

        // The policy's rules apply: error makes the generic key's fail, off drops every finding.
        var strict = Policy()
        strict.rules[.unknownSoundName] = .error
        #expect(TargetNameCheck(policy: strict).reports(sources: [script], shipped: []).map { $0.verdict.passed } == [false])
        var quiet = Policy()
        quiet.rules[.unknownSoundName] = .off
        #expect(TargetNameCheck(policy: quiet).reports(sources: [source, script], shipped: []).isEmpty)
    }

    @Test("a soundcheck:ignore comment on the line silences it, as in validate")
    func inlineIgnore() throws {
        let folder = NSTemporaryDirectory() + "target-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/App.swift"
        try Self.code.replacingOccurrences(of: "\"gone.caf\"))", with: "\"gone.caf\"))  // soundcheck:ignore unknown-sound-name")
            .write(toFile: source, atomically: true, encoding: .utf8)
        #expect(TargetNameCheck(policy: Policy()).reports(sources: [source], shipped: ["chime.caf"]).isEmpty)
        #expect(TargetNameCheck(policy: Policy()).reports(sources: [source], shipped: []).map(\.line) == [4])
    }
}
