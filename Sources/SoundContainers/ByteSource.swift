/// Random access to the bytes of a file or of a buffer. Parsers read only through this,
/// so every parser can run from memory in tests and from a file in the tool.
public protocol ByteSource {
    /// The total number of bytes in the source.
    var count: UInt64 { get }

    /// Returns up to `length` bytes starting at `offset`; fewer only where the source ends.
    /// The slice's indices may start anywhere: read it with `startIndex`-relative offsets.
    func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8>
}

/// A `ByteSource` over bytes already in memory; reads share its storage instead of copying.
public struct MemoryByteSource: ByteSource, Sendable {
    /// The bytes this source serves.
    public let bytes: [UInt8]

    /// Creates a source over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var count: UInt64 { UInt64(bytes.count) }

    public func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        guard offset < count, length > 0 else { return [] }
        let start = Int(offset)
        let end = start + min(length, bytes.count - start)
        return bytes[start..<end]
    }
}
