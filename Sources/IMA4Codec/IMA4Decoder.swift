/// Decodes Apple IMA4 packets to 16-bit samples, carrying each channel's state across packets as
/// Apple's newer decoders and ffmpeg do: the running state is kept when a header agrees with it
/// (same step index, predictor within 127), and the header is loaded otherwise.
public struct IMA4Decoder: Sendable {
    /// Interleaved channels.
    public let channels: Int
    private var states: [IMA4ChannelState]
    private var packetsDecoded = 0

    /// A decoder for `channels` interleaved channels.
    public init(channels: Int) {
        self.channels = channels
        states = Array(repeating: IMA4ChannelState(), count: channels)
    }

    /// Decodes one packet of `IMA4.bytesPerPacket(channels:)` bytes into 64 interleaved frames
    /// appended to `output`.
    /// - Throws: `IMA4Error.invalidStepIndex` for a header whose index is above 88.
    public mutating func decodePacket(_ packet: UnsafeRawBufferPointer, into output: inout [Int16]) throws(IMA4Error) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: IMA4.framesPerPacket * channels))
        for channel in 0..<channels {
            let base = channel * IMA4.bytesPerChannelPacket
            let header = Int32(packet[base]) << 8 | Int32(packet[base + 1])
            let index = header & 0x7F
            guard index <= 88 else {
                throw .invalidStepIndex(packet: packetsDecoded, channel: channel, index: Int(index))
            }
            let predictor = Int32(Int16(truncatingIfNeeded: header & 0xFF80))
            var state = states[channel]
            if packetsDecoded == 0 || state.index != index || abs(predictor - state.predictor) > 127 {
                state = IMA4ChannelState(predictor: predictor, index: index)
            }
            for byteOffset in 0..<32 {
                let byte = Int32(packet[base + 2 + byteOffset])
                let frame = byteOffset * 2
                output[start + frame * channels + channel] = Int16(state.apply(byte & 0x0F))
                output[start + (frame + 1) * channels + channel] = Int16(state.apply(byte >> 4))
            }
            states[channel] = state
        }
        packetsDecoded += 1
    }
}
