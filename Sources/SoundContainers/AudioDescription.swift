/// What a container's header says about its audio, with every length resolved against the file.
public struct AudioDescription: Equatable, Sendable {
    /// The container format, identified by its magic, never by the file name.
    public var container: AudioContainer
    /// The encoding of the audio data.
    public var encoding: AudioEncoding
    /// Frames per second.
    public var sampleRate: Double
    /// Interleaved channels.
    public var channels: Int
    /// Bits per channel as the header declares them (0 in Apple's IMA4 CAF).
    public var bitsPerChannel: Int
    /// The exact number of playable frames, or nil when the header cannot tell
    /// (a variable-bit-rate encoding without a packet table).
    public var frameCount: Int64?
    /// Where the audio bytes are, as far as the file holds them.
    public var dataRange: Range<UInt64>
    /// The packet structure, for encodings that have one.
    public var packets: PacketLayout?
    /// CAF's packet table summary, when the file has one.
    public var packetTable: PacketTableSummary?
    /// Set when the declared audio size is not what the file holds.
    public var dataSizeProblem: DataSizeProblem?
    /// Non-fatal oddities seen while parsing, for a person to read.
    public var notes: [String]

    /// Creates a description.
    public init(
        container: AudioContainer, encoding: AudioEncoding, sampleRate: Double, channels: Int,
        bitsPerChannel: Int, frameCount: Int64?, dataRange: Range<UInt64>, packets: PacketLayout? = nil,
        packetTable: PacketTableSummary? = nil, dataSizeProblem: DataSizeProblem? = nil, notes: [String] = []
    ) {
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerChannel = bitsPerChannel
        self.frameCount = frameCount
        self.dataRange = dataRange
        self.packets = packets
        self.packetTable = packetTable
        self.dataSizeProblem = dataSizeProblem
        self.notes = notes
    }

    /// Seconds of audio, or nil when the frame count is unknown.
    public var duration: Double? {
        frameCount.map { Double($0) / sampleRate }
    }

    /// The number of audio bytes present in the file.
    public var audioByteCount: UInt64 { UInt64(dataRange.count) }
}

/// The packet structure of a packetised encoding (IMA4, ADPCM, AAC, …).
public struct PacketLayout: Equatable, Sendable {
    /// Bytes per packet across all channels; 0 when packets vary in size.
    public var bytesPerPacket: Int
    /// Frames per packet; 0 when packets vary in length.
    public var framesPerPacket: Int
    /// Packets in the file, when known.
    public var packetCount: Int64?

    /// Creates a packet layout.
    public init(bytesPerPacket: Int, framesPerPacket: Int, packetCount: Int64?) {
        self.bytesPerPacket = bytesPerPacket
        self.framesPerPacket = framesPerPacket
        self.packetCount = packetCount
    }
}

/// The frame accounting of CAF's `pakt` chunk.
public struct PacketTableSummary: Equatable, Sendable {
    /// Packets the table lists (0 in afconvert's IMA4 files).
    public var packetCount: Int64
    /// Frames that play.
    public var validFrames: Int64
    /// Encoder delay frames at the start.
    public var primingFrames: Int32
    /// Padding frames at the end.
    public var remainderFrames: Int32

    /// Creates a packet table summary.
    public init(packetCount: Int64, validFrames: Int64, primingFrames: Int32, remainderFrames: Int32) {
        self.packetCount = packetCount
        self.validFrames = validFrames
        self.primingFrames = primingFrames
        self.remainderFrames = remainderFrames
    }
}

/// How the declared audio size disagrees with the file.
public enum DataSizeProblem: Equatable, Sendable {
    /// A streaming placeholder (0, 0xFFFFFFFF, 0x7FFFF000, CAF's -1): the audio runs to the end of the file.
    case placeholder(declared: Int64)
    /// The declared size runs past the end of the file: the file was cut short.
    case runsPastEnd(declared: UInt64, present: UInt64)
}
