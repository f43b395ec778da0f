import AppContents
import Foundation
import TestSupport
import Testing

/// The 19 real `project.pbxproj` files in ../shared/corpus/projects, read against EXPECTED.tsv row
/// for row. The sounds themselves are not in the corpus: each project is read in a temporary tree
/// that holds the `.xcodeproj` and a placeholder file for every expected sound, so folder
/// references and synchronized folders have something to list.
@Suite("Real Xcode projects from public apps")
struct ProjectCorpusTests {
    static let rows = TestPaths.tsvRows(TestPaths.projectCorpus + "/EXPECTED.tsv")
    static let projects = Array(Set(rows.compactMap { $0["project"] })).sorted()

    /// One row as the corpus writes it: target, product type, resource path, kind, place in bundle.
    static func key(_ row: [String: String]) -> String {
        ["target", "product_type", "resource_path", "kind", "sound_in_bundle"].map { row[$0] ?? "" }.joined(separator: "\t")
    }

    @Test(
        "the corpus is there, with its 540 rows over 19 projects",
        .enabled(
            if: TestPaths.exists(TestPaths.projectCorpus) || TestPaths.requiresSharedCorpus,
            Comment(rawValue: TestPaths.absenceNote(TestPaths.projectCorpus))))
    func corpusPresent() {
        #expect(Self.rows.count == 540, "\(TestPaths.sharedCorpusVariable)=1 needs ../shared/corpus/projects")
        #expect(Self.projects.count == 19)
    }

    @Test(
        "every (target, sound, place in bundle) row, from the project file alone",
        .enabled(if: !projects.isEmpty, Comment(rawValue: TestPaths.absenceNote(TestPaths.projectCorpus))), arguments: projects)
    func matchesExpectedRows(project: String) throws {
        let expected = Self.rows.filter { $0["project"] == project }
        let xcodeproj = try #require(expected.first?["xcodeproj"])
        let tree = try PlaceholderTree(project: project, xcodeproj: xcodeproj, rows: expected)
        defer { tree.remove() }

        let parsed = try XcodeProject.read(tree.xcodeprojPath)
        let sounds = ProjectSounds(of: parsed)
        let productTypes = Dictionary(parsed.targets.map { ($0.name, $0.productType) }, uniquingKeysWith: { first, _ in first })
        var found = sounds.shipped.map { sound in
            [sound.target, productTypes[sound.target] ?? "", sound.source.description, sound.origin.rawValue, sound.bundlePath]
                .joined(separator: "\t")
        }
        found += sounds.copiedFolders.map { [$0.target, productTypes[$0.target] ?? "", $0.folder.description, "folder", ""].joined(separator: "\t") }
        #expect(found.sorted() == expected.map(Self.key).sorted())
        #expect(sounds.missing.isEmpty, "every placeholder is on disk: \(sounds.missing.map(\.item.description))")
    }
}

/// A temporary folder tree for one corpus project: the project folder three levels down (so that
/// `../` paths stay inside), its `.xcodeproj` linked from the corpus, and an empty file at every
/// expected sound's path.
struct PlaceholderTree {
    let root: URL
    let xcodeprojPath: String

    init(project: String, xcodeproj: String, rows: [[String: String]]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-project-\(UUID().uuidString)")
        let projectFolder = root.appendingPathComponent("a/b/c/\(project)")
        try FileManager.default.createDirectory(at: projectFolder, withIntermediateDirectories: true)
        let link = projectFolder.appendingPathComponent(xcodeproj)
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: "\(TestPaths.projectCorpus)/\(project)/\(xcodeproj)")
        xcodeprojPath = link.path
        for row in rows where row["kind"] != "folder" {
            let file = projectFolder.appendingPathComponent(row["resource_path"] ?? "").standardizedFileURL
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: file.path, contents: Data())
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
