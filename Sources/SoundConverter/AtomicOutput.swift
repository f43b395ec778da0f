import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written next to its destination under a temporary name and moved into place only once
/// it is complete, synced and checked: readers see the old file or the new one, never half of
/// one. If it is not committed, the temporary file is removed.
final class AtomicOutput {
    let destination: String
    let temporaryPath: String
    private var descriptor: Int32
    private var committed = false

    init(destination: String) throws(ConversionError) {
        self.destination = destination
        let folder = parentFolder(of: destination)
        let name = fileName(of: destination)
        var template = Array("\(folder)/.\(name).soundcheck-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw .writeFailed("cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { unlink(temporaryPath) }
    }

    /// Appends `bytes`.
    func append(_ bytes: [UInt8]) throws(ConversionError) {
        try write(bytes, at: nil)
    }

    /// Writes `bytes` at `offset` (over what is there), or appends them when `offset` is nil.
    func write(_ bytes: [UInt8], at offset: UInt64?) throws(ConversionError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                let start = raw.baseAddress! + written
                return offset.map { pwrite(descriptor, start, raw.count - written, off_t($0) + off_t(written)) }
                    ?? systemWrite(descriptor, start, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .writeFailed("\(destination): \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// Syncs the file, lets `check` look at it under its temporary name, keeps the file now at
    /// the destination as `backup` (when given and not there yet), and moves the new file into place.
    func commit(backup: String? = nil, check: (String) throws(ConversionError) -> Void) throws(ConversionError) {
        guard fsync(descriptor) == 0 else { throw .writeFailed("\(destination): \(String(cString: strerror(errno)))") }
        close(descriptor)
        descriptor = -1
        try check(temporaryPath)
        if let backup, access(backup, F_OK) != 0, link(destination, backup) != 0, errno != ENOENT {
            throw .writeFailed("cannot keep the original as \(backup): \(String(cString: strerror(errno)))")
        }
        guard rename(temporaryPath, destination) == 0 else {
            throw .writeFailed("cannot move the new file to \(destination): \(String(cString: strerror(errno)))")
        }
        committed = true
        let folder = open(parentFolder(of: destination), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}

/// `write(2)`, named apart from `AtomicOutput.write(_:at:)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
