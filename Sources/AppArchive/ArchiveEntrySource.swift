import SoundContainers

/// The bytes of one archived file, inflated only as far as a parser reads them: a window of the
/// last bytes read is kept, reading further on inflates forward, and reading back restarts the
/// entry. Memory stays at the window's size whatever the entry's.
public final class ArchiveEntrySource: ByteSource {
    /// The most of one entry that is inflated: a notification sound is far smaller.
    public static let inflateLimit: UInt64 = 64 << 20

    private let archive: ZipArchive
    private let entry: ZipArchive.Entry
    /// Bytes of the entry inflated so far, since it was last opened.
    private var position: UInt64 = 0
    private var window: [UInt8] = []
    private var windowStart: UInt64 = 0

    /// A source over `entry` of `archive`.
    public init(_ entry: ZipArchive.Entry, in archive: ZipArchive) {
        self.archive = archive
        self.entry = entry
    }

    public var count: UInt64 { entry.size }

    public func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        guard length > 0, offset < count else { return [] }
        let end = min(offset + UInt64(length), count)
        guard end <= Self.inflateLimit else {
            throw .unreadable(reason: "reading past \(Self.inflateLimit >> 20) MiB of an archived file is refused")
        }
        if offset >= windowStart, end <= windowStart + UInt64(window.count), archive.isOpen(entry) {
            return window[Int(offset - windowStart)..<Int(end - windowStart)]
        }
        do {
            if !archive.isOpen(entry) || offset < position {
                try archive.open(entry)
                position = 0
            }
            try skip(to: offset)
            window = try take(Int(end - offset))
            windowStart = offset
        } catch {
            throw .unreadable(reason: error.description)
        }
        return window[...]
    }

    private func skip(to offset: UInt64) throws(ArchiveError) {
        var scratch = [UInt8](repeating: 0, count: 65536)
        while position < offset {
            let want = Int(min(UInt64(scratch.count), offset - position))
            let got = try scratch.withUnsafeMutableBytes { buffer in
                Result { () throws(ArchiveError) in try archive.read(entry, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want])) }
            }.get()
            guard got > 0 else { return }
            position += UInt64(got)
        }
    }

    private func take(_ count: Int) throws(ArchiveError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(ArchiveError) in try archive.read(entry, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) }
            }.get()
            guard got > 0 else { break }
            filled += got
            position += UInt64(got)
        }
        return Array(bytes[..<filled])
    }
}
