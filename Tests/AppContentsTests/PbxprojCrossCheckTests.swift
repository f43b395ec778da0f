import AppContents
import Foundation
import SoundContainers
import TestSupport
import Testing

/// The PyPI package `pbxproj` (installed by Scripts/test) as a second, independent reader of the
/// real projects: the (target, copied sound file) pairs of file references must agree.
@Suite("Real Xcode projects against the pbxproj Python package")
struct PbxprojCrossCheckTests {
    static let script = TestPaths.packageRoot + "/Scripts/benchmarks/pbxproj-resources.py"

    @Test(
        "the same (target, sound) pairs as pbxproj lists",
        .enabled(if: !ProjectCorpusTests.projects.isEmpty, Comment(rawValue: TestPaths.absenceNote(TestPaths.projectCorpus))),
        arguments: ProjectCorpusTests.projects)
    func samePairs(project: String) throws {
        let row = try #require(ProjectCorpusTests.rows.first { $0["project"] == project })
        let xcodeproj = "\(TestPaths.projectCorpus)/\(project)/\(row["xcodeproj"] ?? "")"
        guard let output = ExternalTools.run(["python3", Self.script, xcodeproj + "/project.pbxproj"]) else {
            #expect(!TestPaths.isCI, "CI installs the pbxproj package (Scripts/test)")
            return
        }
        let theirs = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
        let parsed = try XcodeProject.read(xcodeproj)
        let ours = parsed.targets.filter(\.buildsApp).flatMap { target in
            target.resources.compactMap { item -> String? in
                guard case .file(let path) = item, SniffedFormat.soundFileExtensions.contains(fileExtension(of: path.description))
                else { return nil }
                return "\(target.name)\t\(fileName(of: path.description))"
            }
        }.sorted()
        #expect(ours == theirs)
    }
}
