/// Sound files' headers built in memory, one per container the header parsers read, each over
/// 0.5 s of silence: what `AudioFileParser.describe` reads in the benchmarks.
enum SoundHeaders {
    /// WAV: RIFF, fmt (PCM 16-bit mono 22,050 Hz), data.
    static var wav: [UInt8] {
        let data = silence
        return ascii("RIFF") + le32(36 + data.count) + ascii("WAVE") + fmt + ascii("data") + le32(data.count) + data
    }

    /// RF64: the RIFF size 0xFFFFFFFF and a ds64 chunk that holds the sizes.
    static var rf64: [UInt8] {
        let data = silence
        let ds64 = ascii("ds64") + le32(28) + le64(36 + 36 + data.count) + le64(data.count) + le64(data.count / 2) + le32(0)
        return ascii("RF64") + le32(0xFFFF_FFFF) + ascii("WAVE") + ds64 + fmt + ascii("data") + le32(0xFFFF_FFFF) + data
    }

    /// AIFF: FORM, COMM (mono 16-bit 22,050 Hz), SSND.
    static var aiff: [UInt8] {
        let data = silence
        let comm = ascii("COMM") + be32(18) + be16(1) + be32(data.count / 2) + be16(16) + extended22050
        let ssnd = ascii("SSND") + be32(8 + data.count) + be32(0) + be32(0) + data
        return ascii("FORM") + be32(4 + comm.count + ssnd.count) + ascii("AIFF") + comm + ssnd
    }

    /// AIFF-C: FORM, FVER, COMM with the compression type `ima4` (34-byte packets of 64 frames), SSND.
    static var aifc: [UInt8] {
        let packets = 172
        let data = [UInt8](repeating: 0, count: packets * 34)
        let fver = ascii("FVER") + be32(4) + be32(0xA280_5140)
        // The compression name: an empty Pascal string, padded to an even length.
        let comm = ascii("COMM") + be32(24) + be16(1) + be32(packets) + be16(16) + extended22050 + ascii("ima4") + [0, 0]
        let ssnd = ascii("SSND") + be32(8 + data.count) + be32(0) + be32(0) + data
        return ascii("FORM") + be32(4 + fver.count + comm.count + ssnd.count) + ascii("AIFC") + fver + comm + ssnd
    }

    /// CAF: caff, desc (LEI16 mono 22,050 Hz), data.
    static var caf: [UInt8] {
        let data = silence
        var desc = ascii("desc") + be64(32)
        desc += be64(Int(bitPattern: UInt(22050.0.bitPattern))) + ascii("lpcm") + be32(2) + be32(2) + be32(1) + be32(1) + be32(16)
        return ascii("caff") + be16(1) + be16(0) + desc + ascii("data") + be64(4 + data.count) + be32(0) + data
    }

    private static let silence = [UInt8](repeating: 0, count: 22050)

    private static var fmt: [UInt8] { ascii("fmt ") + le32(16) + le16(1) + le16(1) + le32(22050) + le32(44100) + le16(2) + le16(16) }

    /// 22,050 as an 80-bit IEEE 754 extended float, big-endian.
    private static let extended22050: [UInt8] = [0x40, 0x0D, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private static func le64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private static func be16(_ value: Int) -> [UInt8] { le16(value).reversed() }
    private static func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }
    private static func be64(_ value: Int) -> [UInt8] { le64(value).reversed() }
}
