/// G.711 expansion of 8-bit codes to 16-bit samples, as the ITU-T reference, libsndfile and
/// ffmpeg expand them (exact: every code maps to one 16-bit value).
enum G711Decoding {
    /// The 16-bit sample of every µ-law code.
    static let muLawTable: [Int16] = (0...255).map { muLawSample(UInt8($0)) }
    /// The 16-bit sample of every A-law code.
    static let aLawTable: [Int16] = (0...255).map { aLawSample(UInt8($0)) }

    private static func muLawSample(_ code: UInt8) -> Int16 {
        let value = ~code
        let magnitude = ((Int32(value & 0x0F) << 3) + 0x84) << (Int32(value & 0x70) >> 4)
        return Int16(value & 0x80 != 0 ? 0x84 - magnitude : magnitude - 0x84)
    }

    private static func aLawSample(_ code: UInt8) -> Int16 {
        let value = code ^ 0x55
        var magnitude = Int32(value & 0x0F) << 4
        let segment = Int32(value & 0x70) >> 4
        switch segment {
        case 0: magnitude += 8
        case 1: magnitude += 0x108
        default: magnitude = (magnitude + 0x108) << (segment - 1)
        }
        return Int16(value & 0x80 != 0 ? magnitude : -magnitude)
    }
}
