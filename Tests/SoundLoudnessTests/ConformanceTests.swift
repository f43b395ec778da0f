import SoundLoudness
import Testing

/// EBU Tech 3341 (2023, "'EBU Mode' metering to supplement loudness normalisation") and EBU Tech
/// 3342 (2023, "Loudness Range"), Table 1 of each: every minimum-requirements case that is defined
/// by a formula, generated here and measured within the tolerance the table gives. Cases 7 and 8 of
/// Tech 3341 and 5 and 6 of Tech 3342 are recordings ("authentic programme"), not definitions, and
/// cases 9 to 14 of Tech 3341 test the momentary and short-term readings of a live meter, which
/// `LoudnessMeasurement` does not report.
@Suite("Loudness conformance (EBU Tech 3341, Tech 3342)")
struct ConformanceTests {
    typealias Segment = TestSignals.Segment

    /// A Tech 3341 integrated-loudness case: the signal and the expected reading (±0.1 LU).
    struct LoudnessCase: CustomTestStringConvertible, Sendable {
        let number: Int
        let segments: [Segment]
        var channels = 2
        var channelGains: [Double] = []
        var testDescription: String { "Tech 3341 case \(number)" }
    }

    static let loudnessCases: [LoudnessCase] = [
        // 1: stereo 1 kHz sine at −23.0 dBFS per channel, 20 s: I = −23.0 ±0.1 LUFS.
        LoudnessCase(number: 1, segments: [Segment(seconds: 20, dBFS: -23)]),
        // 2: as #1 at −33.0 dBFS: I = −33.0 ±0.1 LUFS (checked below against −33).
        LoudnessCase(number: 2, segments: [Segment(seconds: 20, dBFS: -33)]),
        // 3: 10 s at −36, 60 s at −23, 10 s at −36 dBFS: the relative gate leaves the quiet tones out.
        LoudnessCase(
            number: 3, segments: [Segment(seconds: 10, dBFS: -36), Segment(seconds: 60, dBFS: -23), Segment(seconds: 10, dBFS: -36)]),
        // 4: 10 s at −72, 10 s at −36, 60 s at −23, 10 s at −36, 10 s at −72: both gates at work.
        LoudnessCase(
            number: 4,
            segments: [
                Segment(seconds: 10, dBFS: -72), Segment(seconds: 10, dBFS: -36), Segment(seconds: 60, dBFS: -23),
                Segment(seconds: 10, dBFS: -36), Segment(seconds: 10, dBFS: -72),
            ]),
        // 5: 20 s at −26, 20.1 s at −20, 20 s at −26: I = −23.0 (the gate keeps both levels).
        LoudnessCase(
            number: 5, segments: [Segment(seconds: 20, dBFS: -26), Segment(seconds: 20.1, dBFS: -20), Segment(seconds: 20, dBFS: -26)]),
        // 6: 5.0 channels (L, R, C, Ls, Rs), 1 kHz, 20 s: −28 dBFS in L and R, −24 in C, −30 in Ls
        // and Rs: I = −23.0, the surrounds weighted by 1.41 (BS.1770-4 Table 3).
        LoudnessCase(number: 6, segments: [Segment(seconds: 20, dBFS: 0)], channels: 5, channelGains: [-28, -28, -24, -30, -30]),
    ]

    @Test("EBU Tech 3341 cases 1–6: integrated loudness within ±0.1 LU", arguments: loudnessCases)
    func integratedLoudness(_ testCase: LoudnessCase) throws {
        let samples = TestSignals.tones(testCase.segments, channels: testCase.channels, channelGains: testCase.channelGains)
        let measurement = TestSignals.measure(samples, channels: testCase.channels)
        let expected = testCase.number == 2 ? -33.0 : -23.0
        let integrated = try #require(measurement.integratedLoudness)
        #expect(abs(integrated - expected) <= 0.1, "case \(testCase.number): \(integrated) LUFS, expected \(expected)")
    }

    @Test("EBU Tech 3341 §2.9 calibration: a 1 kHz stereo sine at −23 dBFS reads −23.0 LUFS ±0.1, its peaks −23 dB")
    func calibrationSine() throws {
        let measurement = TestSignals.measure(TestSignals.tones([Segment(seconds: 20, dBFS: -23)]))
        let integrated = try #require(measurement.integratedLoudness)
        #expect(abs(integrated - -23) <= 0.1, "read \(integrated) LUFS")
        #expect(abs(measurement.truePeak - -23) <= 0.2)
        #expect(abs(measurement.samplePeak - -23) <= 0.01)
        // The sine starts at 0: the first sample above −60 dBFS is the second.
        #expect(measurement.leadingSilence == 1 / 48_000 && !measurement.isSilent)
        #expect(measurement.loudnessRange < 0.1 && measurement.fullScaleRuns == 0)
    }

