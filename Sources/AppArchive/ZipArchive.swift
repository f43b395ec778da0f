internal import CMiniZip
internal import SharedLibraries

/// A zip archive read in place through minizip, the only file that uses it: the central directory
/// is listed once, and an entry's bytes are inflated only as far as they are read. Nothing is
/// ever written. Not thread-safe: one archive, one thread.
public final class ZipArchive {
    /// One entry of the central directory.
    public struct Entry: Sendable, Equatable {
        /// The name, as stored (`Payload/Example.app/Ding.caf`).
        public let name: String
        /// The uncompressed size the directory declares.
        public let size: UInt64
        /// The compressed size.
        public let compressedSize: UInt64
        /// Where minizip finds it again.
        let directoryOffset: UInt64
        /// Its index in the directory.
        let number: UInt64

        /// True for a folder entry (`Payload/Example.app/`).
        public var isFolder: Bool { name.hasSuffix("/") }
    }

    /// More entries than this is not an app.
    public static let maximumEntries: UInt64 = 1_000_000
    /// An entry declaring more than this many bytes per compressed byte, and over 16 MiB, is a bomb.
    static let maximumRatio: UInt64 = 1000

    /// The archive, as given.
    public let path: String
    /// Every entry, in directory order.
    public let entries: [Entry]
    private let library: soundcheck_minizip
    private let handle: unzFile
    /// The entry open for reading, if any.
    private var current: Entry?

    /// Opens the archive at `path` and lists it, refusing unsafe names and zip bombs.
    public init(path: String) throws(ArchiveError) {
        let library = try minizipLibrary.get()
        guard let handle = library.unzOpen64(path) else { throw .notAZipArchive(path: path) }
        var global = unz_global_info64()
        guard library.unzGetGlobalInfo64(handle, &global) == UNZ_OK else {
            library.unzClose(handle)
            throw .notAZipArchive(path: path)
        }
        guard global.number_entry <= Self.maximumEntries else {
            library.unzClose(handle)
            throw .tooManyEntries(path: path, count: global.number_entry)
        }
        var entries: [Entry] = []
        var name = [CChar](repeating: 0, count: 4097)
        var status = library.unzGoToFirstFile(handle)
        while status == UNZ_OK {
            var info = unz_file_info64()
            var position = unz64_file_pos()
            guard library.unzGetCurrentFileInfo64(handle, &info, &name, UInt(name.count - 1), nil, 0, nil, 0) == UNZ_OK,
                library.unzGetFilePos64(handle, &position) == UNZ_OK
            else {
                library.unzClose(handle)
                throw .notAZipArchive(path: path)
            }
            let length = Int(info.size_filename)
            let entryName = length < name.count ? String(validatingCString: name) : nil
            guard let entryName, entryName.utf8.count == length else {
                library.unzClose(handle)
                throw .badName(path: path, index: entries.count)
            }
            let entry = Entry(
                name: entryName, size: info.uncompressed_size, compressedSize: info.compressed_size,
                directoryOffset: position.pos_in_zip_directory, number: position.num_of_file)
            if let problem = Self.hostility(of: entry, in: path) {
                library.unzClose(handle)
                throw problem
            }
            entries.append(entry)
            status = library.unzGoToNextFile(handle)
        }
        guard status == UNZ_END_OF_LIST_OF_FILE, UInt64(entries.count) == global.number_entry else {
            library.unzClose(handle)
            throw .notAZipArchive(path: path)
        }
        self.path = path
        self.library = library
        self.handle = handle
        self.entries = entries
    }

    deinit {
        if current != nil { _ = library.unzCloseCurrentFile(handle) }
        library.unzClose(handle)
    }

    /// An unsafe name or a bomb, if the entry is one.
    static func hostility(of entry: Entry, in path: String) -> ArchiveError? {
        let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
        if entry.name.hasPrefix("/") || entry.name.contains("\\") || parts.contains("..") || entry.name.contains(":") {
            return .unsafeName(path: path, name: entry.name)
        }
        if entry.size > 16 << 20, entry.size / max(entry.compressedSize, 1) > maximumRatio {
            return .zipBomb(path: path, name: entry.name, size: entry.size, compressedSize: entry.compressedSize)
        }
        return nil
    }

    /// Opens `entry` for reading from its start (closing whatever entry was open).
    func open(_ entry: Entry) throws(ArchiveError) {
        if current != nil {
            _ = library.unzCloseCurrentFile(handle)
            current = nil
        }
        var position = unz64_file_pos(pos_in_zip_directory: entry.directoryOffset, num_of_file: entry.number)
        guard library.unzGoToFilePos64(handle, &position) == UNZ_OK, library.unzOpenCurrentFile(handle) == UNZ_OK else {
            throw .readFailed(path: path, reason: "cannot open the entry '\(entry.name)' (unknown compression or damaged header)")
        }
        current = entry
    }

    /// Reads the next bytes of the open entry into `buffer`; 0 at its end.
    func read(_ entry: Entry, into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard current == entry else { throw .readFailed(path: path, reason: "the entry '\(entry.name)' is not open") }
        let got = library.unzReadCurrentFile(handle, buffer.baseAddress, UInt32(buffer.count))
        guard got >= 0 else {
            throw .readFailed(path: path, reason: "the data of '\(entry.name)' is damaged (minizip error \(got))")
        }
        return Int(got)
    }

    /// True when `entry` is the one open for reading.
    func isOpen(_ entry: Entry) -> Bool { current == entry }
}

/// minizip's functions, or why they cannot be had: the library is opened on first use.
private let minizipLibrary: Result<soundcheck_minizip, ArchiveError> = {
    var missing: UnsafePointer<CChar>?
    guard let table = soundcheck_minizip_load({ SharedLibrarySearch.open(cString: $0) }, &missing) else {
        return .failure(.readerMissing(missing.map { String(cString: $0) } ?? "minizip"))
    }
    return .success(table.pointee)
}()
