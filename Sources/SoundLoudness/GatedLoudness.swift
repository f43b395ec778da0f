#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Integrated loudness and loudness range from the K-weighted mean square of each 100 ms step
/// (summed over channels with their weights): BS.1770-4's gated 400 ms blocks, overlapping by 75 %,
/// and EBU Tech 3342's 3 s short-term windows, one every 100 ms (Tech 3342 asks for at least 10 Hz).
enum GatedLoudness {
    /// 400 ms blocks: four steps.
    static let stepsPerBlock = 4
    /// 3 s short-term windows: thirty steps.
    static let stepsPerShortTermWindow = 30

    /// Loudness in LUFS of a K-weighted, channel-weighted mean square (BS.1770-4 equation 2).
    static func loudness(ofMeanSquare meanSquare: Double) -> Double {
        -0.691 + 10 * log10(meanSquare)
    }

    /// The mean square whose loudness is `lufs`.
    static func meanSquare(ofLoudness lufs: Double) -> Double {
        pow(10, (lufs + 0.691) / 10)
    }

    /// The mean square of each window of `length` steps, one starting at every step.
    static func windows(of steps: [Double], length: Int) -> [Double] {
        guard steps.count >= length else { return [] }
        return (0...(steps.count - length)).map { start in steps[start..<(start + length)].reduce(0, +) / Double(length) }
    }

    /// The mean squares that pass the absolute gate and then the gate `relativeGate` LU below the
    /// loudness of those that passed the first.
    static func gated(_ meanSquares: [Double], relativeGate: Double) -> [Double] {
        let absoluteThreshold = meanSquare(ofLoudness: LoudnessThresholds.absoluteGateLUFS)
        let aboveAbsolute = meanSquares.filter { $0 > absoluteThreshold }
        guard !aboveAbsolute.isEmpty else { return [] }
        let relativeLoudness = loudness(ofMeanSquare: aboveAbsolute.reduce(0, +) / Double(aboveAbsolute.count)) + relativeGate
        let relativeThreshold = meanSquare(ofLoudness: relativeLoudness)
        return aboveAbsolute.filter { $0 > relativeThreshold }
    }

    /// BS.1770-4's integrated loudness of the steps' mean squares; nil when no block passes the
    /// absolute gate.
    static func integratedLoudness(steps: [Double]) -> Double? {
        let blocks = gated(windows(of: steps, length: stepsPerBlock), relativeGate: LoudnessThresholds.integratedRelativeGateLU)
        guard !blocks.isEmpty else { return nil }
        return loudness(ofMeanSquare: blocks.reduce(0, +) / Double(blocks.count))
    }

    /// EBU Tech 3342's loudness range of the steps' mean squares: the 95th less the 10th percentile
    /// of the gated short-term loudness, each percentile the sorted value at the nearest rank
    /// (Tech 3342's own definition); 0 when no window passes.
    static func loudnessRange(steps: [Double]) -> Double {
        let windows = gated(windows(of: steps, length: stepsPerShortTermWindow), relativeGate: LoudnessThresholds.rangeRelativeGateLU)
        guard !windows.isEmpty else { return 0 }
        let sorted = windows.map(loudness(ofMeanSquare:)).sorted()
        let last = Double(sorted.count - 1)
        let low = sorted[Int((last * 0.10).rounded())]
        let high = sorted[Int((last * 0.95).rounded())]
        return high - low
    }
}
