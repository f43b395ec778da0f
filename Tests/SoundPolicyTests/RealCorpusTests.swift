import SoundPolicy
import TestSupport
import Testing

/// The 53 real notification sounds in ../shared/corpus/real, judged against EXPECTED.tsv.
@Suite("Real notification sounds from public apps")
struct RealCorpusTests {
    static let rows = TestPaths.tsvRows(TestPaths.realCorpus + "/EXPECTED.tsv")

    @Test(
        "the corpus is there, with its 53 rows",
        .enabled(
            if: TestPaths.exists(TestPaths.realCorpus) || TestPaths.requiresSharedCorpus,
            Comment(rawValue: TestPaths.absenceNote(TestPaths.realCorpus))))
    func corpusPresent() {
        #expect(Self.rows.count == 53, "\(TestPaths.sharedCorpusVariable)=1 needs ../shared/corpus/real with its 53 rows")
    }

    @Test(
        "verdict right and duration within 2 ms", .enabled(if: !rows.isEmpty, Comment(rawValue: TestPaths.absenceNote(TestPaths.realCorpus))),
        arguments: rows)
    func expectedVerdict(_ row: [String: String]) throws {
        let name = try #require(row["file"])
        let verdict = Policy().verdict(forFileAt: TestPaths.realCorpus + "/" + name)
        switch row["verdict"] {
        case "pass": #expect(verdict.passed, "\(name): \(verdict.findings.map(\.message))")
        case "fail": #expect(!verdict.passed, "\(name)")
        default: #expect(row["verdict"] == "any")
        }
        if let expected = row["duration_s"].flatMap(Double.init) {
            let duration = try #require(verdict.description?.duration, "\(name) has no duration")
            #expect(abs(duration - expected) <= 0.002, "\(name): \(duration) s, expected \(expected) s")
        }
    }
}
