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
        let packetBytes = IMA4.framesPerPacket / 2 + 2
        var offset = output.count
        // The packet's bytes are written in place and the tables read through pointers: appending
        // byte by byte and reading the global arrays checked them at every sample (58% of an IMA4
        // conversion's time).
        output.append(contentsOf: repeatElement(0, count: packetBytes * channels))
        output.withUnsafeMutableBufferPointer { bytes in
            imaStepTable.withUnsafeBufferPointer { steps in
                imaIndexTable.withUnsafeBufferPointer { indexes in
                    for channel in 0..<channels {
                        var predictor = states[channel].predictor
                        var index = states[channel].index
                        let header = UInt16(truncatingIfNeeded: predictor) & 0xFF80 | UInt16(index)
                        bytes[offset] = UInt8(header >> 8)
                        bytes[offset + 1] = UInt8(header & 0xFF)
                        offset += 2
                        for frame in 0..<IMA4.framesPerPacket {
                            let sample = frame < available ? Int32(frames[frame * channels + channel]) : 0
                            let step = steps[Int(index)]
                            let code = Self.code(for: sample, predictor: predictor, step: step)
                            // IMA4ChannelState.apply, with the tables at hand and masks for
                            // branches: the bits of a code are as unpredictable as the audio.
                            var difference = step >> 3
                            difference += step & -(code >> 2 & 1)
                            difference += step >> 1 & -(code >> 1 & 1)
                            difference += step >> 2 & -(code & 1)
                            let negative = -(code >> 3 & 1)
                            predictor += (difference ^ negative) - negative
                            predictor = min(max(predictor, -32768), 32767)
                            index = min(max(index + indexes[Int(code)], 0), 88)
                            if frame & 1 == 0 {
                                bytes[offset] = UInt8(code)
                            } else {
                                bytes[offset] |= UInt8(code) << 4
                                offset += 1
                            }
                        }
                        states[channel] = IMA4ChannelState(predictor: predictor, index: index)
                    }
                }
            }
        }
    }

    /// The 4-bit code that best moves a channel at `predictor`, with step `step`, towards `sample`
    /// (formats.md §4, steps 1–4).
    @inline(__always)
    private static func code(for sample: Int32, predictor: Int32, step: Int32) -> Int32 {
        // Without branches (selects and masks), as the audio decides each bit.
        var error = sample - predictor
        let sign = error >> 31
        error = (error ^ sign) - sign
        var code = sign & 8
        let four = error >= step
        code |= four ? 4 : 0
        error -= four ? step : 0
        let two = error >= step >> 1
        code |= two ? 2 : 0
        error -= two ? step >> 1 : 0
        code |= error >= step >> 2 ? 1 : 0
        return code
    }
}
