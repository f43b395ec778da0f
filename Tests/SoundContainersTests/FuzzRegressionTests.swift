import Foundation
import TestSupport
import Testing

@testable import SoundContainers

/// Inputs the fuzzers (Scripts/fuzz) found, kept as regression tests: each must parse or throw,
/// with no negative count and no range past the end of the file.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: TestPaths.packageRoot + "/Tests/SoundContainersTests/Fuzz")
    static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test("the regression inputs are there")
    func present() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func regression(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        guard let description = try? describe(bytes) else { return }
        #expect(description.frameCount.map { $0 >= 0 } ?? true, "\(name): \(String(describing: description.frameCount)) frames")
        #expect(description.dataRange.upperBound <= UInt64(bytes.count))
    }
}
