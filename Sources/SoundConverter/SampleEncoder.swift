import IMA4Codec
import SoundContainers

/// Turns blocks of interleaved Float32 samples into the bytes of one encoding: integer PCM (with
/// TPDF dither when the samples carry more precision than the target), float PCM, µLaw, aLaw or
/// IMA4 (64-frame packets, the last one padded with silence).
struct SampleEncoder {
    let encoding: AudioEncoding
    let channels: Int
    /// Whether to add TPDF dither before rounding to integers.
    let dithers: Bool
    private var random = TriangularNoise()
    private var ima4: IMA4Encoder?
    /// IMA4 frames waiting for a whole packet.
    private var pendingIMA4: [Int16] = []
    /// Frames encoded so far (before IMA4 padding).
    private(set) var frames: Int64 = 0

    init(encoding: AudioEncoding, channels: Int, dithers: Bool) {
        self.encoding = encoding
        self.channels = channels
        self.dithers = dithers
        if encoding == .ima4 { ima4 = IMA4Encoder(channels: channels) }
    }

    /// Encodes `samples` (whole frames), appending the bytes to `output`.
    mutating func encode(_ samples: ArraySlice<Float>, into output: inout [UInt8]) {
        frames += Int64(samples.count / channels)
        switch encoding {
        case .linearPCM(let format) where format.isFloat:
            for sample in samples { appendFloat(sample, format: format, to: &output) }
        case .linearPCM(let format):
            appendIntegers(samples, format: format, to: &output)
        case .muLaw:
            for sample in samples { output.append(G711.muLaw(Int16(quantize(sample, bits: 16)))) }
        case .aLaw:
            for sample in samples { output.append(G711.aLaw(Int16(quantize(sample, bits: 16)))) }
        case .ima4:
            // Taken out while it is filled, so that quantize (which moves the dither) may run.
            var pending: [Int16] = []
            swap(&pending, &pendingIMA4)
            let start = pending.count
            pending.append(contentsOf: repeatElement(0, count: samples.count))
            pending.withUnsafeMutableBufferPointer { pending in
                var index = start
                for sample in samples {
                    pending[index] = Int16(quantize(sample, bits: 16))
                    index += 1
                }
            }
            swap(&pending, &pendingIMA4)
            encodeWholePackets(into: &output, flush: false)
        case .other:
            break
        }
    }

    /// Writes what is still buffered (IMA4's last, padded packet).
    mutating func finish(into output: inout [UInt8]) {
        if encoding == .ima4 { encodeWholePackets(into: &output, flush: true) }
    }

    private mutating func encodeWholePackets(into output: inout [UInt8], flush: Bool) {
        let packetSamples = IMA4.framesPerPacket * channels
        var start = 0
        pendingIMA4.withUnsafeBufferPointer { buffer in
            while buffer.count - start >= packetSamples || (flush && start < buffer.count) {
                let end = min(start + packetSamples, buffer.count)
                ima4?.encodePacket(UnsafeBufferPointer(rebasing: buffer[start..<end]), into: &output)
                start = end
            }
        }
        pendingIMA4.removeFirst(start)
    }

    /// The integer a sample becomes at `bits` bits: scaled, dithered if asked, clipped, rounded
    /// half away from zero (as `rounded()`, without its call into libm for every sample).
    @inline(__always)
    private mutating func quantize(_ sample: Float, bits: Int) -> Int32 {
        let scale = Double(Int64(1) << (bits - 1))
        var value = sample.isNaN ? 0 : Double(sample) * scale
        if dithers { value += random.next() }
        let clipped = min(max(value, -scale), scale - 1)
        return Int32(clipped < 0 ? clipped - 0.5 : clipped + 0.5)
    }

    /// Appends `samples` as integers of the format's width, byte order and signedness.
    private mutating func appendIntegers(_ samples: ArraySlice<Float>, format: LinearPCMFormat, to output: inout [UInt8]) {
        let width = format.bytesPerSample
        let bits = width * 8
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: samples.count * width))
        if width == 2, format.isSigned {
            // 16-bit, what notifications get most: one loop for each byte order.
            let bigEndian = format.isBigEndian
            output.withUnsafeMutableBytes { raw in
                var offset = start
                for sample in samples {
                    let value = UInt16(truncatingIfNeeded: quantize(sample, bits: 16))
                    raw.storeBytes(of: bigEndian ? value.bigEndian : value.littleEndian, toByteOffset: offset, as: UInt16.self)
                    offset += 2
                }
            }
            return
        }
        output.withUnsafeMutableBytes { raw in
            var offset = start
            for sample in samples {
                let value = quantize(sample, bits: bits)
                // 8-bit WAV is unsigned; every other integer sample is signed.
                let stored = format.isSigned ? UInt32(bitPattern: value) : UInt32(bitPattern: value + 128)
                switch (width, format.isBigEndian) {
                case (2, false): raw.storeBytes(of: UInt16(truncatingIfNeeded: stored).littleEndian, toByteOffset: offset, as: UInt16.self)
                case (2, true): raw.storeBytes(of: UInt16(truncatingIfNeeded: stored).bigEndian, toByteOffset: offset, as: UInt16.self)
                default:
                    for byte in 0..<width {
                        let shift = 8 * (format.isBigEndian ? width - 1 - byte : byte)
                        raw[offset + byte] = UInt8(truncatingIfNeeded: stored >> shift)
                    }
                }
                offset += width
            }
        }
    }

    private func appendFloat(_ sample: Float, format: LinearPCMFormat, to output: inout [UInt8]) {
        let bits: UInt64 = format.bits == 64 ? Double(sample).bitPattern : UInt64(sample.bitPattern)
        let width = format.bits / 8
        if format.isBigEndian {
            for byte in (0..<width).reversed() { output.append(UInt8(truncatingIfNeeded: bits >> (8 * byte))) }
        } else {
            for byte in 0..<width { output.append(UInt8(truncatingIfNeeded: bits >> (8 * byte))) }
        }
    }
}

/// Triangular (TPDF) dither noise of ±1 LSB: the sum of two uniform values in [-0.5, 0.5),
/// from a fixed-seed xorshift generator so that conversions are repeatable.
struct TriangularNoise {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> Double {
        uniform() + uniform()
    }

    private mutating func uniform() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Double(state >> 11) / Double(UInt64(1) << 53) - 0.5
    }
}
