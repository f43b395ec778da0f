/// G.711 companding of 16-bit samples (ITU-T G.711, as libsndfile and ffmpeg implement it).
enum G711 {
    /// The µ-law code for a 16-bit sample.
    static func muLaw(_ sample: Int16) -> UInt8 {
        let bias: Int32 = 0x84
        var value = Int32(sample)
        let sign: Int32 = value < 0 ? 0x80 : 0
        if value < 0 { value = -value }
        value = min(value, 32635) + bias
        var exponent: Int32 = 7
        var mask: Int32 = 0x4000
        while exponent > 0, value & mask == 0 {
            exponent -= 1
            mask >>= 1
        }
        let mantissa = (value >> (exponent + 3)) & 0x0F
        return UInt8(truncatingIfNeeded: ~(sign | exponent << 4 | mantissa))
    }

    /// The A-law code for a 16-bit sample.
    static func aLaw(_ sample: Int16) -> UInt8 {
        var value = Int32(sample) >> 3
        let sign: Int32 = value >= 0 ? 0x80 : 0
        if value < 0 { value = -value - 1 }
        var code: Int32
        if value < 32 {
            code = value >> 1
        } else {
            var exponent: Int32 = 1
            var top = value >> 5
            while top > 1, exponent < 7 {
                top >>= 1
                exponent += 1
            }
            code = exponent << 4 | ((value >> exponent) & 0x0F)
            if value >= 4096 { code = 0x7F }
        }
        return UInt8(truncatingIfNeeded: (sign | code) ^ 0x55)
    }
}
