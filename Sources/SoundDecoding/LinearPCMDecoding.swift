import SoundContainers

/// Linear PCM bytes to Float samples in [-1, 1): every width from 8 to 64 bits, either byte order,
/// signed or unsigned integers, IEEE float. Integers are scaled by their slot's full scale, so a
/// 16-bit value v becomes exactly v / 32768 and converts back without loss.
struct LinearPCMDecoding {
    let format: LinearPCMFormat

    /// Appends the samples of `bytes` (whole samples; a trailing partial one is ignored).
    func decode(_ bytes: UnsafeRawBufferPointer, into output: inout [Float]) {
        let width = format.bytesPerSample
        let count = bytes.count / width
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        output.withUnsafeMutableBufferPointer { buffer in
            let out = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            if format.isFloat {
                decodeFloat(bytes, count: count, into: out)
            } else {
                decodeInteger(bytes, count: count, into: out)
            }
        }
    }

    private func decodeFloat(_ bytes: UnsafeRawBufferPointer, count: Int, into out: UnsafeMutableBufferPointer<Float>) {
        let bigEndian = format.isBigEndian
        if format.bytesPerSample == 8 {
            for index in 0..<count {
                let raw = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                let value = Double(bitPattern: bigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw))
                out[index] = Float(value)
            }
        } else {
            for index in 0..<count {
                let raw = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                out[index] = Float(bitPattern: bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw))
            }
        }
    }

    private func decodeInteger(_ bytes: UnsafeRawBufferPointer, count: Int, into out: UnsafeMutableBufferPointer<Float>) {
        let width = format.bytesPerSample
        let bigEndian = format.isBigEndian
        switch width {
        case 1:
            let offset: Int32 = format.isSigned ? 0 : 128
            for index in 0..<count {
                let value = format.isSigned ? Int32(Int8(bitPattern: bytes[index])) : Int32(bytes[index]) - offset
                out[index] = Float(value) / 128
            }
        case 2:
            for index in 0..<count {
                let raw = bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
                let value = Int16(bitPattern: bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
                out[index] = Float(value) / 32768
            }
        case 4:
            for index in 0..<count {
                let raw = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                let value = Int32(bitPattern: bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw))
                out[index] = Float(Double(value) / 2_147_483_648)
            }
        case 3:
            // Assembled into the top of an Int32, so the sign comes with it.
            let (high, middle, low) = bigEndian ? (0, 1, 2) : (2, 1, 0)
            for index in 0..<count {
                let base = index * 3
                let assembled = UInt32(bytes[base + high]) << 24 | UInt32(bytes[base + middle]) << 16 | UInt32(bytes[base + low]) << 8
                out[index] = Float(Int32(bitPattern: assembled) >> 8) / 8_388_608
            }
        default:
            // Any other width up to 8 bytes: assembled byte by byte, the sign from the top bit.
            let shift = 64 - 8 * width
            let scale = Double(UInt64(1) << (8 * width - 1))
            for index in 0..<count {
                var assembled: UInt64 = 0
                for byte in 0..<width {
                    let position = bigEndian ? byte : width - 1 - byte
                    assembled = assembled << 8 | UInt64(bytes[index * width + position])
                }
                let value = Int64(bitPattern: assembled << shift) >> shift
                out[index] = Float(Double(value) / scale)
            }
        }
    }

    /// The integer width the decoded samples hold exactly (Float32 holds up to 24 bits), or nil
    /// for float samples and wider integers.
    var exactIntegerBits: Int? {
        guard !format.isFloat else { return nil }
        let significant = min(format.bits, format.bytesPerSample * 8)
        return significant <= 24 ? significant : nil
    }
}
