import SoundLoudness

/// Measures the loudness, peaks and silence of the file at `path`, decoded by the same sources as
/// `convert` and fed to a `LoudnessMeter` block by block, so memory stays flat whatever its length.
/// - Throws: `ConversionError` naming the file when it cannot be opened or decoded.
public func measureLoudness(ofFileAt path: String) throws(ConversionError) -> LoudnessMeasurement {
    do throws(ConversionError) {
        let (source, _) = try openSource(path: path)
        guard source.sampleRate > 0, source.sampleRate.isFinite, source.channels > 0 else {
            throw ConversionError.cannotDecode("it declares \(source.channels) channels at \(source.sampleRate) Hz")
        }
        var meter = LoudnessMeter(sampleRate: source.sampleRate, channels: source.channels)
        var block: [Float] = []
        while true {
            let frames = try source.read(into: &block, frames: Converter.blockFrames)
            guard frames > 0 else { break }
            block.withUnsafeBufferPointer { meter.add(interleaved: UnsafeBufferPointer(rebasing: $0[0..<(frames * source.channels)])) }
        }
        return meter.measurement()
    } catch .cannotDecode(let reason) {
        throw .cannotDecode("\(path): \(reason)")
    } catch .readFailed(let reason) {
        throw .readFailed("\(path): \(reason)")
    } catch {
        throw .cannotDecode("\(path): \(error.reason)")
    }
}
