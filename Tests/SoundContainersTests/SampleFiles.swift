import TestSupport

@testable import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files in the repository's `Samples/` folder.
enum SampleFiles {
    /// `Samples/`.
    static let folder = TestPaths.samples

    /// Paths relative to `folder` of every sample file, sorted.
    static let relativePaths: [String] = ["valid", "invalid"].flatMap { sub in
        guard let directory = opendir(folder + "/" + sub) else { return [String]() }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(sub + "/" + name) }
        }
        return names.sorted()
    }

    /// The whole contents of a sample file.
    static func bytes(_ relativePath: String) -> [UInt8] {
        guard let file = fopen(folder + "/" + relativePath, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

/// The first `count` bytes of a buffer, without copying them.
struct PrefixByteSource: ByteSource {
    let whole: MemoryByteSource
    let count: UInt64

    func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        guard offset < count else { return [] }
        return try whole.read(at: offset, length: Int(min(UInt64(length), count - offset)))
    }
}
