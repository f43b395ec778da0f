import SoundContainers
import SoundPolicy
import TestSupport
import Testing

/// Every row of Samples/MANIFEST.tsv: container, encoding, channels, rate, frames, verdict, finding codes.
@Suite("Samples/MANIFEST.tsv")
struct SamplesManifestTests {
    static let rows = TestPaths.tsvRows(TestPaths.packageRoot + "/Samples/MANIFEST.tsv")

    @Test("the manifest lists the samples")
    func manifestPresent() {
        #expect(Self.rows.count >= 40)
    }

    @Test(arguments: rows)
    func sample(_ row: [String: String]) throws {
        let file = try #require(row["file"])
        let verdict = Policy().verdict(forFileAt: TestPaths.packageRoot + "/Samples/" + file)
        let description = verdict.description
        func expect(_ column: String, _ actual: String?) {
            let expected = row[column] ?? "-"
            #expect((actual ?? "-") == expected || expected == "-" && actual != nil && column == "frames", "\(file) \(column)")
        }
        expect("container", description?.container.rawValue)
        expect("encoding", description?.encoding.name)
        expect("channels", description.map { String($0.channels) })
        expect("sample_rate", description.map { String(Int($0.sampleRate)) })
        expect("frames", description?.frameCount.map(String.init))
        #expect((verdict.passed ? "pass" : "fail") == row["verdict"], "\(file): \(verdict.findings.map(\.message))")
        let codes = Set(verdict.findings.map(\.code.rawValue)).sorted().joined(separator: ",")
        #expect((codes.isEmpty ? "-" : codes) == row["codes"], "\(file)")
    }
}
