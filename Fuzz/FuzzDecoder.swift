// libFuzzer entry point for soundcheck's own decoders: any bytes that parse as AIFF, WAV or CAF
// must decode (PCM of every layout, G.711, IMA4) or throw a DecodingError, never produce more
// frames than the header allows, nor samples outside [-1, 1] for integer encodings.
//
// The range is closed at both ends on purpose: each integer decoder divides by 2^(bits-1), so full
// scale is exactly -1 and just under 1, but a 32-bit sample of 0x7FFFFFFF is 2147483647 / 2^31,
// which Float rounds to exactly 1.0 (24 bits of mantissa). That is the right value (ffmpeg and
// libsndfile give the same, and a full-scale 32-bit square wave converts to 32767 in 16 bits, with no
// wrap); mapping full scale below 1.0 would change every 32-bit sample's rounding for nothing.
// Built by Scripts/fuzz against the SoundContainers, IMA4Codec and SoundDecoding modules.

import SoundContainers
import SoundDecoding

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let source = MemoryByteSource(Array(UnsafeRawBufferPointer(start: start, count: count)))
    guard let description = try? AudioFileParser.describe(source),
        var decoder = try? ContainerDecoder(source: source, description: description)
    else { return 0 }
    var samples: [Float] = []
    var frames = 0
    do {
        while true {
            let got = try decoder.decode(frames: 509, into: &samples)
            if got == 0 { break }
            frames += got
            precondition(frames <= Int(description.frameCount ?? Int64.max), "more frames than the header declares")
            precondition(samples.count == frames * description.channels, "a partial frame")
        }
    } catch {
        return 0
    }
    if case .linearPCM(let format) = description.encoding, format.isFloat { return 0 }
    precondition(samples.allSatisfy { $0 >= -1 && $0 <= 1 }, "an integer sample out of range")
    return 0
}