    /// A Tech 3341 true-peak case: the signal and the expected maximum true-peak level
    /// (+0.2/−0.4 dB).
    struct TruePeakCase: CustomTestStringConvertible, Sendable {
        let number: Int
        let expected: Double
        let samples: @Sendable () -> [Float]
        var testDescription: String { "Tech 3341 case \(number)" }
    }

    static let truePeakCases: [TruePeakCase] = [
        // 15: fs/4, 0.50 FFS, phase 0°: −6.0 dBTP (the samples hit the peaks).
        TruePeakCase(number: 15, expected: -6) { TestSignals.taperedSine(frequency: 12_000, amplitude: 0.5, phaseDegrees: 0) },
        // 16: fs/4, 0.50 FFS, phase 45°: −6.0 dBTP (the samples read −9 dB; the peaks fall between).
        TruePeakCase(number: 16, expected: -6) { TestSignals.taperedSine(frequency: 12_000, amplitude: 0.5, phaseDegrees: 45) },
        // 17: fs/6, 0.50 FFS, phase 60°.
        TruePeakCase(number: 17, expected: -6) { TestSignals.taperedSine(frequency: 8_000, amplitude: 0.5, phaseDegrees: 60) },
        // 18: fs/8, 0.50 FFS, phase 67.5°.
        TruePeakCase(number: 18, expected: -6) { TestSignals.taperedSine(frequency: 6_000, amplitude: 0.5, phaseDegrees: 67.5) },
        // 19: fs/4, 1.41 FFS, phase 45°: +3.0 dBTP from samples that never pass full scale.
        TruePeakCase(number: 19, expected: 3) { TestSignals.taperedSine(frequency: 12_000, amplitude: 1.41, phaseDegrees: 45) },
        // 20–23: one period of fs/4 at full scale inside a fs/6 tone at 0.5, made at 4·fs and
        // decimated with offsets 0, 1, 2 and 3: 0.0 dBTP however the samples fall.
        TruePeakCase(number: 20, expected: 0) { TestSignals.singlePeriodBurst(offset: 0) },
        TruePeakCase(number: 21, expected: 0) { TestSignals.singlePeriodBurst(offset: 1) },
        TruePeakCase(number: 22, expected: 0) { TestSignals.singlePeriodBurst(offset: 2) },
        TruePeakCase(number: 23, expected: 0) { TestSignals.singlePeriodBurst(offset: 3) },
    ]

    @Test("EBU Tech 3341 cases 15–23: maximum true-peak level within +0.2/−0.4 dB", arguments: truePeakCases)
    func truePeak(_ testCase: TruePeakCase) {
        let measurement = TestSignals.measure(testCase.samples())
        let error = measurement.truePeak - testCase.expected
        #expect(error <= 0.2 && error >= -0.4, "case \(testCase.number): \(measurement.truePeak) dBTP, expected \(testCase.expected)")
    }

    /// A Tech 3342 loudness-range case: the tones and the expected range (±1 LU).
    struct RangeCase: CustomTestStringConvertible, Sendable {
        let number: Int
        let levels: [Double]
        let expected: Double
        var testDescription: String { "Tech 3342 case \(number)" }
    }

    static let rangeCases: [RangeCase] = [
        // 1: stereo 1 kHz sine, 20 s at −20 dBFS then 20 s at −30: LRA = 10 ±1 LU.
        RangeCase(number: 1, levels: [-20, -30], expected: 10),
        // 2: as #1 at −20 and −15 dBFS: 5 ±1 LU.
        RangeCase(number: 2, levels: [-20, -15], expected: 5),
        // 3: as #1 at −40 and −20 dBFS: 20 ±1 LU.
        RangeCase(number: 3, levels: [-40, -20], expected: 20),
        // 4: five 20 s tones at −50, −35, −20, −35, −50 dBFS: 15 ±1 LU (the relative gate, 20 LU
        // below the absolute-gated loudness, leaves the −50 dBFS tones out).
        RangeCase(number: 4, levels: [-50, -35, -20, -35, -50], expected: 15),
    ]

    @Test("EBU Tech 3342 cases 1–4: loudness range within ±1 LU", arguments: rangeCases)
    func loudnessRange(_ testCase: RangeCase) {
        let samples = TestSignals.tones(testCase.levels.map { Segment(seconds: 20, dBFS: $0) })
        let range = TestSignals.measure(samples).loudnessRange
        #expect(abs(range - testCase.expected) <= 1, "case \(testCase.number): \(range) LU, expected \(testCase.expected)")
    }
}
