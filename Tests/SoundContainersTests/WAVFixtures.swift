@testable import SoundContainers

/// WAV files built byte by byte.
enum WAVFixture {
    /// A 16-byte `fmt ` body, optionally with extra bytes (cbSize and extension).
    static func format(
        tag: UInt16, channels: UInt16, rate: UInt32, blockAlign: UInt16, bits: UInt16, bigEndian: Bool = false,
        extra: [UInt8] = []
    ) -> [UInt8] {
        ByteBuilder.fields { b in
            b.u16(tag, bigEndian: bigEndian)
            b.u16(channels, bigEndian: bigEndian)
            b.u32(rate, bigEndian: bigEndian)
            b.u32(rate * UInt32(blockAlign), bigEndian: bigEndian)
            b.u16(blockAlign, bigEndian: bigEndian)
            b.u16(bits, bigEndian: bigEndian)
            b.raw(extra)
        }
    }

    /// The 24-byte WAVE_FORMAT_EXTENSIBLE extension (after cbSize = 22) for sub-format `tag`.
    static func extensible(validBits: UInt16, channelMask: UInt32, tag: UInt16, guidTail: [UInt8]? = nil) -> [UInt8] {
        ByteBuilder.fields { b in
            b.u16le(22)
            b.u16le(validBits)
            b.u32le(channelMask)
            b.u32le(UInt32(tag))
            b.raw(guidTail ?? [0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
    }

    /// A whole file: RIFF header (size computed unless given) around `chunks`.
    static func file(magic: String = "RIFF", riffSize: UInt32? = nil, _ chunks: (inout ByteBuilder) -> Void) -> [UInt8] {
        var body = ByteBuilder()
        body.ascii("WAVE")
        chunks(&body)
        var file = ByteBuilder()
        file.ascii(magic)
        let size = riffSize ?? UInt32(body.bytes.count)
        magic == "RIFX" ? file.u32be(size) : file.u32le(size)
        file.raw(body.bytes)
        return file.bytes
    }

    static let pcm16Mono8k = format(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16)
}
