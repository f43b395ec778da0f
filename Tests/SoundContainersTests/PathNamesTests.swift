import SoundContainers
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Path names")
struct PathNamesTests {
    @Test("the extension goes; a dot in a folder name or a name without one stays")
    func removingExtensions() {
        #expect(removingExtension(from: "Sounds/alert.mp3") == "Sounds/alert")
        #expect(removingExtension(from: "alert.tar.gz") == "alert.tar")
        #expect(removingExtension(from: "v1.2/alert") == "v1.2/alert")
        #expect(removingExtension(from: "alert") == "alert")
    }

    @Test("a folder and a name join with exactly one slash")
    func joining() {
        #expect(joiningPath("Sounds", "a.caf") == "Sounds/a.caf")
        #expect(joiningPath("Sounds/", "a.caf") == "Sounds/a.caf")
        #expect(joiningPath("/", "a.caf") == "/a.caf")
        #expect(joiningPath("/real/folder", "") == "/real/folder/")
    }

    @Test("a path's folder and file name")
    func components() {
        #expect(parentFolder(of: "Sounds/a.caf") == "Sounds")
        #expect(parentFolder(of: "/app/Library/Sounds/") == "/app/Library")
        #expect(parentFolder(of: "/a.caf") == "/")
        #expect(parentFolder(of: "a.caf") == ".")
        #expect(fileName(of: "Sounds/a.caf") == "a.caf")
        #expect(fileName(of: "a.caf") == "a.caf")
        #expect(fileName(of: "Sounds/Ünïcode/ding ✓.caf") == "ding ✓.caf")
        #expect(fileName(of: "Sounds/") == "")
    }

    @Test("a path's folder is the same whether the path is ASCII (cut at a byte) or not (cut at a character)")
    func foldersOfEveryPath() {
        let cases: [(String, String)] = [
            ("a/b/c.caf", "a/b"), ("a/b/", "a"), ("a/b//", "a"), ("a", "."), ("a/", "."), ("/", "/"), ("//", "/"),
            ("/a", "/"), ("/a/", "/"), ("./a.caf", "."), ("", "."), ("a//b", "a/"),
            ("Sounds/Ünïcode/ding ✓.caf", "Sounds/Ünïcode"), ("Ünï/", "."), ("/Ünï", "/"), ("é/", "."), ("a/é//", "a"),
        ]
        for (path, folder) in cases { #expect(parentFolder(of: path) == folder, "\(path)") }
    }

    @Test("a file name's extension, lowercased; none for a leading dot, a dot in a folder, or a trailing dot")
    func extensions() {
        let cases = [
            ("Sounds/Ding.CAF", "caf"), ("a.tar.Gz", "gz"), ("v1.2/alert", ""), (".wav", ""), ("Sounds/.wav", ""),
            ("alert.", ""), ("noext", ""), ("", ""), ("/", ""), ("a/b.c/d.AIFF", "aiff"), ("x.ÉTÉ", "été"), ("日本.WAV", "wav"),
            ("..wav", "wav"), ("a/..caf", "caf"),
        ]
        for (path, expected) in cases { #expect(fileExtension(of: path) == expected, "\(path)") }
    }

    @Test("named like a sound: the same answer as the set of extensions, for 50,000 generated paths")
    func namedLikeSound() {
        // Pieces that build every case the rule has: folders with dots, leading dots, every
        // extension in mixed case, near misses, long and non-ASCII extensions.
        let pieces = [
            "a", "/", ".", "..", "Sounds/", "v1.2/", "caf", "CAF", "Wav", "aiff", "aif", "aifc", "mp3", "M4R", "opus", "flac",
            "amr", "wave", "caff", "aac", "ogg", "m4a", "cafx", "ca", "wavwavwav", "ÉTÉ", "café", "ı", "\u{0}", " ",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = SniffedFormat.soundFileExtensions.contains(fileExtension(of: path))
            #expect(SniffedFormat.isNamedLikeSound(path) == expected, "\(path.debugDescription)")
        }
        for path in ["Ding.CAF", "a/b.Wave", "x.mp3", "..caf", "Sounds/a.aifc"] { #expect(SniffedFormat.isNamedLikeSound(path), "\(path)") }
        for path in [".wav", "Sounds/.caf", "a.caf/", "a.caff2", "caf", "a.ca f", "v1.caf/x"] {
            #expect(!SniffedFormat.isNamedLikeSound(path), "\(path)")
        }
    }

    @Test("every entry of a folder is listed with its type; a missing folder says so")
    func folderEntries() throws {
        let folder = "/tmp/soundcheck-entries-\(getpid())"
        #expect(mkdir(folder, 0o755) == 0)
        defer { _ = rmdir(folder + "/sub"); _ = unlink(folder + "/a.caf"); _ = rmdir(folder) }
        #expect(mkdir(folder + "/sub", 0o755) == 0)
        #expect(creat(folder + "/a.caf", 0o644) >= 0)
        var entries: [String: UInt8] = [:]
        #expect(forEachEntry(inFolder: folder) { name, type in entries[String(cString: name)] = type })
        #expect(entries.keys.sorted() == [".", "..", "a.caf", "sub"])
        // d_type as readdir gives it: the kind, or DT_UNKNOWN where the file system does not say.
        #expect([UInt8(DT_REG), UInt8(DT_UNKNOWN)].contains(entries["a.caf"]))
        #expect([UInt8(DT_DIR), UInt8(DT_UNKNOWN)].contains(entries["sub"]))
        #expect(!forEachEntry(inFolder: folder + "/missing") { _, _ in Issue.record("a missing folder has no entries") })
    }
}
