/// Decodes the 80-bit IEEE 754 extended-precision number AIFF uses for its sample rate:
/// sign bit, 15-bit exponent biased by 16383, 64-bit mantissa with an explicit integer bit.
/// Returns nil for infinities and NaNs.
func decodeExtendedFloat(_ fields: ByteFields, at offset: Int) -> Double? {
    let signAndExponent = fields.u16be(offset)
    let mantissa = fields.u64be(offset + 2)
    let exponent = Int(signAndExponent & 0x7FFF)
    guard exponent != 0x7FFF else { return nil }
    guard mantissa != 0 else { return 0 }
    let magnitude = Double(sign: .plus, exponent: exponent - 16383 - 63, significand: Double(mantissa))
    return signAndExponent & 0x8000 != 0 ? -magnitude : magnitude
}

/// Encodes `value` as an 80-bit extended-precision number, big-endian (for AIFF writers and tests).
public func encodeExtendedFloat(_ value: Double) -> [UInt8] {
    guard value != 0, value.isFinite else { return [UInt8](repeating: 0, count: 10) }
    let magnitude = abs(value)
    let exponent = Int(magnitude.exponent) + 16383
    let mantissa = UInt64(magnitude.significand * Double(UInt64(1) << 63))
    let signAndExponent = UInt16(exponent) | (value < 0 ? 0x8000 : 0)
    return [UInt8(signAndExponent >> 8), UInt8(signAndExponent & 0xFF)]
        + (0..<8).map { UInt8(truncatingIfNeeded: mantissa >> (56 - 8 * $0)) }
}
