@testable import SoundContainers

/// Builds container bytes field by field, so each test states exactly the bytes it parses.
struct ByteBuilder {
    var bytes: [UInt8] = []

    mutating func ascii(_ text: String) { bytes += Array(text.utf8) }
    mutating func raw(_ values: [UInt8]) { bytes += values }
    mutating func zeros(_ count: Int) { bytes += [UInt8](repeating: 0, count: count) }

    mutating func u16be(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
    mutating func u16le(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func u32be(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    mutating func u32le(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    mutating func u64be(_ value: UInt64) { bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    mutating func u64le(_ value: UInt64) { bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    mutating func u16(_ value: UInt16, bigEndian: Bool) { bigEndian ? u16be(value) : u16le(value) }
    mutating func u32(_ value: UInt32, bigEndian: Bool) { bigEndian ? u32be(value) : u32le(value) }
    mutating func i64be(_ value: Int64) { u64be(UInt64(bitPattern: value)) }
    mutating func f64be(_ value: Double) { u64be(value.bitPattern) }

    /// An IFF chunk (big-endian size) with a pad byte after odd contents unless `pad` is false.
    mutating func iffChunk(_ id: String, size: UInt32? = nil, pad: Bool = true, _ contents: [UInt8]) {
        ascii(id)
        u32be(size ?? UInt32(contents.count))
        bytes += contents
        if pad, contents.count % 2 == 1 { bytes.append(0) }
    }

    /// A RIFF chunk (little-endian size, or big-endian for RIFX).
    mutating func riffChunk(_ id: String, size: UInt32? = nil, bigEndian: Bool = false, pad: Bool = true, _ contents: [UInt8]) {
        ascii(id)
        bigEndian ? u32be(size ?? UInt32(contents.count)) : u32le(size ?? UInt32(contents.count))
        bytes += contents
        if pad, contents.count % 2 == 1 { bytes.append(0) }
    }

    /// A CAF chunk (big-endian signed 64-bit size, never padded).
    mutating func cafChunk(_ id: String, size: Int64? = nil, _ contents: [UInt8]) {
        ascii(id)
        i64be(size ?? Int64(contents.count))
        bytes += contents
    }

    /// Fields built by `body`, for use as chunk contents.
    static func fields(_ body: (inout ByteBuilder) -> Void) -> [UInt8] {
        var builder = ByteBuilder()
        body(&builder)
        return builder.bytes
    }
}

/// Parses bytes from memory.
func describe(_ bytes: [UInt8]) throws(ParseError) -> AudioDescription {
    try AudioFileParser.describe(MemoryByteSource(bytes))
}

/// The error parsing `bytes` throws, or nil when it parses.
func parseError(_ bytes: [UInt8]) -> ParseError? {
    do {
        _ = try describe(bytes)
        return nil
    } catch {
        return error
    }
}
