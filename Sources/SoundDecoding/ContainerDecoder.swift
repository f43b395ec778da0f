import IMA4Codec
import SoundContainers

/// Decodes the audio of an AIFF/AIFF-C, WAV/RF64 or CAF file with soundcheck's own codecs, from
/// exactly what its parser found: the byte range and the frame count that `validate` reports
/// (placeholder sizes, CAF's −1, cut-short files and odd outer sizes included). Linear PCM of
/// every layout, µLaw, aLaw and Apple IMA4; reads whole packets, block by block, through a
/// `ByteSource`, so it decodes from memory as well as from a file.
public struct ContainerDecoder {
    /// The description the decoder follows.
    public let description: AudioDescription
    /// The integer width the decoded samples hold exactly, or nil when they are float or wider
    /// than Float32 holds: a conversion to this many bits or more needs no dither.
    public let exactIntegerBits: Int?

    private let source: any ByteSource
    private var codec: Codec
    private let bytesPerPacket: Int
    private let framesPerPacket: Int
    private var nextOffset: UInt64
    private var framesLeft: Int64
    private var packetsDecoded: Int64 = 0
    private var samples16: [Int16] = []

    private enum Codec {
        case linearPCM(LinearPCMDecoding)
        case g711([Int16])
        case ima4(IMA4Decoder)
    }

    /// A decoder for the audio `description` found in `source`.
    /// - Throws: `DecodingError.unsupportedEncoding` for an encoding notifications cannot play
    ///   (AAC, ALAC, ADPCM in WAV, …): those are decoded by the libraries.
    public init(source: any ByteSource, description: AudioDescription) throws(DecodingError) {
        self.source = source
        self.description = description
        let channels = description.channels
        guard channels > 0 else { throw .unsupportedEncoding("audio with 0 channels") }
        switch description.encoding {
        case .linearPCM(let format):
            let decoding = LinearPCMDecoding(format: format)
            codec = .linearPCM(decoding)
            bytesPerPacket = format.bytesPerSample * channels
            framesPerPacket = 1
            exactIntegerBits = decoding.exactIntegerBits
        case .muLaw, .aLaw:
            codec = .g711(description.encoding == .muLaw ? G711Decoding.muLawTable : G711Decoding.aLawTable)
            bytesPerPacket = channels
            framesPerPacket = 1
            exactIntegerBits = 16
        case .ima4:
            codec = .ima4(IMA4Decoder(channels: channels))
            bytesPerPacket = IMA4.bytesPerPacket(channels: channels)
            framesPerPacket = IMA4.framesPerPacket
            exactIntegerBits = 16
        case .other(let name):
            throw .unsupportedEncoding(AudioEncoding.other(name).displayName)
        }
        nextOffset = description.dataRange.lowerBound
        let wholePackets = Int64(UInt64(description.dataRange.count) / UInt64(bytesPerPacket))
        let present = wholePackets.multipliedReportingOverflow(by: Int64(framesPerPacket))
        let presentFrames = present.overflow ? Int64.max : present.partialValue
        framesLeft = min(description.frameCount ?? presentFrames, presentFrames)
    }

    /// Decodes about `frames` frames (whole packets: at least one packet's worth, at most
    /// `frames` rounded up to a packet) and appends them to `output` as interleaved Float32
    /// samples in [-1, 1). Returns the number of frames appended, 0 at the end.
    /// - Throws: `DecodingError.readFailed` when the file cannot be read, `.corruptPacket` for
    ///   IMA4 packets whose header is impossible.
    public mutating func decode(frames: Int, into output: inout [Float]) throws(DecodingError) -> Int {
        guard framesLeft > 0, frames > 0 else { return 0 }
        let packets = max(1, (min(Int64(frames), framesLeft) + Int64(framesPerPacket) - 1) / Int64(framesPerPacket))
        let wanted = Int(min(UInt64(packets) * UInt64(bytesPerPacket), description.dataRange.upperBound - nextOffset))
        let wholeBytes = wanted / bytesPerPacket * bytesPerPacket
        guard wholeBytes > 0 else {
            framesLeft = 0
            return 0
        }
        let bytes: ArraySlice<UInt8>
        do {
            bytes = try source.read(at: nextOffset, length: wholeBytes)
        } catch {
            throw .readFailed(error)
        }
        // A file that shrank since it was parsed ends here, at its last whole packet.
        let usable = bytes.count / bytesPerPacket * bytesPerPacket
        guard usable > 0 else {
            framesLeft = 0
            return 0
        }
        nextOffset += UInt64(usable)
        let channels = description.channels
        let start = output.count
        let failure: DecodingError? = bytes.withUnsafeBytes { raw in
            let packetBytes = UnsafeRawBufferPointer(rebasing: raw[0..<usable])
            switch codec {
            case .linearPCM(let decoding):
                decoding.decode(packetBytes, into: &output)
            case .g711(let table):
                output.reserveCapacity(start + usable)
                for code in packetBytes { output.append(Float(table[Int(code)]) / 32768) }
            case .ima4(var decoder):
                defer { codec = .ima4(decoder) }
                samples16.removeAll(keepingCapacity: true)
                for packetStart in stride(from: 0, to: usable, by: bytesPerPacket) {
                    let packet = UnsafeRawBufferPointer(rebasing: packetBytes[packetStart..<(packetStart + bytesPerPacket)])
                    do {
                        try decoder.decodePacket(packet, into: &samples16)
                    } catch {
                        guard case IMA4Error.invalidStepIndex(_, let channel, let index) = error else { return nil }
                        let number = packetsDecoded + Int64(packetStart / bytesPerPacket)
                        return .corruptPacket(number: number, reason: "channel \(channel) has step index \(index) (at most 88)")
                    }
                }
                output.reserveCapacity(start + samples16.count)
                for sample in samples16 { output.append(Float(sample) / 32768) }
            }
            return nil
        }
        if let failure { throw failure }
        packetsDecoded += Int64(usable / bytesPerPacket)
        // The last packet may hold padding beyond the header's frame count: it is dropped.
        let decodedFrames = Int64((output.count - start) / channels)
        let kept = min(decodedFrames, framesLeft)
        output.removeLast(Int(decodedFrames - kept) * channels)
        framesLeft -= kept
        return Int(kept)
    }
}
