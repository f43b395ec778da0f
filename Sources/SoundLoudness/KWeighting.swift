#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The coefficients of one biquad, normalised so a0 = 1:
/// y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a1·y[n−1] − a2·y[n−2].
struct BiquadCoefficients: Sendable, Equatable {
    var b0, b1, b2, a1, a2: Double
}

/// ITU-R BS.1770-4's K-weighting, the two filters run before the mean square: a high shelf of
/// about +4 dB above 1.5 kHz (the head's acoustic effect, "pre-filter") and a high-pass at about
/// 38 Hz (the revised low-frequency B curve, "RLB").
///
/// BS.1770-4 gives their coefficients at 48 kHz only. For every rate they are designed here from
/// the analogue parameters that reproduce those 48 kHz coefficients (the shelf's centre 1681.97 Hz,
/// gain 4.0 dB and Q 0.7072; the high-pass's 38.135 Hz and Q 0.5003), through the bilinear
/// transform with the centre frequency pre-warped: the derivation libebur128 and FFmpeg's `ebur128`
/// filter use, so the three agree at 44.1 kHz, 22.05 kHz and the rest.
enum KWeighting {
    /// The shelf's centre frequency, in Hz.
    static let shelfFrequency = 1681.974450955533
    /// The shelf's gain at high frequencies, in dB.
    static let shelfGainDB = 3.999843853973347
    /// The shelf's quality factor.
    static let shelfQ = 0.7071752369554196
    /// The high-pass's corner frequency, in Hz.
    static let highPassFrequency = 38.13547087602444
    /// The high-pass's quality factor.
    static let highPassQ = 0.5003270373238773

    /// The pre-filter (high shelf) at `sampleRate`.
    static func shelf(sampleRate: Double) -> BiquadCoefficients {
        let k = tan(Double.pi * shelfFrequency / sampleRate)
        let highGain = pow(10, shelfGainDB / 20)
        // The band-pass share that makes the shelf's transition match BS.1770-4's 48 kHz filter.
        let bandGain = pow(highGain, 0.4996667741545416)
        let a0 = 1 + k / shelfQ + k * k
        return BiquadCoefficients(
            b0: (highGain + bandGain * k / shelfQ + k * k) / a0,
            b1: 2 * (k * k - highGain) / a0,
            b2: (highGain - bandGain * k / shelfQ + k * k) / a0,
            a1: 2 * (k * k - 1) / a0,
            a2: (1 - k / shelfQ + k * k) / a0)
    }

    /// The RLB high-pass at `sampleRate` (its numerator is 1, −2, 1, as BS.1770-4 gives it).
    static func highPass(sampleRate: Double) -> BiquadCoefficients {
        let k = tan(Double.pi * highPassFrequency / sampleRate)
        let a0 = 1 + k / highPassQ + k * k
        return BiquadCoefficients(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / highPassQ + k * k) / a0)
    }
}
