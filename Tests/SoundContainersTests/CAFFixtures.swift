@testable import SoundContainers

/// CAF files built byte by byte.
enum CAFFixture {
    /// A `desc` body.
    static func description(
        rate: Double, format: String, flags: UInt32 = 0, bytesPerPacket: UInt32, framesPerPacket: UInt32,
        channels: UInt32, bits: UInt32
    ) -> [UInt8] {
        ByteBuilder.fields { b in
            b.f64be(rate)
            b.ascii(format)
            b.u32be(flags)
            b.u32be(bytesPerPacket)
            b.u32be(framesPerPacket)
            b.u32be(channels)
            b.u32be(bits)
        }
    }

    /// A 24-byte `pakt` body with no packet sizes.
    static func packetTable(packets: Int64, valid: Int64, priming: Int32 = 0, remainder: Int32) -> [UInt8] {
        ByteBuilder.fields { b in
            b.i64be(packets)
            b.i64be(valid)
            b.u32be(UInt32(bitPattern: priming))
            b.u32be(UInt32(bitPattern: remainder))
        }
    }

    /// A `data` body: edit count and audio bytes.
    static func data(audioBytes: Int) -> [UInt8] {
        ByteBuilder.fields { b in
            b.u32be(1)
            b.zeros(audioBytes)
        }
    }

    /// A whole file: the `caff` header and `chunks`.
    static func file(_ chunks: (inout ByteBuilder) -> Void) -> [UInt8] {
        var file = ByteBuilder()
        file.ascii("caff")
        file.u16be(1)
        file.u16be(0)
        chunks(&file)
        return file.bytes
    }

    /// afconvert's IMA4 layout: desc (bits 0), pakt with numPackets 0, free, data.
    static func afconvertIMA4(channels: UInt32, validFrames: Int64) -> [UInt8] {
        let packets = (validFrames + 63) / 64
        return file {
            $0.cafChunk(
                "desc",
                description(rate: 44100, format: "ima4", bytesPerPacket: 34 * channels, framesPerPacket: 64, channels: channels, bits: 0))
            $0.cafChunk("pakt", packetTable(packets: 0, valid: validFrames, remainder: Int32(packets * 64 - validFrames)))
            $0.cafChunk("free", [UInt8](repeating: 0, count: 16))
            $0.cafChunk("data", data(audioBytes: Int(packets) * 34 * Int(channels)))
        }
    }
}
