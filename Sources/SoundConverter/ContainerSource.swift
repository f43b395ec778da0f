import SoundContainers
import SoundDecoding

/// Audio in AIFF/AIFF-C, WAV/RF64 or CAF decoded by soundcheck's own decoders, from the same
/// description `validate` reports: Linear PCM, µLaw, aLaw and IMA4.
final class ContainerSource: AudioSource {
    private var decoder: ContainerDecoder
    let sampleRate: Double
    let channels: Int
    let integerBits: Int?

    init(file: FileByteSource, description: AudioDescription) throws(ConversionError) {
        do {
            decoder = try ContainerDecoder(source: file, description: description)
        } catch {
            throw .cannotDecode(error.description)
        }
        sampleRate = description.sampleRate
        channels = description.channels
        integerBits = decoder.exactIntegerBits
    }

    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int {
        buffer.removeAll(keepingCapacity: true)
        do {
            return try decoder.decode(frames: frames, into: &buffer)
        } catch {
            throw .readFailed(error.description)
        }
    }
}
