@testable import SoundContainers

/// AIFF and AIFF-C files built byte by byte.
enum AIFFFixture {
    /// A COMM chunk body: channels, frames, sample size, rate, and for AIFF-C a compression type.
    static func common(
        channels: UInt16, frames: UInt32, sampleSize: UInt16, rate: Double, compression: String? = nil, name: String = ""
    ) -> [UInt8] {
        ByteBuilder.fields { b in
            b.u16be(channels)
            b.u32be(frames)
            b.u16be(sampleSize)
            b.raw(encodeExtendedFloat(rate))
            if let compression {
                b.ascii(compression)
                b.raw([UInt8(name.utf8.count)])
                b.ascii(name)
                if (name.utf8.count + 1) % 2 == 1 { b.zeros(1) }
            }
        }
    }

    /// An SSND chunk body holding `audioBytes` bytes after the offset and block size fields.
    static func sound(audioBytes: Int, offset: UInt32 = 0) -> [UInt8] {
        ByteBuilder.fields { b in
            b.u32be(offset)
            b.u32be(0)
            b.zeros(Int(offset) + audioBytes)
        }
    }

    /// A whole file: FORM header (size computed unless given) around `chunks`.
    static func file(compressed: Bool = false, formSize: UInt32? = nil, _ chunks: (inout ByteBuilder) -> Void) -> [UInt8] {
        var body = ByteBuilder()
        body.ascii(compressed ? "AIFC" : "AIFF")
        chunks(&body)
        var file = ByteBuilder()
        file.ascii("FORM")
        file.u32be(formSize ?? UInt32(body.bytes.count))
        file.raw(body.bytes)
        return file.bytes
    }
}
