import AppArchive
import Foundation
import SoundContainers
import TestSupport
import Testing

/// `.ipa` archives built in the test, byte by byte (and by Python's zipfile for deflate and
/// zip64): sounds found and parsed in place, hostile archives refused with the reason.
@Suite("App archives (.ipa)")
struct AppArchiveTests {
    static let sample = TestPaths.samples + "/valid/caf-ulaw-mono-8000.caf"
    static let wav = TestPaths.samples + "/valid/wav-LEI16-mono-22050.wav"

    /// Writes `bytes` to a temporary file and returns its path (removed by `cleanUp`).
    private func file(_ bytes: [UInt8], name: String = "App.ipa") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-ipa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func cleanUp(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("sounds at the root, in subfolders and in extensions are found; frameworks are not; headers parse in place")
    func findsSounds() throws {
        let caf = try bytes(Self.sample)
        let path = try file(
            ZipBytes.archive([
                .init("Payload/", []), .init("Payload/Demo.app/", []), .init("Payload/Demo.app/Ding.caf", caf),
                .init("Payload/Demo.app/Sounds/Welcome.caf", caf), .init("Payload/Demo.app/Info.plist", [1, 2, 3]),
                .init("Payload/Demo.app/PlugIns/Notify.appex/Chime.caf", caf),
                .init("Payload/Demo.app/Frameworks/Kit.framework/Beep.caf", caf),
            ]))
        defer { cleanUp(path) }
        let archive = try ZipArchive(path: path)
        let found = try AppArchiveSounds(of: archive)
        #expect(found.app == "Payload/Demo.app")
        #expect(found.sounds.map { "\($0.bundle) \($0.bundlePath) \($0.isAtBundleRoot)" } == [
            "Payload/Demo.app Ding.caf true", "Payload/Demo.app Sounds/Welcome.caf false",
            "Payload/Demo.app/PlugIns/Notify.appex Chime.caf true",
        ])
        let expected = try AudioFileParser.describeFile(atPath: Self.sample)
        for sound in found.sounds {
            #expect(try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive)) == expected)
        }
    }

    @Test("reads forward, back and across entries return the entry's own bytes")
    func randomAccess() throws {
        let caf = try bytes(Self.sample)
        let wav = try bytes(Self.wav)
        let path = try file(ZipBytes.archive([.init("Payload/A.app/a.caf", caf), .init("Payload/A.app/b.wav", wav)]))
        defer { cleanUp(path) }
        let archive = try ZipArchive(path: path)
        let a = ArchiveEntrySource(archive.entries[0], in: archive)
        let b = ArchiveEntrySource(archive.entries[1], in: archive)
        #expect(Array(try a.read(at: 100, length: 50)) == Array(caf[100..<150]))
        #expect(Array(try b.read(at: 0, length: 12)) == Array(wav[0..<12]))
        #expect(Array(try a.read(at: 0, length: 4)) == Array(caf[0..<4]))
        #expect(Array(try a.read(at: UInt64(caf.count - 10), length: 100)) == Array(caf[(caf.count - 10)...]))
        #expect(try a.read(at: UInt64(caf.count), length: 10).isEmpty)
    }

    @Test("hostile archives are refused with the reason, and nothing is written")
    func hostile() throws {
        let caf = try bytes(Self.sample)
        let good = ZipBytes.archive([.init("Payload/A.app/a.caf", caf)])
        let cases: [([UInt8], (String) -> ArchiveError)] = [
            (ZipBytes.archive([.init("Payload/A.app/../../evil.caf", caf)]), { .unsafeName(path: $0, name: "Payload/A.app/../../evil.caf") }),
            (ZipBytes.archive([.init("/etc/evil.caf", caf)]), { .unsafeName(path: $0, name: "/etc/evil.caf") }),
            (ZipBytes.archive([.init("Payload\\A.app\\a.caf", caf)]), { .unsafeName(path: $0, name: "Payload\\A.app\\a.caf") }),
            (
                ZipBytes.archive([.init("Payload/A.app/bomb.caf", caf, declaredSize: 4_000_000_000, declaredCompressedSize: 1000)]),
                { .zipBomb(path: $0, name: "Payload/A.app/bomb.caf", size: 4_000_000_000, compressedSize: 1000) }
            ),
            (Array(good.dropLast(30)), { .notAZipArchive(path: $0) }),
            (Array(good[..<(good.count - 22 - 20)]) + Array(good[(good.count - 22)...]), { .notAZipArchive(path: $0) }),
            (Array("not a zip at all".utf8), { .notAZipArchive(path: $0) }),
            ([], { .notAZipArchive(path: $0) }),
        ]
        for (archiveBytes, expected) in cases {
            let path = try file(archiveBytes)
            defer { cleanUp(path) }
            let before = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            #expect(throws: expected(path)) { try ZipArchive(path: path) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == before)
        }
        let noApp = try file(ZipBytes.archive([.init("Sounds/a.caf", caf)]))
        defer { cleanUp(noApp) }
        #expect(throws: ArchiveError.noApp(path: noApp)) { try AppArchiveSounds(of: ZipArchive(path: noApp)) }
        #expect(throws: ArchiveError.notAZipArchive(path: "/nonexistent/App.ipa")) { try ZipArchive(path: "/nonexistent/App.ipa") }
    }

    @Test("deflated entries and zip64 archives (written by Python's zipfile) read as the files they hold")
    func deflateAndZip64() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-ipa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("App.ipa").path
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.write(sys.argv[2], "Payload/A.app/a.caf")
                with z.open("Payload/A.app/big.wav", "w", force_zip64=True) as f:
                    f.write(open(sys.argv[3], "rb").read())
            """
        guard ExternalTools.run(["python3", "-c", script, path, Self.sample, Self.wav]) != nil else {
            #expect(!TestPaths.isCI, "python3 is needed")
            return
        }
        let archive = try ZipArchive(path: path)
        let sounds = try AppArchiveSounds(of: archive).sounds
        #expect(sounds.count == 2)
        #expect(try AudioFileParser.describe(ArchiveEntrySource(sounds[0].entry, in: archive)) == AudioFileParser.describeFile(atPath: Self.sample))
        #expect(try AudioFileParser.describe(ArchiveEntrySource(sounds[1].entry, in: archive)) == AudioFileParser.describeFile(atPath: Self.wav))
    }
}
