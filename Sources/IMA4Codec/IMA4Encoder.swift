/// Encodes 16-bit samples as Apple IMA4 packets, bit for bit as ffmpeg's `adpcm_ima_qt` does:
/// each channel's state starts at zero and carries on from packet to packet; each header is the
/// running predictor's top 9 bits and the step index.
public struct IMA4Encoder: Sendable {
    /// Interleaved channels.
    public let channels: Int
    private var states: [IMA4ChannelState]

    /// An encoder for `channels` interleaved channels.
    public init(channels: Int) {
        self.channels = channels
        states = Array(repeating: IMA4ChannelState(), count: channels)
    }

    /// Encodes one packet: 64 interleaved frames from `frames` (fewer at the end of the sound,
    /// the rest of the packet is silence), appending `IMA4.bytesPerPacket(channels:)` bytes to `output`.
    public mutating func encodePacket(_ frames: UnsafeBufferPointer<Int16>, into output: inout [UInt8]) {
        let available = frames.count / channels
        for channel in 0..<channels {
            var state = states[channel]
            let header = UInt16(truncatingIfNeeded: state.predictor) & 0xFF80 | UInt16(state.index)
            output.append(UInt8(header >> 8))
            output.append(UInt8(header & 0xFF))
            var byte: UInt8 = 0
            for frame in 0..<IMA4.framesPerPacket {
                let sample = frame < available ? Int32(frames[frame * channels + channel]) : 0
                let code = Self.code(for: sample, state: state)
                _ = state.apply(code)
                if frame & 1 == 0 {
                    byte = UInt8(code)
                } else {
                    output.append(byte | UInt8(code) << 4)
                }
            }
            states[channel] = state
        }
    }

    /// The 4-bit code that best moves `state` towards `sample` (formats.md §4, steps 1–4).
    @inline(__always)
    private static func code(for sample: Int32, state: IMA4ChannelState) -> Int32 {
        var step = imaStepTable[Int(state.index)]
        var error = sample - state.predictor
        var code: Int32 = 0
        if error < 0 {
            code = 8
            error = -error
        }
        if error >= step {
            code |= 4
            error -= step
        }
        step >>= 1
        if error >= step {
            code |= 2
            error -= step
        }
        step >>= 1
        if error >= step { code |= 1 }
        return code
    }
}
