import Foundation
import SoundContainers
import SoundDecoding
import TestSupport
import Testing

/// Inputs the decoder fuzz target (`Scripts/fuzz decoder`) stopped on, kept as regression tests:
/// each must decode or throw a `DecodingError`, with no more frames than its header declares and
/// every sample of an integer encoding in [-1, 1] (the target's invariants, see Fuzz/FuzzDecoder.swift).
@Suite("Decoder fuzz regressions")
struct DecoderFuzzRegressionTests {
    static let folder = TestPaths.packageRoot + "/Tests/SoundDecodingTests/Fuzz"
    static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()

    @Test("the regression inputs are there")
    func present() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func regression(_ name: String) throws {
        let source = MemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))))
        guard let description = try? AudioFileParser.describe(source),
            var decoder = try? ContainerDecoder(source: source, description: description)
        else { return }
        var samples: [Float] = []
        var frames = 0
        do {
            while true {
                let got = try decoder.decode(frames: 509, into: &samples)
                if got == 0 { break }
                frames += got
            }
        } catch {
            return
        }
        #expect(frames <= Int(description.frameCount ?? Int64.max))
        #expect(samples.count == frames * description.channels)
        if case .linearPCM(let format) = description.encoding, format.isFloat { return }
        #expect(samples.allSatisfy { $0 >= -1 && $0 <= 1 }, "\(name): \(samples.filter { $0 < -1 || $0 > 1 })")
    }

    @Test("a 32-bit sample at full scale decodes to exactly 1.0, and the most negative to -1.0")
    func fullScale32Bit() throws {
        let source = MemoryByteSource(
            Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/aifc-twos-32-bit-full-scale-truncated.aifc"))))
        let description = try AudioFileParser.describe(source)
        var decoder = try ContainerDecoder(source: source, description: description)
        var samples: [Float] = []
        while try decoder.decode(frames: 64, into: &samples) > 0 {}
        #expect(samples == [0, 1, -1, 0.5, 1])
    }
}
