/// What a container writer needs to know about the audio it frames.
public struct StreamLayout: Equatable, Sendable {
    /// The encoding of the audio bytes.
    public var encoding: AudioEncoding
    /// Frames per second.
    public var sampleRate: Double
    /// Interleaved channels.
    public var channels: Int

    /// Creates a layout.
    public init(encoding: AudioEncoding, sampleRate: Double, channels: Int) {
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Bytes per packet: one frame for PCM and G.711, 64 frames for IMA4.
    public var bytesPerPacket: Int {
        switch encoding {
        case .linearPCM(let format): return format.bytesPerSample * channels
        case .muLaw, .aLaw: return channels
        case .ima4: return 34 * channels
        case .other: return 0
        }
    }

    /// Frames per packet.
    public var framesPerPacket: Int { encoding == .ima4 ? 64 : 1 }
}

/// Writes container headers. A writer's header is written first with the sizes it knows (none,
/// for a stream) and written again over the same bytes once the audio is complete: the header's
/// length never changes, so the audio can be written straight after it.
public protocol ContainerHeaderWriter: Sendable {
    /// The header for `layout`, once `audioBytes` bytes of audio holding `frames` frames follow it.
    func header(for layout: StreamLayout, audioBytes: UInt64, frames: Int64) -> [UInt8]
    /// Bytes to append after the audio (a pad byte after an odd IFF/RIFF chunk).
    func trailer(audioBytes: UInt64) -> [UInt8]
}

/// A big- or little-endian byte appender for header writers.
struct HeaderBytes {
    var bytes: [UInt8] = []

    mutating func ascii(_ text: String) { bytes += Array(text.utf8) }
    mutating func u16be(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
    mutating func u16le(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func u32be(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    mutating func u32le(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    mutating func u64be(_ value: UInt64) { bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    mutating func zeros(_ count: Int) { bytes += [UInt8](repeating: 0, count: count) }
}

/// Sizes that do not fit a 32-bit field are written as the largest value (files here are short).
func clamped32(_ value: UInt64) -> UInt32 { UInt32(min(value, UInt64(UInt32.max))) }
