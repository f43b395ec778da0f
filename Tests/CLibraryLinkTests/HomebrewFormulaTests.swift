import CFFmpeg
import Foundation
import SharedLibraries
import TestSupport
import Testing

/// What Homebrew installs on a Mac, as data read from its formulae, against what
/// `SharedLibrarySearch` tries there: every folder the search tries is one a formula fills (or
/// MacPorts' prefix), and every library file soundcheck opens is one a formula installs into a
/// folder the search tries.
///
/// Each row cites the formula file and the commit it was read at (Homebrew/homebrew-core; the rows
/// marked "mirror" were read from the zalt50/homebrew-core mirror, the same path, when the index
/// held no copy of Homebrew's own). The file names are those the libraries' build systems give a
/// shared library on Darwin: FFmpeg's configure names it `lib$(FULLNAME).$(LIBMAJOR).dylib`
/// (libavcodec.62.dylib), libtool `libNAME.(current - age).dylib` (libvorbis 4:… age 4 →
/// libvorbis.0.dylib, libvorbisenc 2:…:0 → libvorbisenc.2.dylib, minizip's `-version-info 1:0:0` →
/// libminizip.1.dylib), CMake `libNAME.SOVERSION.dylib` (libsndfile 1, libsamplerate 0, libsoxr 0,
/// libogg 0).
@Suite("Homebrew's formulae")
struct HomebrewFormulaTests {
    /// One formula: where it was read, what it installs and whether Homebrew links it into the prefix.
    struct Formula {
        let name: String
        let path: String
        let commit: String
        let version: String
        /// `keg_only :versioned_formula`: installed only under PREFIX/opt/NAME, not linked into PREFIX/lib.
        let kegOnly: Bool
        /// The shared libraries soundcheck can open that it installs, by the names the loader needs.
        let libraries: [String]
    }

    static let formulae = [
        Formula(
            name: "ffmpeg", path: "Formula/f/ffmpeg.rb", commit: "06718e4c40028d1cbfb01781ec8d357aa582535b", version: "8.1",
            kegOnly: false, libraries: ["libavcodec.62.dylib", "libavformat.62.dylib", "libavutil.60.dylib"]),
        Formula(
            name: "ffmpeg-full", path: "Formula/f/ffmpeg-full.rb", commit: "3bfebec35762e1350b173c4de7671f9bc72babc3",
            version: "8.0.1", kegOnly: true, libraries: ["libavcodec.62.dylib", "libavformat.62.dylib", "libavutil.60.dylib"]),
        Formula(
            name: "ffmpeg@7", path: "Formula/f/ffmpeg@7.rb", commit: "3bfebec35762e1350b173c4de7671f9bc72babc3", version: "7.1.3",
            kegOnly: true, libraries: ["libavcodec.61.dylib", "libavformat.61.dylib", "libavutil.59.dylib"]),
        Formula(
            name: "ffmpeg@6", path: "Formula/f/ffmpeg@6.rb", commit: "d5c3af515ee9675d0800567d65ea2b604f66cdcc", version: "6.1.4",
            kegOnly: true, libraries: ["libavcodec.60.dylib", "libavformat.60.dylib", "libavutil.58.dylib"]),
        Formula(
            name: "ffmpeg@5", path: "Formula/f/ffmpeg@5.rb", commit: "71bbc37c7112164b9bf32e5f1bc895df9f915cca", version: "5.1.4",
            kegOnly: true, libraries: ["libavcodec.59.dylib", "libavformat.59.dylib", "libavutil.57.dylib"]),
        Formula(
            name: "libsndfile", path: "Formula/lib/libsndfile.rb", commit: "746ab449aae1b78d640c75f2795e6c97c79c710e",
            version: "1.2.2", kegOnly: false, libraries: ["libsndfile.1.dylib"]),
        Formula(
            name: "libvorbis", path: "Formula/lib/libvorbis.rb", commit: "9c267efa53b1a8e394ff1718627b0bfb7071d134",
            version: "1.3.7", kegOnly: false, libraries: ["libvorbis.0.dylib", "libvorbisenc.2.dylib", "libvorbisfile.3.dylib"]),
        // mirror
        Formula(
            name: "libsamplerate", path: "Formula/lib/libsamplerate.rb", commit: "7bbc9bf96e3b211a50a20b56302fccb32a92c174",
            version: "0.2.2", kegOnly: false, libraries: ["libsamplerate.0.dylib"]),
        // mirror
        Formula(
            name: "libsoxr", path: "Formula/lib/libsoxr.rb", commit: "142436430154f0827b2776f9f4a7aaf11ab14559", version: "0.1.3",
            kegOnly: false, libraries: ["libsoxr.0.dylib"]),
        // mirror
        Formula(
            name: "libogg", path: "Formula/lib/libogg.rb", commit: "2420318dff302233cf2492eac8f9bd70c2625d49", version: "1.3.6",
            kegOnly: false, libraries: ["libogg.0.dylib"]),
        // mirror: minizip from zlib 1.3.2's contrib/minizip (autotools, `-version-info 1:0:0`).
        Formula(
            name: "minizip", path: "Formula/m/minizip.rb", commit: "ddc47781ed990f7b8adb145b73f9bc362329b2b7", version: "1.3.2",
            kegOnly: false, libraries: ["libminizip.1.dylib"]),
        // mirror: minizip-ng builds with MZ_LIB_SUFFIX=-ng, so its library is libminizip-ng, which
        // soundcheck does not open (`brew install minizip` is the advice).
        Formula(
            name: "minizip-ng", path: "Formula/m/minizip-ng.rb", commit: "502115939cd7a8526deb63496cb9ac9e2f64f61a",
            version: "4.2.2", kegOnly: false, libraries: ["libminizip-ng.dylib"]),
    ]

