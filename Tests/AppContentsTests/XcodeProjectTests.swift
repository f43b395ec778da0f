import AppContents
import Foundation
import Testing

/// Projects built from bytes in the test, each showing one rule of how Xcode copies resources.
@Suite("Xcode project reading")
struct XcodeProjectTests {
    /// A project whose app target `App` copies `files` (file reference ids) in its Resources
    /// phase, with `objects` as the rest of the object table (`MAIN` is the main group).
    static func project(objects: String, copies: [String], targets: String = "", productType: String = "com.apple.product-type.application")
        -> String
    {
        let buildFiles = copies.enumerated().map { "BF\($0.offset) = {isa = PBXBuildFile; fileRef = \($0.element); };" }
        return """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
            \(buildFiles.joined(separator: "\n"))
            \(objects)
            PHASE = {isa = PBXResourcesBuildPhase; files = (\(copies.indices.map { "BF\($0), " }.joined())); };
            APP = {isa = PBXNativeTarget; name = App; productType = "\(productType)"; buildPhases = (PHASE, ); };
            PROJECT = {isa = PBXProject; mainGroup = MAIN; targets = (APP, \(targets)); };
            }; rootObject = PROJECT; }
            """
    }

    private func read(_ text: String) throws -> XcodeProject {
        try XcodeProject(parsing: Array(text.utf8), path: "P/App.xcodeproj")
    }

