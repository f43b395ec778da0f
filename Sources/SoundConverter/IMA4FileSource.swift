import IMA4Codec
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// IMA4 audio in CAF or AIFF-C, read packet by packet from where the parser found it and decoded
/// with our codec; stops at the header's exact frame count (CAF's valid frames).
final class IMA4FileSource: AudioSource {
    private static let packetsPerRead = 256

    private let descriptor: Int32
    private var decoder: IMA4Decoder
    private var nextOffset: UInt64
    private let endOffset: UInt64
    private var framesLeft: Int64
    private var pending: [Int16] = []
    let sampleRate: Double
    let channels: Int
    let frameCount: Int64?
    let integerBits: Int? = 16

    init(path: String, description: AudioDescription) throws(ConversionError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotDecode(String(cString: strerror(errno))) }
        decoder = IMA4Decoder(channels: description.channels)
        nextOffset = description.dataRange.lowerBound
        endOffset = description.dataRange.upperBound
        sampleRate = description.sampleRate
        channels = description.channels
        frameCount = description.frameCount
        framesLeft = description.frameCount ?? 0
    }

    deinit {
        close(descriptor)
    }

    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int {
        while pending.count < frames * channels, framesLeft > Int64(pending.count / channels), nextOffset < endOffset {
            try decodeMore()
        }
        let available = min(frames, pending.count / channels, Int(min(framesLeft, Int64(Int.max))))
        if buffer.count < frames * channels { buffer = [Float](repeating: 0, count: frames * channels) }
        for index in 0..<(available * channels) {
            buffer[index] = Float(pending[index]) / 32768
        }
        pending.removeFirst(available * channels)
        framesLeft -= Int64(available)
        return available
    }

    private func decodeMore() throws(ConversionError) {
        let packetSize = IMA4.bytesPerPacket(channels: channels)
        let wanted = Int(min(UInt64(packetSize * Self.packetsPerRead), endOffset - nextOffset)) / packetSize * packetSize
        guard wanted > 0 else {
            nextOffset = endOffset
            return
        }
        var bytes = [UInt8](repeating: 0, count: wanted)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(nextOffset)) }
        guard got > 0 else {
            if got < 0 { throw .readFailed(String(cString: strerror(errno))) }
            nextOffset = endOffset
            return
        }
        nextOffset += UInt64(got)
        let whole = got / packetSize * packetSize
        let failure: IMA4Error? = bytes.withUnsafeBytes { raw in
            for start in stride(from: 0, to: whole, by: packetSize) {
                do {
                    try decoder.decodePacket(UnsafeRawBufferPointer(rebasing: raw[start..<(start + packetSize)]), into: &pending)
                } catch let error as IMA4Error {
                    return error
                } catch {
                    return nil
                }
            }
            return nil
        }
        if let failure { throw .readFailed("\(failure)") }
    }
}
