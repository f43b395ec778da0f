import Testing

@testable import soundcheck

/// How the pipeline cuts the files into batches for its workers.
@Suite("validation batches")
struct ValidationPipelineTests {
    @Test(
        "batches cover every file once, in order, largest first, and shrink toward the end",
        arguments: [(0, 64, 2), (1, 64, 2), (100, 64, 2), (130, 64, 2), (2_000, 64, 2), (20_000, 64, 8), (5, 4, 2), (999, 4, 1)])
    func batchStarts(count: Int, largest: Int, workers: Int) {
        let starts = ValidationPipeline.batchStarts(count: count, largest: largest, workers: workers)
        #expect(starts.first == 0)
        #expect(starts.last == count)
        let sizes = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(sizes.allSatisfy { $0 > 0 && $0 <= largest })
        // Never growing, and never under 8 files (or `largest`) but for the remainder at the end.
        #expect(zip(sizes.dropFirst(), sizes).allSatisfy { $0 <= $1 })
        #expect(sizes.dropLast().allSatisfy { $0 >= min(largest, 8) })
    }

    @Test("2,000 files on two workers: batches of 64 until the last few hundred, the last ones of 8")
    func shrinkingTail() {
        let starts = ValidationPipeline.batchStarts(count: 2_000, largest: 64, workers: 2)
        let sizes = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(sizes.prefix(16).allSatisfy { $0 == 64 })
        #expect(sizes.suffix(4).dropLast().allSatisfy { $0 == 8 })
        #expect(sizes.count < 2 * (2_000 / 64))
    }
}
