/// Apple IMA4 (`ima4`): per channel, 34-byte packets of 64 frames — a 2-byte big-endian header
/// (the top 9 bits of the predictor and a 7-bit step index) and 32 bytes of 4-bit codes, low
/// nibble first (formats.md §4).
public enum IMA4 {
    /// Frames in one packet.
    public static let framesPerPacket = 64
    /// Bytes one channel's packet takes.
    public static let bytesPerChannelPacket = 34

    /// Bytes one packet of `channels` channels takes.
    public static func bytesPerPacket(channels: Int) -> Int { bytesPerChannelPacket * channels }
}

/// The running state of one channel: the predicted sample and the step index.
struct IMA4ChannelState {
    var predictor: Int32 = 0
    var index: Int32 = 0

    /// Applies one 4-bit code, as both the encoder and the decoder do, and returns the new sample.
    @inline(__always)
    mutating func apply(_ code: Int32) -> Int32 {
        let step = imaStepTable[Int(index)]
        var difference = step >> 3
        if code & 4 != 0 { difference += step }
        if code & 2 != 0 { difference += step >> 1 }
        if code & 1 != 0 { difference += step >> 2 }
        predictor = code & 8 != 0 ? predictor - difference : predictor + difference
        predictor = min(max(predictor, -32768), 32767)
        index = min(max(index + imaIndexTable[Int(code)], 0), 88)
        return predictor
    }
}

/// Why IMA4 data cannot be decoded.
public enum IMA4Error: Error, Equatable, Sendable {
    /// A packet header's step index is above 88 (the packet's number, the channel and the index).
    case invalidStepIndex(packet: Int, channel: Int, index: Int)
}
