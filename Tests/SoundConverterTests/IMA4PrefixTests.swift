import Foundation
import SoundContainers
import SoundConverter
import TestSupport
import Testing

@Suite("IMA4 files cut anywhere")
struct IMA4PrefixTests {
    @Test(
        "every prefix of an IMA4 CAF and AIFF-C converts or fails with a ConversionError, leaving nothing behind",
        arguments: ["valid/caf-ima4-stereo-44100-ffmpeg.caf", "valid/aifc-ima4-mono-22050-ffmpeg.aifc"])
    func prefixes(_ sample: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.samples + "/" + sample))
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ima4-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("cut." + (sample as NSString).pathExtension)
        let output = work.appendingPathComponent("out.caf")
        var converted = 0
        for length in stride(from: 0, through: bytes.count, by: 53) {
            try bytes.prefix(length).write(to: input)
            do {
                let report = try Converter.convert(
                    input: input.path, output: output.path, options: ConversionOptions(format: OutputFormat(container: .caf)))
                converted += 1
                #expect(report.frames > 0)
                #expect(try AudioFileParser.describeFile(atPath: output.path).frameCount == report.frames)
            } catch {
                #expect(!FileManager.default.fileExists(atPath: output.path))
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "length \(length): \(leftovers)")
            try? FileManager.default.removeItem(at: output)
        }
        #expect(converted > 0)
    }
}
