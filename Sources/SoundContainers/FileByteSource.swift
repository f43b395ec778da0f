#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `ByteSource` over a regular file, read with `pread`. This is the only place in the
/// module that touches the file system.
///
/// Opening never blocks: a FIFO or device is refused before anything is read from it.
public final class FileByteSource: ByteSource {
    private let descriptor: Int32
    /// The file's length when it was opened.
    public let count: UInt64
    /// The file's device, inode, size and modification time when it was opened.
    public let identity: FileIdentity

    /// Opens the regular file at `path` for reading, through `opener` when one is given.
    /// - Throws: `ParseError.unreadable` naming why (missing, permission, not a regular file).
    public init(path: String, opener: FileOpener? = nil) throws(ParseError) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        // withCString hands a native string's own bytes over; passing `path` made a C copy each file.
        let fd = opener?.openFile(path, flags: flags) ?? path.withCString { open($0, flags) }
        guard fd >= 0 else { throw .unreadable(reason: Self.describe(errno: errno)) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = Self.describe(errno: errno)
            close(fd)
            throw .unreadable(reason: reason)
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw .unreadable(reason: "it is \(Self.describe(fileKind: kind)), not a regular file")
        }
        descriptor = fd
        count = UInt64(max(0, status.st_size))
        identity = FileIdentity(status)
    }

    deinit {
        close(descriptor)
    }

    public func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        guard length > 0, offset < count, offset <= UInt64(Int64.max) else { return [] }
        let wanted = Int(min(UInt64(length), count - offset))
        var failure: ParseError?
        let buffer = [UInt8](unsafeUninitializedCapacity: wanted) { raw, initialized in
            do throws(ParseError) {
                initialized = try read(at: offset, into: UnsafeMutableRawBufferPointer(raw))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return buffer[...]
    }

    /// Reads from `offset` into `buffer` until it is full or the file ends, and returns how many
    /// bytes it read (fewer than asked when the file shrank while being read).
    public func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        var initialized = 0
        while initialized < buffer.count {
            let got = pread(descriptor, start + initialized, buffer.count - initialized, off_t(offset) + off_t(initialized))
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: "read failed at byte \(offset + UInt64(initialized)): \(Self.describe(errno: errno))")
            }
            if got == 0 { break }  // the file shrank while being read
            initialized += got
        }
        return initialized
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "too many levels of symbolic links"
        case EISDIR: return "it is a directory, not a regular file"
        case ENOTDIR: return "a component of the path is not a directory"
        default: return String(cString: strerror(code))
        }
    }

    private static func describe(fileKind: mode_t) -> String {
        switch fileKind {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// One version of one file, from `stat`: the device and inode say which file it is, whatever
/// path named it; the size and modification time say whether it changed. Equal values are the
/// same file, unchanged.
public struct FileIdentity: Hashable, Sendable {
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode number on that device.
    public var inode: UInt64
    /// The file's length in bytes.
    public var size: Int64
    /// The last modification time, in nanoseconds since 1970.
    public var modificationTime: Int64

    /// The identity `stat` (or `fstat`, `lstat`) reported.
    public init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modificationTime = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            modificationTime = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
    }

    /// The identity of the file or folder at `path` (following symbolic links), or nil.
    public static func of(_ path: String) -> FileIdentity? {
        var status = stat()
        return stat(path, &status) == 0 ? FileIdentity(status) : nil
    }

    /// True when both name the same file (device and inode), changed or not.
    public func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }
}
