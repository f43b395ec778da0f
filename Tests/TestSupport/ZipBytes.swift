/// Zip archives built byte by byte for tests: stored entries, and central-directory sizes that can
/// lie (for zip-bomb and damaged-archive fixtures).
public enum ZipBytes {
    /// One entry: its name, its bytes, and optionally the sizes its directory record declares.
    public struct Entry {
        public let name: String
        public let data: [UInt8]
        public let declaredSize: UInt32?
        public let declaredCompressedSize: UInt32?

        public init(_ name: String, _ data: [UInt8], declaredSize: UInt32? = nil, declaredCompressedSize: UInt32? = nil) {
            self.name = name
            self.data = data
            self.declaredSize = declaredSize
            self.declaredCompressedSize = declaredCompressedSize
        }
    }

    /// A zip archive of `entries`, stored (method 0), with a correct CRC-32 for each.
    public static func archive(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = UInt32(bytes.count)
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.data)
            let size = UInt32(entry.data.count)
            bytes += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
            bytes += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + entry.data
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
            directory += le32(crc) + le32(entry.declaredCompressedSize ?? size) + le32(entry.declaredSize ?? size)
            directory += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(bytes.count)
        bytes += directory
        bytes += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        bytes += le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return bytes
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// CRC-32 (IEEE), as zip stores it.
    public static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
