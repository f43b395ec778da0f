/// Writes RIFF WAVE headers: format 1 (integer PCM, 8-bit unsigned), 3 (float, with `fact`),
/// 6 (A-law) or 7 (µ-law, with `fact`). WAVE cannot hold IMA4.
public struct WAVWriter: ContainerHeaderWriter {
    /// A WAV header writer.
    public init() {}

    public func header(for layout: StreamLayout, audioBytes: UInt64, frames: Int64) -> [UInt8] {
        var tag: UInt16 = 1
        var bits = 8
        switch layout.encoding {
        case .linearPCM(let format):
            tag = format.isFloat ? 3 : 1
            bits = format.bytesPerSample * 8
        case .aLaw: tag = 6
        case .muLaw: tag = 7
        case .ima4, .other: tag = 0
        }
        let needsFact = tag != 1
        var out = HeaderBytes()
        out.ascii("RIFF")
        let formatSize = needsFact ? 18 : 16
        let chunks = 8 + formatSize + (needsFact ? 12 : 0) + 8
        out.u32le(clamped32(UInt64(4 + chunks) + audioBytes + audioBytes % 2))
        out.ascii("WAVE")
        out.ascii("fmt ")
        out.u32le(UInt32(formatSize))
        out.u16le(tag)
        out.u16le(UInt16(layout.channels))
        out.u32le(UInt32(layout.sampleRate.rounded()))
        out.u32le(UInt32(layout.sampleRate.rounded()) * UInt32(layout.bytesPerPacket))
        out.u16le(UInt16(layout.bytesPerPacket))
        out.u16le(UInt16(bits))
        if needsFact {
            out.u16le(0)
            out.ascii("fact")
            out.u32le(4)
            out.u32le(clamped32(UInt64(max(0, frames))))
        }
        out.ascii("data")
        out.u32le(clamped32(audioBytes))
        return out.bytes
    }

    public func trailer(audioBytes: UInt64) -> [UInt8] { audioBytes % 2 == 1 ? [0] : [] }
}
