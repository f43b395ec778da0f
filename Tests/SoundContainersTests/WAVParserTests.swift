import Testing

@testable import SoundContainers

@Suite("WAV, RIFX and RF64 headers")
struct WAVParserTests {
    @Test("16-bit PCM: frames are data bytes over block align")
    func plainPCM() throws {
        let bytes = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
            $0.riffChunk("data", [UInt8](repeating: 0, count: 200))
        }
        let description = try describe(bytes)
        #expect(description.container == .wav)
        #expect(description.encoding.name == "LEI16")
        #expect(description.frameCount == 100)
        #expect(description.dataRange == 44..<244)
    }

    @Test("8-bit WAV is unsigned")
    func eightBitUnsigned() throws {
        let bytes = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 1, rate: 11025, blockAlign: 1, bits: 8))
            $0.riffChunk("data", [UInt8](repeating: 0x80, count: 11))
        }
        let description = try describe(bytes)
        #expect(description.encoding == .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false)))
        #expect(description.frameCount == 11)
    }

    @Test(
        "streaming placeholders 0xFFFFFFFF and 0x7FFFF000 and 0 are clamped to the file", arguments: [UInt32(0xFFFF_FFFF), 0x7FFF_F000, 0])
    func placeholderSizes(size: UInt32) throws {
        let bytes = WAVFixture.file(riffSize: size) {
            $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
            $0.riffChunk("data", size: size, [UInt8](repeating: 1, count: 300))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 150)
        #expect(description.dataSizeProblem == .placeholder(declared: Int64(size)))
    }

    @Test("a data size past the end of the file is cut to the whole frames present")
    func cutShort() throws {
        let bytes = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 2, rate: 8000, blockAlign: 4, bits: 16))
            $0.riffChunk("data", size: 16360, [UInt8](repeating: 1, count: 10))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 2)
        #expect(description.dataSizeProblem == .runsPastEnd(declared: 16360, present: 10))
    }

    @Test("fmt after LIST, and chunks after data are not needed")
    func formatAfterList() throws {
        let bytes = WAVFixture.file {
            $0.riffChunk("LIST", Array("INFOISFT\u{5}\0\0\0abcd\0".utf8))
            $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
            $0.riffChunk("data", [UInt8](repeating: 0, count: 8))
            $0.riffChunk("smpl", [UInt8](repeating: 0, count: 36))
        }
        #expect(try describe(bytes).frameCount == 4)
    }

    @Test("an odd data chunk with its pad byte, and without it at the end of the file")
    func oddDataChunk() throws {
        for pad in [true, false] {
            let bytes = WAVFixture.file {
                $0.riffChunk("fmt ", WAVFixture.format(tag: 7, channels: 1, rate: 8000, blockAlign: 1, bits: 8))
                $0.riffChunk("data", pad: pad, [UInt8](repeating: 0xFF, count: 4001))
            }
            let description = try describe(bytes)
            #expect(description.encoding == .muLaw)
            #expect(description.frameCount == 4001)
            #expect(description.dataSizeProblem == nil)
        }
    }

    @Test("data before fmt is found once fmt is read")
    func dataBeforeFormat() throws {
        let bytes = WAVFixture.file {
            $0.riffChunk("data", [UInt8](repeating: 0, count: 8))
            $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
        }
        #expect(try describe(bytes).frameCount == 4)
    }

    @Test("RIFX: every field big-endian, samples too")
    func rifx() throws {
        let bytes = WAVFixture.file(magic: "RIFX") {
            $0.riffChunk(
                "fmt ", bigEndian: true, WAVFixture.format(tag: 1, channels: 2, rate: 22050, blockAlign: 4, bits: 16, bigEndian: true))
            $0.riffChunk("data", bigEndian: true, [UInt8](repeating: 0, count: 40))
        }
        let description = try describe(bytes)
        #expect(description.encoding.name == "BEI16")
        #expect(description.sampleRate == 22050)
        #expect(description.frameCount == 10)
    }

    @Test("RF64: sizes come from ds64")
    func rf64() throws {
        var ds64 = ByteBuilder()
        ds64.u64le(4 + 8 + 28 + 8 + 16 + 8 + 400 + 8 + 4)
        ds64.u64le(400)
        ds64.u64le(100)
        ds64.u32le(0)
        let bytes = WAVFixture.file(magic: "RF64", riffSize: 0xFFFF_FFFF) {
            $0.riffChunk("ds64", ds64.bytes)
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 2, rate: 48000, blockAlign: 4, bits: 16))
            $0.riffChunk("data", size: 0xFFFF_FFFF, [UInt8](repeating: 0, count: 400))
            $0.riffChunk("LIST", [UInt8](repeating: 0, count: 4))
        }
        let description = try describe(bytes)
        #expect(description.container == .rf64)
        #expect(description.frameCount == 100)
        #expect(description.dataSizeProblem == nil)
        #expect(description.notes.isEmpty)
    }

    @Test("RF64 without ds64 is an error")
    func rf64WithoutDS64() {
        let bytes = WAVFixture.file(magic: "RF64") {
            $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
            $0.riffChunk("data", [UInt8](repeating: 0, count: 32))
        }
        #expect(parseError(bytes) == .missingChunk("ds64"))
    }

    @Test("EXTENSIBLE: 24 valid bits in 32-bit slots, and float")
    func extensible() throws {
        let pcm = WAVFixture.file {
            $0.riffChunk(
                "fmt ",
                WAVFixture.format(
                    tag: 0xFFFE, channels: 2, rate: 48000, blockAlign: 8, bits: 32,
                    extra: WAVFixture.extensible(validBits: 24, channelMask: 3, tag: 1)))
            $0.riffChunk("data", [UInt8](repeating: 0, count: 80))
        }
        let description = try describe(pcm)
        #expect(description.encoding == .linearPCM(LinearPCMFormat(bits: 24, bytesPerSample: 4, isBigEndian: false)))
        #expect(description.encoding.name == "LEI24in32")
        #expect(description.frameCount == 10)

        let float = WAVFixture.file {
            $0.riffChunk(
                "fmt ",
                WAVFixture.format(
                    tag: 0xFFFE, channels: 1, rate: 44100, blockAlign: 4, bits: 32,
                    extra: WAVFixture.extensible(validBits: 32, channelMask: 4, tag: 3)))
            $0.riffChunk("data", [UInt8](repeating: 0, count: 16))
        }
        #expect(try describe(float).encoding.name == "LEF32")
    }

    @Test("EXTENSIBLE with an unknown GUID is malformed")
    func extensibleUnknownGUID() {
        let bytes = WAVFixture.file {
            $0.riffChunk(
                "fmt ",
                WAVFixture.format(
                    tag: 0xFFFE, channels: 1, rate: 8000, blockAlign: 2, bits: 16,
                    extra: WAVFixture.extensible(validBits: 16, channelMask: 4, tag: 1, guidTail: [UInt8](repeating: 7, count: 12))))
            $0.riffChunk("data", [0, 0])
        }
        #expect(parseError(bytes) == .malformedChunk("fmt ", offset: 12, reason: "unknown WAVE_FORMAT_EXTENSIBLE sub-format GUID"))
    }

    @Test("IMA ADPCM (0x11): frames from whole blocks, the tail block, and fact when not larger")
    func imaADPCM() throws {
        // 256-byte mono blocks hold (256 - 4) * 2 + 1 = 505 frames; a 104-byte tail holds 1 + 100 * 2 = 201.
        func file(fact: UInt32?) -> [UInt8] {
            WAVFixture.file {
                $0.riffChunk(
                    "fmt ",
                    WAVFixture.format(
                        tag: 0x11, channels: 1, rate: 8000, blockAlign: 256, bits: 4,
                        extra: ByteBuilder.fields {
                            $0.u16le(2); $0.u16le(505)
                        }))
                if let fact { $0.riffChunk("fact", ByteBuilder.fields { $0.u32le(fact) }) }
                $0.riffChunk("data", [UInt8](repeating: 0, count: 2 * 256 + 104))
            }
        }
        let computed = try describe(file(fact: nil))
        #expect(computed.encoding == .other("ima-adpcm-wav"))
        #expect(computed.frameCount == Int64(2 * 505 + 201))
        #expect(computed.notes.isEmpty)
        // A fact within the last block trims its padding; one a block or more away is wrong, and the data wins.
        let trimmed = try describe(file(fact: 1200))
        #expect(trimmed.frameCount == 1200)
        #expect(trimmed.notes.isEmpty)
        #expect(try describe(file(fact: 1211 - 504)).frameCount == 1211 - 504)
        for wrong: UInt32 in [1211 - 505, 600, 99999, 0] {
            let described = try describe(file(fact: wrong))
            #expect(described.frameCount == 1211, "fact \(wrong)")
            #expect(described.notes == ["the fact chunk says \(wrong) frames but the data holds 1211; the data's length is used"])
        }
    }

    @Test("a stereo IMA ADPCM file whose fact was divided by the channels twice: the data's length, with a note")
    func factHalved() throws {
        // 2048-byte stereo blocks hold (2048 - 8) * 2 / 2 + 1 = 2041 frames; 11 blocks and a 8-byte tail hold 22,452.
        let bytes = WAVFixture.file {
            $0.riffChunk(
                "fmt ",
                WAVFixture.format(
                    tag: 0x11, channels: 2, rate: 44100, blockAlign: 2048, bits: 4, extra: ByteBuilder.fields { $0.u16le(2); $0.u16le(2041) }))
            $0.riffChunk("fact", ByteBuilder.fields { $0.u32le(11225) })
            $0.riffChunk("data", [UInt8](repeating: 0, count: 11 * 2048 + 8))
        }
        let described = try describe(bytes)
        #expect(described.frameCount == Int64(11 * 2041 + 1))
        #expect(described.notes == ["the fact chunk says 11225 frames but the data holds 22452; the data's length is used"])
    }

    @Test("errors: no fmt, no data, block align 0, impossible PCM")
    func errors() {
        #expect(parseError(WAVFixture.file { $0.riffChunk("data", [0, 0]) }) == .missingChunk("fmt "))
        #expect(parseError(WAVFixture.file { $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k) }) == .missingChunk("data"))
        let zeroAlign = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 1, rate: 8000, blockAlign: 0, bits: 16))
            $0.riffChunk("data", [0, 0])
        }
        #expect(parseError(zeroAlign) == .malformedChunk("fmt ", offset: 12, reason: "block align 0 is impossible"))
        let zeroChannels = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 0, rate: 8000, blockAlign: 2, bits: 16))
            $0.riffChunk("data", [0, 0])
        }
        #expect(parseError(zeroChannels) == .malformedChunk("fmt ", offset: 12, reason: "0 channels is impossible"))
        let badPCM = WAVFixture.file {
            $0.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 2, rate: 8000, blockAlign: 2, bits: 16))
            $0.riffChunk("data", [0, 0])
        }
        #expect(parseError(badPCM) == .malformedChunk("fmt ", offset: 12, reason: "16-bit PCM cannot fill 2-byte blocks of 2 channels"))
    }
}
