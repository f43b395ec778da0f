/// The sample rates a parser accepts as physically meaningful; anything else is a malformed header.
let plausibleSampleRates: ClosedRange<Double> = 1...10_000_000

/// The most channels a parser accepts; WAV cannot say more, and no real file has more.
let maximumChannelCount = 65_535

/// Checks the values every format shares and returns the sample rate, or throws a
/// malformed-chunk error that names the chunk.
func checkStreamBasics(rate: Double?, channels: Int, chunk: String, offset: UInt64) throws(ParseError) -> Double {
    guard let rate, rate.isFinite, plausibleSampleRates.contains(rate) else {
        let shown = rate.map { "\($0)" } ?? "not a number"
        throw .malformedChunk(chunk, offset: offset, reason: "sample rate \(shown) Hz is impossible")
    }
    guard (1...maximumChannelCount).contains(channels) else {
        throw .malformedChunk(chunk, offset: offset, reason: "\(channels) channels is impossible")
    }
    return rate
}
