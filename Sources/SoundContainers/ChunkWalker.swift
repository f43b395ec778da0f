/// One chunk header found while walking a container.
struct Chunk {
    /// The chunk's four-character id.
    let id: FourCC
    /// Where the chunk header starts.
    let headerOffset: UInt64
    /// Where the chunk's contents start.
    let dataOffset: UInt64
    /// The size the header declares; nil for CAF's "to the end of the file" (-1).
    let declaredSize: UInt64?
    /// How many bytes there are from the contents' start to the end of the file.
    let bytesToEndOfFile: UInt64

    /// How many bytes of the declared contents the file actually holds.
    var availableSize: UInt64 { min(declaredSize ?? bytesToEndOfFile, bytesToEndOfFile) }

    /// True when the declared size runs past what the file holds.
    var isCutShort: Bool { declaredSize.map { $0 > availableSize } ?? false }

    /// The offset just past the contents as far as they are present.
    var availableEnd: UInt64 { dataOffset + availableSize }
}

/// How a container frames its chunks.
struct ChunkLayout: Sendable {
    /// Bytes in a chunk header: 8 for IFF/RIFF, 12 for CAF.
    let headerSize: Int
    /// Whether an odd-sized chunk is followed by a pad byte.
    let padsOddSizes: Bool
    /// Reads the declared size from a header; nil means "to the end of the file".
    let size: @Sendable (ByteFields) -> UInt64?
}

/// Walks chunk headers from `start` up to `limit`, calling `visit` for each until it returns false.
///
/// Headers are looked for only before `limit` (the container's declared end, or the end of the
/// file); a chunk's contents are measured against the end of the file. The walk reads only
/// headers. It ends quietly at the limit, at bytes too few for a header, at an id that is not
/// printable text (audio bytes after a data chunk with no pad byte), or at a chunk that runs
/// past the end of the file.
func walkChunks(
    _ reader: HeaderReader,
    from start: UInt64,
    to limit: UInt64,
    layout: ChunkLayout,
    visit: (Chunk) throws(ParseError) -> Bool
) throws(ParseError) {
    var position = start
    let headerSize = UInt64(layout.headerSize)
    while position < limit {
        guard limit - position >= headerSize else { return }
        let header = try reader.bytes(at: position, length: layout.headerSize, context: "a chunk header")
        let id = header.fourCC(0)
        guard id.isPrintable else { return }
        let dataOffset = position + headerSize
        let declared = layout.size(header)
        let toEnd = reader.count - dataOffset
        let chunk = Chunk(
            id: id, headerOffset: position, dataOffset: dataOffset, declaredSize: declared, bytesToEndOfFile: toEnd)
        guard try visit(chunk) else { break }
        guard let size = declared, size <= toEnd else { break }
        let padding: UInt64 = layout.padsOddSizes && size % 2 == 1 ? 1 : 0
        position = dataOffset + size + padding
    }
}
