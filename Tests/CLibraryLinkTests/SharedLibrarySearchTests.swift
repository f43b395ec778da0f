import Foundation
import SharedLibraries
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where soundcheck looks for the C libraries: the search order of each system, and on this Linux
/// machine a real library found only under a folder the system does not search.
@Suite("Shared library search")
struct SharedLibrarySearchTests {
    @Test(
        "macOS: SOUNDCHECK_LIBRARY_PATH's absolute folders, then Homebrew (Apple Silicon, Intel), then MacPorts, then Homebrew's keg-only FFmpeg formulae; never a bare name"
    )
    func macOSOrder() {
        let candidates = SharedLibrarySearch.candidates(
            for: "libavcodec.61.dylib", system: .macOS, override: "lib:/custom/lib::.:/opt/local/lib/", loaderPath: nil)
        #expect(
            candidates == [
                "/custom/lib/libavcodec.61.dylib", "/opt/local/lib//libavcodec.61.dylib", "/opt/homebrew/lib/libavcodec.61.dylib",
                "/usr/local/lib/libavcodec.61.dylib", "/opt/local/lib/libavcodec.61.dylib",
                "/opt/homebrew/opt/ffmpeg-full/lib/libavcodec.61.dylib", "/opt/homebrew/opt/ffmpeg@7/lib/libavcodec.61.dylib",
                "/opt/homebrew/opt/ffmpeg@6/lib/libavcodec.61.dylib", "/opt/homebrew/opt/ffmpeg@5/lib/libavcodec.61.dylib",
                "/usr/local/opt/ffmpeg-full/lib/libavcodec.61.dylib", "/usr/local/opt/ffmpeg@7/lib/libavcodec.61.dylib",
                "/usr/local/opt/ffmpeg@6/lib/libavcodec.61.dylib", "/usr/local/opt/ffmpeg@5/lib/libavcodec.61.dylib",
            ])
        #expect(candidates.allSatisfy { $0.hasPrefix("/") })
        #expect(SharedLibrarySearch.candidates(for: "libsoxr.0.dylib", system: .macOS, override: nil, loaderPath: ":").count == 11)
        // A keg's folder named in SOUNDCHECK_LIBRARY_PATH is searched first, and only once.
        let chosen = SharedLibrarySearch.candidates(
            for: "libavcodec.61.dylib", system: .macOS, override: "/opt/homebrew/opt/ffmpeg@7/lib", loaderPath: nil)
        #expect(chosen.first == "/opt/homebrew/opt/ffmpeg@7/lib/libavcodec.61.dylib")
        #expect(chosen.filter { $0.contains("ffmpeg@7") }.count == 2)
    }

    @Test(
        "Linux: SOUNDCHECK_LIBRARY_PATH's absolute folders, then the loader's search, unless LD_LIBRARY_PATH would reach the current folder"
    )
    func linuxOrder() {
        #expect(
            SharedLibrarySearch.candidates(for: "libsoxr.so.0", system: .linux, override: "/custom/lib:.", loaderPath: "/opt/lib")
                == ["/custom/lib/libsoxr.so.0", "libsoxr.so.0"])
        for unsafe in ["", ":/opt/lib", "/opt/lib:", "/opt/lib::/usr/lib", "lib", "./lib"] {
            #expect(SharedLibrarySearch.loaderSearchesCurrentFolder(unsafe), "\(unsafe)")
            #expect(
                SharedLibrarySearch.candidates(for: "libsoxr.so.0", system: .linux, override: "/custom/lib", loaderPath: unsafe)
                    == ["/custom/lib/libsoxr.so.0"])
        }
        #expect(!SharedLibrarySearch.loaderSearchesCurrentFolder(nil))
        #expect(!SharedLibrarySearch.loaderSearchesCurrentFolder("/opt/lib:/usr/lib"))
    }

    @Test("the install advice names brew on macOS and apt-get on Debian")
    func installAdvice() {
        let mac = SharedLibrarySearch.installAdvice(brew: "libsoxr", apt: "libsoxr0", system: .macOS)
        #expect(mac.hasSuffix("brew install libsoxr"))
        #expect(mac.contains("/opt/homebrew/lib, /usr/local/lib, /opt/local/lib"))
        #expect(!mac.contains("apt-get"))
        #expect(
            SharedLibrarySearch.installAdvice(brew: "libsoxr", apt: "libsoxr0", system: .linux).hasSuffix(
                "Debian: apt-get install libsoxr0"))
    }

    @Test(
        "a real library found only under a folder named by SOUNDCHECK_LIBRARY_PATH is loaded from there",
        .enabled(if: TestPlatform.isLinux, "copies Debian's libsoxr.so.0 and reads /proc/self/maps"))
    func nonDefaultPrefix() throws {
        let system = try #require(SharedLibrarySearch.open("libsoxr.so.0"), "libsoxr0 is installed by Scripts/bootstrap")
        let installed = try #require(try Self.file(defining: "soxr_version", in: system))
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        // A name the system does not know, so only the prefix can provide it.
        let name = "libsoundcheck-search-probe.so.0"
        try FileManager.default.copyItem(atPath: installed, toPath: prefix.path + "/" + name)
        #expect(SharedLibrarySearch.open(name, system: .linux, override: nil, loaderPath: nil) == nil)
        let handle = try #require(
            SharedLibrarySearch.open(name, system: .linux, override: "/nonexistent:" + prefix.path, loaderPath: nil))
        #expect(try #require(try Self.file(defining: "soxr_version", in: handle)) == prefix.path + "/" + name)
    }

    /// The file a loaded library's symbol comes from: the mapping of /proc/self/maps that holds its
    /// address (glibc's dladdr is not visible to Swift).
    private static func file(defining symbol: String, in handle: UnsafeMutableRawPointer) throws -> String? {
        guard let address = dlsym(handle, symbol).map({ UInt(bitPattern: $0) }) else { return nil }
        // Read to the end: /proc files report a size of 0.
        let maps = try #require(try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd())
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if fields.count >= 6, range.count == 2, range[0] <= address, address < range[1] {
                return fields[5...].joined(separator: " ")
            }
        }
        return nil
    }
}
