import Testing

@testable import SoundContainers

@Suite("Every prefix of every sample parses or throws")
struct TruncationSweepTests {
    @Test("the samples are there")
    func samplesPresent() {
        #expect(SampleFiles.relativePaths.count >= 40, "Samples/ at \(SampleFiles.folder)")
    }

    /// The limit catches a hang, with room for a sanitizer's slowdown on a busy machine (two
    /// minutes was not enough under AddressSanitizer beside a release build).
    @Test(.timeLimit(.minutes(10)), arguments: SampleFiles.relativePaths)
    func everyPrefix(of path: String) {
        let whole = MemoryByteSource(SampleFiles.bytes(path))
        #expect(whole.count > 0 || path.hasSuffix("empty.wav"))
        var parsed = 0
        for length in 0...whole.count {
            let prefix = PrefixByteSource(whole: whole, count: length)
            do {
                let description = try AudioFileParser.describe(prefix)
                parsed += 1
                #expect(description.dataRange.upperBound <= length)
                if let frames = description.frameCount { #expect(frames >= 0) }
            } catch {
                // Throwing a ParseError is the other allowed outcome; the typed throw guarantees its type.
            }
        }
        if let full = try? AudioFileParser.describe(whole) {
            #expect(parsed > 0)
            #expect(full.dataRange.upperBound <= whole.count)
        }
    }
}
