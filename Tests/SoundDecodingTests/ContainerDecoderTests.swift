import SoundContainers
import SoundDecoding
import TestSupport
import Testing

@Suite("Our decoders against ffmpeg's")
struct ContainerDecoderTests {
    /// Every sound in Samples/valid and every passing real sound: all the containers, encodings
    /// and size traps `validate` accepts.
    static let files: [String] = {
        let samples = TestPaths.tsvRows(TestPaths.samples + "/MANIFEST.tsv").filter { $0["verdict"] == "pass" }.compactMap {
            $0["file"].map { TestPaths.samples + "/" + $0 }
        }
        let real = TestPaths.tsvRows(TestPaths.realCorpus + "/EXPECTED.tsv").filter { $0["verdict"] != "fail" }.compactMap {
            $0["file"].map { TestPaths.realCorpus + "/" + $0 }
        }
        return samples + real
    }()

    /// Samples ffmpeg 5.1 gets wrong, each checked against sox instead, with the reason.
    static let ffmpegMisreads: [String: String] = [
        "rifx-BEI16-mono-22050.wav": "ffmpeg decodes RIFX's big-endian samples as little-endian (sox and libsndfile agree with us)",
        "aiff-streamed-zero-sizes.aiff": "ffmpeg refuses an AIFF whose FORM and SSND sizes are 0, as a streaming writer leaves them",
    ]

    /// Decodes the whole file with `ContainerDecoder`, in blocks of an odd size.
    static func decodeAll(_ path: String) throws -> (AudioDescription, [Float]) {
        let file = try FileByteSource(path: path)
        let description = try AudioFileParser.describe(file)
        var decoder = try ContainerDecoder(source: file, description: description)
        var samples: [Float] = []
        while try decoder.decode(frames: 1000, into: &samples) > 0 {}
        return (description, samples)
    }

    @Test(
        "samples equal ffmpeg's decode: PCM and G.711 bit for bit, IMA4 sample for sample up to the header's frame count",
        .enabled(if: ExternalTools.available, "ffmpeg is not installed"), arguments: files)
    func matchesFFmpeg(path: String) throws {
        let (description, ours) = try Self.decodeAll(path)
        #expect(Int64(ours.count) == (description.frameCount ?? -1) * Int64(description.channels), "\(path)")
        let usesSox = Self.ffmpegMisreads[path.split(separator: "/").last.map(String.init) ?? ""] != nil
        let theirs = try #require(
            usesSox ? ExternalTools.soxFloatSamples(path) : ExternalTools.ffmpegFloatSamples(path), "the reference cannot decode \(path)")
        switch description.encoding {
        case .ima4:
            // ffmpeg decodes whole packets, CAF's remainder frames included; we stop at the valid frames.
            let padding = Int(description.packetTable?.remainderFrames ?? 63) * description.channels
            #expect(theirs.count >= ours.count && theirs.count - ours.count <= padding, "\(path)")
        default:
            #expect(theirs.count == ours.count, "\(path): ffmpeg \(theirs.count) samples, ours \(ours.count)")
        }
        let differing = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            differing == nil,
            "\(path): sample \(differing?.offset ?? 0) is \(differing?.element.0 ?? 0), ffmpeg has \(differing?.element.1 ?? 0)")
    }

    @Test("the decoder stops at the header's frame count, never past the bytes present, and reads from memory")
    func framesFromTheDescription() throws {
        // 10 frames of 16-bit mono declared, 7 present and half of an 8th: 7 come out.
        let pcm = LinearPCMFormat(bits: 16, isBigEndian: false)
        let bytes: [UInt8] = (0..<15).map { UInt8($0) }
        let description = AudioDescription(
            container: .wav, encoding: .linearPCM(pcm), sampleRate: 8000, channels: 1, bitsPerChannel: 16, frameCount: 10,
            dataRange: 0..<15)
        var decoder = try ContainerDecoder(source: MemoryByteSource(bytes), description: description)
        var samples: [Float] = []
        #expect(try decoder.decode(frames: 100, into: &samples) == 7)
        #expect(samples[0] == Float(Int16(0x0100)) / 32768)
        #expect(try decoder.decode(frames: 100, into: &samples) == 0)
        // A frame count below the bytes present wins.
        var short = description
        short.frameCount = 3
        var shortDecoder = try ContainerDecoder(source: MemoryByteSource(bytes), description: short)
        samples.removeAll()
        #expect(try shortDecoder.decode(frames: 100, into: &samples) == 3)
    }

    @Test("every layout decodes to the value it stores: widths, byte orders, signedness, float")
    func layouts() throws {
        let cases: [(LinearPCMFormat, [UInt8], Float)] = [
            (LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false), [0x00], -1),
            (LinearPCMFormat(bits: 8, isBigEndian: true), [0x80], -1),
            (LinearPCMFormat(bits: 16, isBigEndian: true), [0x40, 0x00], 0.5),
            (LinearPCMFormat(bits: 16, isBigEndian: false), [0x00, 0xC0], -0.5),
            (LinearPCMFormat(bits: 24, isBigEndian: true), [0xFF, 0xFF, 0xFF], -1 / 8_388_608),
            (LinearPCMFormat(bits: 24, isBigEndian: false), [0x00, 0x00, 0x40], 0.5),
            (LinearPCMFormat(bits: 32, isBigEndian: false), [0x00, 0x00, 0x00, 0x80], -1),
            (LinearPCMFormat(bits: 32, isFloat: true, isBigEndian: true), [0x3F, 0x00, 0x00, 0x00], 0.5),
            (LinearPCMFormat(bits: 64, isFloat: true, isBigEndian: false), [0, 0, 0, 0, 0, 0, 0xE0, 0xBF], -0.5),
        ]
        for (format, bytes, expected) in cases {
            let description = AudioDescription(
                container: .caf, encoding: .linearPCM(format), sampleRate: 8000, channels: 1, bitsPerChannel: format.bits,
                frameCount: 1, dataRange: 0..<UInt64(bytes.count))
            var decoder = try ContainerDecoder(source: MemoryByteSource(bytes), description: description)
            var samples: [Float] = []
            #expect(try decoder.decode(frames: 1, into: &samples) == 1)
            #expect(samples == [expected], "\(format.name)")
        }
    }

    @Test("AAC, ALAC and ADPCM are refused by name; a damaged IMA4 packet says which")
    func refusals() throws {
        let aac = AudioDescription(
            container: .caf, encoding: .other("aac"), sampleRate: 44100, channels: 2, bitsPerChannel: 0, frameCount: nil, dataRange: 0..<0)
        #expect(throws: DecodingError.unsupportedEncoding("AAC")) { try ContainerDecoder(source: MemoryByteSource([]), description: aac) }
        var packet = [UInt8](repeating: 0, count: 34)
        packet[1] = 0x7F  // step index 127
        let ima4 = AudioDescription(
            container: .caf, encoding: .ima4, sampleRate: 8000, channels: 1, bitsPerChannel: 0, frameCount: 64, dataRange: 0..<34)
        var decoder = try ContainerDecoder(source: MemoryByteSource(packet), description: ima4)
        var samples: [Float] = []
        #expect(throws: DecodingError.corruptPacket(number: 0, reason: "channel 0 has step index 127 (at most 88)")) {
            try decoder.decode(frames: 64, into: &samples)
        }
    }
}
