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
    /// True when the chunk starts at or after the end the outer header (RIFF, FORM) declares.
    let isPastDeclaredEnd: Bool
    /// The first bytes of the contents, as far as they were read with the header
    /// (`HeaderReader.contents(of:length:context:)` serves them from here).
    var readAhead: ArraySlice<UInt8> = []

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

/// Walks chunk headers from `start` to the end of the file, calling `visit` for each until it
/// returns false. This is the one rule for every outer size (RIFF, RIFX, RF64, FORM): whether the
/// size the outer header declares (`declaredEnd`) stops before the chunks the file needs or runs
/// past the end of the file, the walk goes on to the end of the file, as libsndfile and ffmpeg
/// do, and marks the chunks it finds past the declared end (`Chunk.isPastDeclaredEnd`) so that
/// the parser can say so. A parser stops the walk once it has what it needs.
///
/// A chunk's contents are measured against the end of the file. The walk reads only headers. It
/// ends quietly at bytes too few for a header, at an id that is not printable text (audio bytes
/// after a data chunk with no pad byte), or at a chunk that runs past the end of the file.
func walkChunks(
    _ reader: HeaderReader,
    from start: UInt64,
    declaredEnd: UInt64,
    layout: ChunkLayout,
    visit: (Chunk) throws(ParseError) -> Bool
) throws(ParseError) {
    var position = start
    let headerSize = UInt64(layout.headerSize)
    // What was last read, from the first read on. A header past it is read with the start of its
    // contents, so that a COMM, fmt or pakt chunk after the audio costs one read, not two; the
    // headers of small chunks that follow come from that read, and no byte is read twice.
    var window = (start: start, bytes: reader.prefix.dropFirst(Int(min(start, UInt64(reader.prefix.count)))))
    while position < reader.count {
        guard reader.count - position >= headerSize else { return }
        let dataOffset = position + headerSize
        let toEnd = reader.count - dataOffset
        if dataOffset > window.start + UInt64(window.bytes.count) {
            let intoWindow = position - window.start
            let kept = intoWindow < UInt64(window.bytes.count) ? window.bytes.dropFirst(Int(intoWindow)) : []
            let readFrom = position + UInt64(kept.count)
            let end = dataOffset + min(UInt64(HeaderReader.chunkReadAhead), toEnd)
            let read = try reader.bytes(at: readFrom, length: Int(end - readFrom), context: "a chunk header")
            window = (position, kept.isEmpty ? read.bytes : kept + read.bytes)
        }
        let header = ByteFields(window.bytes.dropFirst(Int(position - window.start)))
        let id = header.fourCC(0)
        guard id.isPrintable else { return }
        let declared = layout.size(header)
        var chunk = Chunk(
            id: id, headerOffset: position, dataOffset: dataOffset, declaredSize: declared, bytesToEndOfFile: toEnd,
            isPastDeclaredEnd: position >= declaredEnd)
        chunk.readAhead = header.bytes.dropFirst(layout.headerSize)
        guard try visit(chunk) else { break }
        guard let size = declared, size <= toEnd else { break }
        let padding: UInt64 = layout.padsOddSizes && size % 2 == 1 ? 1 : 0
        position = dataOffset + size + padding
    }
}

/// What a parser notes about its outer header's size, the one wording for RIFF, RF64 and FORM.
struct OuterSizeNotes {
    /// The outer header's name: "RIFF", "RF64", "FORM".
    let outer: String
    /// Where the outer header says the file ends.
    let declaredEnd: UInt64
    /// The file's length.
    let fileLength: UInt64
    private var chunksPastEnd: [FourCC] = []

    init(outer: String, declaredEnd: UInt64, fileLength: UInt64) {
        self.outer = outer
        self.declaredEnd = declaredEnd
        self.fileLength = fileLength
    }

    /// Records that `chunk`, which the parser uses, lies past the declared end.
    mutating func use(_ chunk: Chunk) {
        if chunk.isPastDeclaredEnd { chunksPastEnd.append(chunk.id) }
    }

    /// The notes: a needed chunk found past the declared end, a size past the end of the file,
    /// or bytes after the declared end that nothing needed.
    var notes: [String] {
        if !chunksPastEnd.isEmpty {
            let names = chunksPastEnd.map { "'\($0)'" }.joined(separator: " and ")
            return [
                "the \(outer) size ends at byte \(declaredEnd), before the \(names) chunk\(chunksPastEnd.count > 1 ? "s" : ""); "
                    + "read on to the end of the file, as libsndfile and ffmpeg do"
            ]
        }
        if declaredEnd > fileLength {
            return ["the \(outer) size runs \(declaredEnd - fileLength) bytes past the end of the file"]
        }
        if declaredEnd < fileLength {
            return ["\(fileLength - declaredEnd) bytes follow the \(outer)'s declared end and are ignored"]
        }
        return []
    }
}
