import Testing

@testable import SoundContainers

@Suite("AIFF and AIFF-C headers")
struct AIFFParserTests {
    @Test("16-bit PCM: frames from COMM, audio range after the SSND offset fields")
    func plainPCM() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 100, sampleSize: 16, rate: 22050))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 200))
        }
        let description = try describe(bytes)
        #expect(description.container == .aiff)
        #expect(description.encoding == .linearPCM(LinearPCMFormat(bits: 16, isBigEndian: true)))
        #expect(description.sampleRate == 22050)
        #expect(description.frameCount == 100)
        #expect(description.dataRange == 54..<254)
        #expect(description.dataSizeProblem == nil)
    }

    @Test("8-bit AIFF is signed")
    func eightBitSigned() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 10, sampleSize: 8, rate: 8000))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 10))
        }
        #expect(try describe(bytes).encoding == .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: true, isSigned: true)))
        #expect(try describe(bytes).encoding.name == "I8")
    }

    @Test("IMA4 AIFF-C: frames come from SSND bytes; COMM counts packets (Apple's convention)")
    func ima4FramesFromSoundBytes() throws {
        let packets = 27563
        let bytes = AIFFFixture.file(compressed: true) {
            $0.iffChunk("FVER", ByteBuilder.fields { $0.u32be(0xA280_5140) })
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: UInt32(packets), sampleSize: 4, rate: 44100, compression: "ima4"))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: packets * 34))
        }
        let description = try describe(bytes)
        #expect(description.container == .aifc)
        #expect(description.encoding == .ima4)
        #expect(description.frameCount == Int64(packets * 64))
        #expect(description.packets == PacketLayout(bytesPerPacket: 34, framesPerPacket: 64, packetCount: Int64(packets)))
        #expect(description.notes.isEmpty)
    }

    @Test("IMA4 stereo from libsndfile: COMM holds half the packets; frames still come from SSND")
    func ima4LibsndfileHalvedCount() throws {
        let bytes = AIFFFixture.file(compressed: true) {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 2, frames: 1034, sampleSize: 16, rate: 44100, compression: "ima4"))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 2068 * 68))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == Int64(2068 * 64))
        #expect(description.notes == ["COMM declares 1034 packets but SSND holds 2068 (libsndfile halves the count in stereo files)"])
    }

    @Test("SSND before COMM")
    func soundBeforeCommon() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 40))
            $0.iffChunk("COMM", AIFFFixture.common(channels: 2, frames: 10, sampleSize: 16, rate: 44100))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 10)
        #expect(description.channels == 2)
        #expect(description.dataRange == 28..<68)
    }

    @Test("an odd-sized chunk is followed by its pad byte")
    func oddChunkPadding() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("NAME", Array("odd".utf8))
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 3, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 6))
        }
        #expect(try describe(bytes).frameCount == 3)
    }

    @Test("FORM size shorter than the file: trailing ID3 chunk is ignored")
    func formShorterThanFile() throws {
        var bytes = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 5, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 10))
        }
        bytes += Array("ID3 ".utf8) + [0, 0, 0, 16] + [UInt8](repeating: 0x41, count: 16)
        let description = try describe(bytes)
        #expect(description.frameCount == 5)
        #expect(description.notes == ["24 bytes follow the FORM's declared end and are ignored"])
    }

    @Test("ffmpeg to a pipe: FORM, numSampleFrames and SSND size all 0; audio runs to the end")
    func streamedZeroSizes() throws {
        let bytes = AIFFFixture.file(formSize: 0) {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 0, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", size: 0, AIFFFixture.sound(audioBytes: 16000))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 8000)
        #expect(description.dataSizeProblem == .placeholder(declared: 0))
    }

    @Test("SSND cut short: frames counted from what is present")
    func soundCutShort() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 1000, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", size: 2008, AIFFFixture.sound(audioBytes: 100))
        }
        let description = try describe(bytes)
        #expect(description.frameCount == 50)
        #expect(description.dataSizeProblem == .runsPastEnd(declared: 2000, present: 100))
    }

    @Test("SGI ALAW says 16-bit samples: G.711 is one byte per sample whatever sampleSize says")
    func sgiALaw() throws {
        let bytes = AIFFFixture.file(compressed: true) {
            $0.iffChunk(
                "COMM",
                AIFFFixture.common(channels: 2, frames: 50, sampleSize: 16, rate: 8000, compression: "ALAW", name: "SGI CCITT G.711 A-law"))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 100))
        }
        let description = try describe(bytes)
        #expect(description.encoding == .aLaw)
        #expect(description.frameCount == 50)
    }

    @Test("sowt is little-endian 16-bit, fl32 big-endian float")
    func aifcPCMVariants() throws {
        for (type, expected) in [
            ("sowt", LinearPCMFormat(bits: 16, isBigEndian: false)),
            ("fl32", LinearPCMFormat(bits: 32, isFloat: true, isBigEndian: true)),
            ("in24", LinearPCMFormat(bits: 24, isBigEndian: true)),
        ] {
            let bytes = AIFFFixture.file(compressed: true) {
                $0.iffChunk(
                    "COMM", AIFFFixture.common(channels: 1, frames: 2, sampleSize: UInt16(expected.bits), rate: 8000, compression: type))
                $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 2 * expected.bytesPerSample))
            }
            #expect(try describe(bytes).encoding == .linearPCM(expected), "\(type)")
        }
    }

    @Test("MACE and unknown compression types are named")
    func otherCompression() throws {
        for (type, name) in [("MAC3", "mace3"), ("GSM ", "gsm"), ("XYZW", "aifc-'XYZW'")] {
            let bytes = AIFFFixture.file(compressed: true) {
                $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 6, sampleSize: 8, rate: 8000, compression: type))
                $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 2))
            }
            #expect(try describe(bytes).encoding == .other(name))
        }
    }

    @Test("errors carry their evidence")
    func errors() {
        let noCommon = AIFFFixture.file { $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 4)) }
        #expect(parseError(noCommon) == .missingChunk("COMM"))

        let noSound = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 5, sampleSize: 16, rate: 8000))
        }
        #expect(parseError(noSound) == .missingChunk("SSND"))

        let shortCommon = AIFFFixture.file { $0.iffChunk("COMM", [0, 1, 0, 0]) }
        #expect(parseError(shortCommon) == .malformedChunk("COMM", offset: 12, reason: "size 4 is under the 18 bytes it must hold"))

        let zeroChannels = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 0, frames: 5, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 10))
        }
        #expect(parseError(zeroChannels) == .malformedChunk("COMM", offset: 12, reason: "0 channels is impossible"))

        let zeroRate = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 5, sampleSize: 16, rate: 0))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 10))
        }
        #expect(parseError(zeroRate) == .malformedChunk("COMM", offset: 12, reason: "sample rate 0.0 Hz is impossible"))

        let full = AIFFFixture.file {
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 5, sampleSize: 16, rate: 8000))
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 10))
        }
        #expect(parseError(Array(full.prefix(30))) == .truncated(at: 30, context: "the COMM chunk"))
    }

    @Test("80-bit extended rates: the table in formats.md, and infinities/NaNs rejected")
    func extendedFloat() {
        let table: [(Double, [UInt8])] = [
            (8000, [0x40, 0x0B, 0xFA, 0x00]), (11025, [0x40, 0x0C, 0xAC, 0x44]), (22050, [0x40, 0x0D, 0xAC, 0x44]),
            (44100, [0x40, 0x0E, 0xAC, 0x44]), (48000, [0x40, 0x0E, 0xBB, 0x80]), (96000, [0x40, 0x0F, 0xBB, 0x80]),
        ]
        for (rate, head) in table {
            let encoded = encodeExtendedFloat(rate)
            #expect(Array(encoded.prefix(4)) == head, "\(rate)")
            #expect(decodeExtendedFloat(ByteFields(encoded), at: 0) == rate)
        }
        let infinity: [UInt8] = [0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0]
        #expect(decodeExtendedFloat(ByteFields(infinity), at: 0) == nil)
    }
}
