import Testing

@testable import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileOpener` opens through the folder it keeps open: every path must open as `open(2)` opens
/// it, to the same file or with the same error, whatever folder came before.
@Suite("Opening files relative to their folder")
struct FileOpenerTests {
    /// A new folder under /tmp holding folders `a` and `b`, each with files `x.caf` and `y.caf`
    /// whose contents are their own paths, and a file `a/file.caf`.
    private func makeTree() throws -> String {
        var template = Array("/tmp/soundcheck-opener-XXXXXX".utf8CString)
        let root = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        for folder in ["a", "b"] {
            #expect(mkdir(root + "/" + folder, 0o755) == 0)
            for name in ["x.caf", "y.caf"] { try writeOwnPath(root + "/" + folder + "/" + name) }
        }
        try writeOwnPath(root + "/file.caf")
        return root
    }

    private func writeOwnPath(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        _ = path.withCString { write(fd, $0, strlen($0)) }
    }

    private func remove(_ root: String) {
        for folder in ["a", "b"] {
            for name in ["x.caf", "y.caf"] { unlink(root + "/" + folder + "/" + name) }
            rmdir(root + "/" + folder)
        }
        unlink(root + "/file.caf")
        rmdir(root)
    }

    /// What opening `path` gives: the file's contents, or the error number.
    private func outcome(_ path: String, opener: FileOpener?) -> String {
        errno = 0
        let fd = opener.map { $0.openFile(path, flags: O_RDONLY | O_CLOEXEC) } ?? open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "errno \(errno)" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(fd, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    @Test("the same file or the same error as open(2), in any order of folders")
    func sameAsOpen() throws {
        let root = try makeTree()
        defer { remove(root) }
        let paths = [
            "a/x.caf", "a/y.caf", "b/x.caf", "a/x.caf", "a/missing.caf", "missing/x.caf", "file.caf/x.caf", "a/x.caf/",
            "a//y.caf", "a/../b/y.caf", "./a/x.caf", "a", "b/x.caf", "file.caf",
        ].map { root + "/" + $0 }
        let opener = FileOpener()
        for path in paths + paths.reversed() + [root + "/b/y.caf", "/", "relative-missing.caf", ""] {
            #expect(outcome(path, opener: opener) == outcome(path, opener: nil), "\(path)")
        }
    }

    @Test("a folder that cannot be opened: each path is opened whole, and the next folder still works")
    func unopenableFolder() throws {
        let root = try makeTree()
        defer { remove(root) }
        let opener = FileOpener()
        #expect(outcome(root + "/a/x.caf", opener: opener) == root + "/a/x.caf")
        #expect(outcome(root + "/gone/x.caf", opener: opener) == "errno \(ENOENT)")
        #expect(outcome(root + "/a/y.caf", opener: opener) == root + "/a/y.caf")
    }

    @Test("the folder held open is the last one whose file was opened through it")
    func folderHeldOpen() throws {
        let root = try makeTree()
        defer { remove(root) }
        let opener = FileOpener()
        #expect(opener.heldFolder == nil)
        for (path, folder) in [("a/x.caf", "a/"), ("a/y.caf", "a/"), ("b/x.caf", "b/"), ("a/missing.caf", "a/"), ("gone/x.caf", nil)] {
            _ = outcome(root + "/" + path, opener: opener)
            #expect(opener.heldFolder == folder.map { root + "/" + $0 }, "\(path)")
        }
        _ = outcome("/", opener: opener)
        _ = outcome(root + "/file.caf", opener: opener)
        #expect(opener.heldFolder == root + "/")
        // A file at the root: the folder held is "/".
        #expect(outcome("/soundcheck-no-such.caf", opener: opener) == "errno \(ENOENT)")
        #expect(opener.heldFolder == "/")
    }

    @Test("FileByteSource reads the same bytes through an opener")
    func byteSource() throws {
        let root = try makeTree()
        defer { remove(root) }
        let opener = FileOpener()
        for path in ["a/x.caf", "a/y.caf", "b/x.caf"].map({ root + "/" + $0 }) {
            let plain = try FileByteSource(path: path)
            let through = try FileByteSource(path: path, opener: opener)
            #expect(try through.read(at: 0, length: 512) == plain.read(at: 0, length: 512))
            #expect(through.identity == plain.identity)
        }
        #expect(throws: ParseError.self) { try FileByteSource(path: root + "/a", opener: opener) }
    }
}
