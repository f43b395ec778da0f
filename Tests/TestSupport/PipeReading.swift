import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileHandle {
    /// Everything left to read, up to end of file, with a read that a signal interrupts tried
    /// again. Foundation's `readDataToEndOfFile()` traps on EINTR on Linux, which a child's exit
    /// can cause while many tests run processes at once.
    public func readRemainingData() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}

/// POSIX `read(2)`, by a name that `FileHandle`'s own `read` methods do not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
