import SoundLoudness
import Testing

@Suite("Loudness conformance (EBU Tech 3341, Tech 3342)")
struct ConformanceTests {
    @Test("EBU Tech 3341 §2.9 calibration: a 1 kHz stereo sine at −23 dBFS reads −23.0 LUFS ±0.1")
    func calibrationSine() throws {
        let measurement = TestSignals.measure(TestSignals.sine(frequency: 1000, dBFS: -23, seconds: 20))
        let integrated = try #require(measurement.integratedLoudness)
        #expect(abs(integrated - -23) <= 0.1, "read \(integrated) LUFS")
        #expect(abs(measurement.truePeak - -23) <= 0.2)
        #expect(abs(measurement.samplePeak - -23) <= 0.01)
        // The sine starts at 0: the first sample above −60 dBFS is the second.
        #expect(measurement.leadingSilence == 1 / 48_000 && !measurement.isSilent)
    }
}
