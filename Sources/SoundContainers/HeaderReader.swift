/// Reads a container's header fields: one first read of the file's start, then exact small
/// reads at chunk headers further on. The audio payload itself is never read.
struct HeaderReader {
    /// The size of the first read. Every header in the real corpus fits in it (afconvert puts its
    /// CAF data chunk header at byte 4080); a header that does not costs one small read per chunk.
    /// Reading more would copy audio for nothing: at 64 KiB, validation spent twice the kernel
    /// time of a 4 KiB read (Scripts/bench validate).
    static let firstReadLength = 4096

    /// How many bytes of a chunk's contents are read with a header past the first read: the
    /// longest fixed part a parser reads (a 40-byte fmt chunk) and more.
    static let chunkReadAhead = 64

    let source: any ByteSource
    /// The file's length.
    let count: UInt64
    /// The first `firstReadLength` bytes of the file (fewer if it is shorter).
    let prefix: ArraySlice<UInt8>

    init(_ source: any ByteSource) throws(ParseError) {
        self.source = source
        self.count = source.count
        self.prefix = try source.read(at: 0, length: Self.firstReadLength)
    }

    /// Exactly `length` bytes at `offset`, or `ParseError.truncated` naming `context`.
    func bytes(at offset: UInt64, length: Int, context: @autoclosure () -> String) throws(ParseError) -> ByteFields {
        let available = offset < count ? count - offset : 0
        guard UInt64(length) <= available else {
            throw .truncated(at: count, context: context())
        }
        if offset + UInt64(length) <= UInt64(prefix.count) {
            let start = prefix.startIndex + Int(offset)
            return ByteFields(prefix[start..<(start + length)])
        }
        let read = try source.read(at: offset, length: length)
        guard read.count == length else {
            throw .truncated(at: offset + UInt64(read.count), context: context())
        }
        return ByteFields(read)
    }

    /// The first `length` bytes of `chunk`'s contents, or `ParseError.truncated` naming `context`.
    func contents(of chunk: Chunk, length: Int, context: @autoclosure () -> String) throws(ParseError) -> ByteFields {
        if length <= chunk.readAhead.count { return ByteFields(chunk.readAhead.prefix(length)) }
        return try bytes(at: chunk.dataOffset, length: length, context: context())
    }
}
