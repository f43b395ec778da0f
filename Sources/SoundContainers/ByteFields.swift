/// Fixed-offset field reads from bytes whose length the caller has already checked; offsets
/// count from the first byte whatever the slice's indices are. Every read names its byte order;
/// nothing depends on the host's.
struct ByteFields: Sendable {
    let bytes: ArraySlice<UInt8>
    private let base: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.base = bytes.startIndex
    }

    init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    var count: Int { bytes.count }

    func u8(_ at: Int) -> UInt8 { bytes[base + at] }

    func u16be(_ at: Int) -> UInt16 { UInt16(u8(at)) << 8 | UInt16(u8(at + 1)) }
    func u16le(_ at: Int) -> UInt16 { UInt16(u8(at + 1)) << 8 | UInt16(u8(at)) }

    func u32be(_ at: Int) -> UInt32 { UInt32(u16be(at)) << 16 | UInt32(u16be(at + 2)) }
    func u32le(_ at: Int) -> UInt32 { UInt32(u16le(at + 2)) << 16 | UInt32(u16le(at)) }

    func u64be(_ at: Int) -> UInt64 { UInt64(u32be(at)) << 32 | UInt64(u32be(at + 4)) }
    func u64le(_ at: Int) -> UInt64 { UInt64(u32le(at + 4)) << 32 | UInt64(u32le(at)) }

    func u16(_ at: Int, bigEndian: Bool) -> UInt16 { bigEndian ? u16be(at) : u16le(at) }
    func u32(_ at: Int, bigEndian: Bool) -> UInt32 { bigEndian ? u32be(at) : u32le(at) }
    func u64(_ at: Int, bigEndian: Bool) -> UInt64 { bigEndian ? u64be(at) : u64le(at) }

    func fourCC(_ at: Int) -> FourCC { FourCC(bytes: (u8(at), u8(at + 1), u8(at + 2), u8(at + 3))) }

    /// The bytes from `start` to `end`, counted from the first byte.
    func range(_ start: Int, _ end: Int) -> ArraySlice<UInt8> { bytes[(base + start)..<(base + end)] }
}