    @Test("group chains, SOURCE_ROOT, absolute and unresolved source trees")
    func paths() throws {
        let parsed = try read(
            Self.project(
                objects: """
                    MAIN = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (G2, F3, F4, F5); path = App; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (F1, F2); name = "No Path"; sourceTree = "<group>"; };
                    F1 = {isa = PBXFileReference; path = "Sounds/a.caf"; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = "../../up.caf"; sourceTree = "<group>"; };
                    F3 = {isa = PBXFileReference; path = "Shared/b.caf"; sourceTree = SOURCE_ROOT; };
                    F4 = {isa = PBXFileReference; path = "/abs/c.caf"; sourceTree = "<absolute>"; };
                    F5 = {isa = PBXFileReference; path = d.caf; sourceTree = BUILT_PRODUCTS_DIR; };
                    """, copies: ["F1", "F2", "F3", "F4", "F5"]))
        #expect(parsed.folder == "P")
        #expect(
            parsed.targets.first?.resources == [
                .file(.relative("App/Sounds/a.caf")), .file(.relative("../up.caf")), .file(.relative("Shared/b.caf")),
                .file(.absolute("/abs/c.caf")), .file(.unresolved(sourceTree: "BUILT_PRODUCTS_DIR", path: "d.caf")),
            ])
    }

    @Test("variant groups land in .lproj; folder references and asset catalogs are told apart")
    func kinds() throws {
        let parsed = try read(
            Self.project(
                objects: """
                    MAIN = {isa = PBXGroup; children = (V, D, C); sourceTree = "<group>"; };
                    V = {isa = PBXVariantGroup; children = (EN, FR); name = "ding.caf"; sourceTree = "<group>"; };
                    EN = {isa = PBXFileReference; name = en; path = "en.lproj/ding.caf"; sourceTree = "<group>"; };
                    FR = {isa = PBXFileReference; name = fr; path = "fr.lproj/ding.caf"; sourceTree = "<group>"; };
                    D = {isa = PBXFileReference; lastKnownFileType = folder; path = Alerts; sourceTree = "<group>"; };
                    C = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
                    """, copies: ["V", "D", "C"]))
        #expect(
            parsed.targets.first?.resources == [
                .localized(.relative("en.lproj/ding.caf"), bundlePath: "en.lproj/ding.caf"),
                .localized(.relative("fr.lproj/ding.caf"), bundlePath: "fr.lproj/ding.caf"),
                .folder(.relative("Alerts")), .assetCatalog(.relative("Assets.xcassets")),
            ])
    }

    @Test("only apps and app extensions build an app")
    func productTypes() throws {
        for (type, builds) in [
            ("com.apple.product-type.application", true), ("com.apple.product-type.app-extension", true),
            ("com.apple.product-type.application.watchapp2", true), ("com.apple.product-type.framework", false),
            ("com.apple.product-type.bundle.unit-test", false), ("com.apple.product-type.system-extension", false),
        ] {
            let parsed = try read(Self.project(objects: "MAIN = {isa = PBXGroup; children = (); };", copies: [], productType: type))
            #expect(parsed.targets.first?.buildsApp == builds, "\(type)")
        }
    }

    @Test("a file that is not a project is an error naming project.pbxproj, never a crash")
    func malformed() {
        let cases: [(String, String)] = [
            ("{ a = b; }", "P/App.xcodeproj/project.pbxproj: not a valid project file: it has no 'objects' dictionary"),
            ("{ objects = {}; rootObject = X; }", "P/App.xcodeproj/project.pbxproj: not a valid project file: its 'rootObject' is not a PBXProject"),
            ("{ objects = {", "P/App.xcodeproj/project.pbxproj: not a valid project file: line 1: the file ends where a string was expected"),
        ]
        for (text, message) in cases {
            #expect(throws: ProjectError.self) { try read(text) }
            do throws(ProjectError) {
                _ = try XcodeProject(parsing: Array(text.utf8), path: "P/App.xcodeproj")
            } catch {
                #expect(error.description == message)
            }
        }
        // A group that is its own parent does not loop.
        let cyclic = Self.project(
            objects: """
                MAIN = {isa = PBXGroup; children = (G); };
                G = {isa = PBXGroup; children = (G, F); path = g; sourceTree = "<group>"; };
                F = {isa = PBXFileReference; path = a.caf; sourceTree = "<group>"; };
                """, copies: ["F"])
        #expect((try? read(cyclic)) != nil)
        #expect(throws: ProjectError.self) { try XcodeProject.read("/nonexistent/App.xcodeproj") }
    }

    @Test("synchronized folders: members flattened, exceptions removed or added, /dir/name means any .lproj")
    func synchronizedFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["Sounds/a.caf", "Sounds/Sub/b.caf", "Sounds/skip.caf", "Sounds/en.lproj/l.caf", "Sounds/fr.lproj/l.caf",
            "Sounds/Pack.bundle/p.caf", "Sounds/Kept/k.caf", "Sounds/only-ext.caf"]
        {
            let url = root.appendingPathComponent("P/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: url.path, contents: Data())
        }
        let text = """
            { objects = {
            MAIN = {isa = PBXGroup; children = (S); sourceTree = "<group>"; };
            S = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, X2); explicitFolders = (Kept); path = Sounds; sourceTree = "<group>"; };
            X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (skip.caf, /l.caf, only-ext.caf); target = APP; };
            X2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (only-ext.caf); target = EXT; };
            APP = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (S); };
            EXT = {isa = PBXNativeTarget; name = Ext; productType = "com.apple.product-type.app-extension"; };
            PROJECT = {isa = PBXProject; mainGroup = MAIN; targets = (APP, EXT); };
            }; rootObject = PROJECT; }
            """
        let xcodeproj = root.appendingPathComponent("P/App.xcodeproj")
        try FileManager.default.createDirectory(at: xcodeproj, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: xcodeproj.appendingPathComponent("project.pbxproj"))
        let sounds = ProjectSounds(of: try XcodeProject.read(xcodeproj.path))
        let shipped = sounds.shipped.map { "\($0.target) \($0.source) \($0.bundlePath) \($0.isAtBundleRoot)" }
        #expect(
            shipped == [
                "App Sounds/Kept/k.caf Kept/k.caf false", "App Sounds/Pack.bundle/p.caf Pack.bundle/p.caf false",
                "App Sounds/Sub/b.caf b.caf true", "App Sounds/a.caf a.caf true", "Ext Sounds/only-ext.caf only-ext.caf true",
            ])
        // Excepted from every target, these are in no bundle.
        #expect(sounds.notBundled == ["Sounds/en.lproj/l.caf", "Sounds/fr.lproj/l.caf", "Sounds/skip.caf"])
    }
}
