/// Writes CAF headers as afconvert lays them out: `desc`; for IMA4 a `pakt` with numPackets 0,
/// the valid frames and the remainder, and bitsPerChannel 0; a `free` chunk that puts the audio
/// at byte 4096; then `data` with its edit count.
public struct CAFWriter: ContainerHeaderWriter {
    /// Where the audio starts, as in afconvert's files.
    static let audioOffset = 4096

    /// A CAF header writer.
    public init() {}

    public func header(for layout: StreamLayout, audioBytes: UInt64, frames: Int64) -> [UInt8] {
        var out = HeaderBytes()
        out.ascii("caff")
        out.u16be(1)
        out.u16be(0)
        out.ascii("desc")
        out.u64be(32)
        out.u64be(layout.sampleRate.bitPattern)
        var flags: UInt32 = 0
        var bits = 8
        switch layout.encoding {
        case .linearPCM(let format):
            out.ascii("lpcm")
            flags = (format.isFloat ? 1 : 0) | (format.isBigEndian ? 0 : 2)
            bits = format.bits
        case .ima4:
            out.ascii("ima4")
            bits = 0
        case .muLaw: out.ascii("ulaw")
        case .aLaw: out.ascii("alaw")
        case .other: out.ascii("????")
        }
        out.u32be(flags)
        out.u32be(UInt32(layout.bytesPerPacket))
        out.u32be(UInt32(layout.framesPerPacket))
        out.u32be(UInt32(layout.channels))
        out.u32be(UInt32(bits))
        if layout.encoding == .ima4 {
            let packets = (frames + 63) / 64
            out.ascii("pakt")
            out.u64be(24)
            out.u64be(0)
            out.u64be(UInt64(frames))
            out.u32be(0)
            out.u32be(UInt32(packets * 64 - frames))
        }
        let freeSize = Self.audioOffset - out.bytes.count - 12 - 16
        out.ascii("free")
        out.u64be(UInt64(freeSize))
        out.zeros(freeSize)
        out.ascii("data")
        out.u64be(audioBytes + 4)
        out.u32be(1)
        return out.bytes
    }

    public func trailer(audioBytes: UInt64) -> [UInt8] { [] }
}
