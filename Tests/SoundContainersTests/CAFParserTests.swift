import Testing

@testable import SoundContainers

@Suite("CAF headers")
struct CAFParserTests {
    @Test("afconvert IMA4: pakt valid frames with numPackets 0 give the exact duration")
    func afconvertIMA4() throws {
        let description = try describe(CAFFixture.afconvertIMA4(channels: 1, validFrames: 176_403))
        #expect(description.encoding == .ima4)
        #expect(description.bitsPerChannel == 0)
        #expect(description.frameCount == 176_403)
        #expect(description.packetTable == PacketTableSummary(packetCount: 0, validFrames: 176_403, primingFrames: 0, remainderFrames: 45))
        #expect(description.packets?.packetCount == 2757)
    }

    @Test("IMA4 without pakt (ffmpeg): whole packets times 64")
    func ima4WithoutPacketTable() throws {
        let bytes = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 22050, format: "ima4", bytesPerPacket: 68, framesPerPacket: 64, channels: 2, bits: 4))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 68 * 10 + 30))
        }
        #expect(try describe(bytes).frameCount == 640)
    }

    @Test("data size -1 runs to the end of the file")
    func dataToEnd() throws {
        let bytes = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16))
            $0.cafChunk("data", size: -1, CAFFixture.data(audioBytes: 1000))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 500)
        #expect(description.dataSizeProblem == nil)
        #expect(description.notes == ["the data size is -1: the audio runs to the end of the file"])
    }

    @Test("lpcm flags: bit 0 float, bit 1 little-endian (the opposite of Apple's in-memory flag)")
    func linearPCMFlags() throws {
        let cases: [(UInt32, UInt32, String)] = [
            (0, 16, "BEI16"), (2, 16, "LEI16"), (1, 32, "BEF32"), (3, 32, "LEF32"), (0, 8, "I8"), (2, 24, "LEI24"),
        ]
        for (flags, bits, name) in cases {
            let bytes = CAFFixture.file {
                $0.cafChunk(
                    "desc",
                    CAFFixture.description(
                        rate: 44100, format: "lpcm", flags: flags, bytesPerPacket: bits / 8, framesPerPacket: 1, channels: 1, bits: bits))
                $0.cafChunk("data", CAFFixture.data(audioBytes: Int(bits / 8) * 3))
            }
            let description = try describe(bytes)
            #expect(description.encoding.name == name)
            #expect(description.frameCount == 3)
        }
    }

    @Test("AAC with a packet table: frames from valid frames; encoding named")
    func aacPacketTable() throws {
        let bytes = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 44100, format: "aac ", bytesPerPacket: 0, framesPerPacket: 1024, channels: 2, bits: 0))
            $0.cafChunk(
                "pakt",
                CAFFixture.packetTable(packets: 90, valid: 89341, priming: 2112, remainder: 707) + [UInt8](repeating: 0x10, count: 90))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 1440))
        }
        let description = try describe(bytes)
        #expect(description.encoding == .other("aac"))
        #expect(description.frameCount == 89341)
    }

    @Test("chunks after data are read for a pakt that comes late, by seeking past the audio")
    func packetTableAfterData() throws {
        let bytes = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 44100, format: "ima4", bytesPerPacket: 34, framesPerPacket: 64, channels: 1, bits: 0))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 34 * 100))
            $0.cafChunk("pakt", CAFFixture.packetTable(packets: 0, valid: 6350, remainder: 50))
        }
        #expect(try describe(bytes).frameCount == 6350)
    }

    @Test("errors: desc not first, negative sizes, impossible packets")
    func errors() {
        let descLate = CAFFixture.file {
            $0.cafChunk("free", [0, 0, 0, 0])
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16))
        }
        #expect(parseError(descLate) == .malformedChunk("free", offset: 8, reason: "the first chunk must be 'desc', not 'free'"))

        let negative = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16))
            $0.cafChunk("free", size: -2, [0, 0])
        }
        #expect(parseError(negative) == .malformedChunk("free", offset: 52, reason: "negative size -2"))

        let minusOneNotData = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16))
            $0.cafChunk("info", size: -1, [0, 0])
        }
        #expect(parseError(minusOneNotData) == .malformedChunk("info", offset: 52, reason: "size -1 is allowed only for the data chunk"))

        let zeroPacket = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "lpcm", bytesPerPacket: 0, framesPerPacket: 0, channels: 1, bits: 16))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 4))
        }
        #expect(
            parseError(zeroPacket)
                == .malformedChunk(
                    "desc", offset: 8, reason: "Linear PCM with 0 bytes and 0 frames per packet, 16 bits and 1 channels is impossible"))

        let badIMA4 = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 8000, format: "ima4", bytesPerPacket: 34, framesPerPacket: 64, channels: 2, bits: 0))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 68))
        }
        #expect(
            parseError(badIMA4)
                == .malformedChunk(
                    "desc", offset: 8, reason: "IMA4 needs 34 bytes per channel and 64 frames per packet, not 34 and 64"))

        let nanRate = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: .nan, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16))
        }
        #expect(parseError(nanRate) == .malformedChunk("desc", offset: 8, reason: "sample rate nan Hz is impossible"))

        var version2 = CAFFixture.file { _ in }
        version2[5] = 2
        #expect(parseError(version2) == .malformedChunk("caff", offset: 0, reason: "file version 2 is not 1"))
    }

    @Test("ALAC: a short last packet that says its length wins over a pakt that counts it as full (FFmpeg's writer)")
    func alacLastPacket() throws {
        /// An ALAC CAF of three packets of `sizes` bytes (4096 frames each, the last holding
        /// `lastFrames` when given), its pakt listing `valid` frames and `remainder`.
        func file(valid: Int64, remainder: Int32, lastFrames: UInt32?) -> [UInt8] {
            // Sizes as variable-length integers: 10, 300 (two bytes), 9.
            let entries: [UInt8] = [10, 0x82, 0x2C, 9]
            var packets: [UInt8] = []
            packets += [UInt8](repeating: 0x20, count: 10)
            packets += [UInt8](repeating: 0x20, count: 300)
            // Element SCE (000), tag 0000, 12 unused bits, has size, shift 00, compressed (0), then the count.
            var last: UInt64 = 0
            if let lastFrames { last = 1 << 36 | UInt64(lastFrames) << 1 }
            packets += (0..<7).map { UInt8(truncatingIfNeeded: last >> UInt64(48 - 8 * $0)) } + [0, 0]
            return CAFFixture.file {
                $0.cafChunk("desc", CAFFixture.description(rate: 22050, format: "alac", bytesPerPacket: 0, framesPerPacket: 4096, channels: 1, bits: 0))
                $0.cafChunk("pakt", CAFFixture.packetTable(packets: 3, valid: valid, remainder: remainder) + entries)
                $0.cafChunk("data", ByteBuilder.fields { $0.u32be(1) } + packets)
            }
        }
        let ffmpeg = try describe(file(valid: 12288, remainder: 0, lastFrames: 2833))
        #expect(ffmpeg.frameCount == 11025)
        #expect(ffmpeg.notes == ["pakt declares 12288 valid frames but the packets hold 11025"])
        let afconvert = try describe(file(valid: 11025, remainder: 1263, lastFrames: 2833))
        #expect(afconvert.frameCount == 11025)
        #expect(afconvert.notes.isEmpty)
        let full = try describe(file(valid: 12288, remainder: 0, lastFrames: nil))
        #expect(full.frameCount == 12288, "a last packet without a size is a full one")
        // Every prefix of the table and the audio still parses or throws; never a wrong count above the table's.
        let bytes = file(valid: 12288, remainder: 0, lastFrames: 2833)
        for length in 0..<bytes.count {
            if let described = try? describe(Array(bytes.prefix(length))) { #expect((described.frameCount ?? 0) <= 12288) }
        }
    }
}