    /// Homebrew's prefixes: Apple Silicon's and Intel's.
    static let prefixes = ["/opt/homebrew", "/usr/local"]

    /// Every folder some formula fills: PREFIX/lib for the linked ones, PREFIX/opt/NAME/lib for each.
    static func folders(of formula: Formula) -> [String] {
        prefixes.flatMap { prefix in (formula.kegOnly ? [] : ["\(prefix)/lib"]) + ["\(prefix)/opt/\(formula.name)/lib"] }
    }

    /// The library files soundcheck opens on macOS: FFmpeg's of each layout (the shim's
    /// `soundcheck_ffmpeg_soname` makes `libNAME.MAJOR.dylib` there), and every other shim's macOS
    /// name (`#define SOUNDCHECK_…_SONAME "lib….dylib"` in Sources/C*/shim.h).
    static func openedLibraries() throws -> [String] {
        let layouts = withUnsafeBytes(of: soundcheck_ffmpeg_layouts) { Array($0.bindMemory(to: soundcheck_ffmpeg_layout.self)) }
        let ffmpeg = layouts.flatMap { layout in
            ["libavcodec.\(layout.avcodec).dylib", "libavformat.\(layout.avformat).dylib", "libavutil.\(layout.avutil).dylib"]
        }
        let sources = TestPaths.packageRoot + "/Sources"
        var shims: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            guard let text = try? String(contentsOfFile: "\(sources)/\(folder)/shim.h", encoding: .utf8) else { continue }
            shims += text.matches(of: /#define SOUNDCHECK_\w+_SONAME "(lib[^"]+\.dylib)"/).map { String($0.output.1) }
        }
        return ffmpeg + shims
    }

    @Test("every folder the macOS search tries is one a formula fills, or MacPorts' prefix")
    func foldersExist() {
        let filled = Set(Self.formulae.flatMap(Self.folders))
        let searched = SharedLibrarySearch.macOSFolders + SharedLibrarySearch.homebrewKegFolders
        #expect(searched.filter { !filled.contains($0) } == ["/opt/local/lib"])
    }

    @Test("every keg the search tries is a keg-only formula (a linked one is already in PREFIX/lib)")
    func kegsAreKegOnly() throws {
        for keg in SharedLibrarySearch.homebrewKegs {
            let formula = try #require(Self.formulae.first { $0.name == keg }, "no formula \(keg)")
            #expect(formula.kegOnly, "\(keg) is linked into the prefix")
        }
    }

    @Test("every library soundcheck opens on macOS is installed by a formula into a folder the search tries")
    func librariesFound() throws {
        let searched = Set(SharedLibrarySearch.macOSFolders + SharedLibrarySearch.homebrewKegFolders)
        for library in try Self.openedLibraries() {
            let makers = Self.formulae.filter { $0.libraries.contains(library) && Self.folders(of: $0).contains(where: searched.contains) }
            #expect(!makers.isEmpty, "no formula installs \(library) where soundcheck looks")
        }
    }

    @Test("the shims ask for the names the formulae install, and what they install beside is named")
    func shimNames() throws {
        let opened = try Self.openedLibraries()
        #expect(opened.count == 12 + 7)
        let installed = Set(Self.formulae.flatMap(\.libraries))
        #expect(opened.allSatisfy(installed.contains))
        // What the formulae install that soundcheck does not open (FFmpeg's other libraries aside):
        // libvorbisfile (soundcheck writes Ogg, never reads it through libvorbis), and minizip-ng's
        // library, which is not minizip's name.
        #expect(installed.subtracting(opened).sorted() == ["libminizip-ng.dylib", "libvorbisfile.3.dylib"])
    }
}
