import CMiniZip
import CSampleRate
import CSndFile
import CSoxr
import CVorbis
import SharedLibraries
import Testing

/// The system-library targets build, and each library loads at run time and answers a call.
@Suite("C libraries")
struct CLibraryLinkTests {
    @Test("libsndfile loads and reports its version")
    func sndfile() throws {
        var missing: UnsafePointer<CChar>?
        let table = try #require(soundcheck_sndfile_load({ SharedLibrarySearch.open(cString: $0) }, &missing))
        #expect(String(cString: try #require(table.pointee.sf_version_string())).hasPrefix("libsndfile-1."))
    }

    @Test("libsamplerate loads and names its best converter")
    func samplerate() throws {
        var missing: UnsafePointer<CChar>?
        let table = try #require(soundcheck_samplerate_load({ SharedLibrarySearch.open(cString: $0) }, &missing))
        let name = try #require(table.pointee.src_get_name(Int32(SRC_SINC_BEST_QUALITY)))
        #expect(String(cString: name).contains("Sinc"))
    }

    @Test("libsoxr loads and reports its version")
    func soxr() throws {
        var missing: UnsafePointer<CChar>?
        let table = try #require(soundcheck_soxr_load({ SharedLibrarySearch.open(cString: $0) }, &missing))
        let version = try #require(table.pointee.soxr_version())
        #expect(String(cString: version).hasPrefix("libsoxr"))
    }

    @Test("libogg, libvorbis and libvorbisenc load, and libvorbis reports its version")
    func vorbis() throws {
        var missing: UnsafePointer<CChar>?
        let loaded = soundcheck_vorbis_load({ SharedLibrarySearch.open(cString: $0) }, &missing)
        let table = try #require(loaded, "cannot load \(missing.map { String(cString: $0) } ?? "?")")
        #expect(String(cString: try #require(table.pointee.vorbis_version_string())).hasPrefix("Xiph.Org libVorbis"))
    }

    @Test("minizip loads and refuses a file that is not a zip archive")
    func minizip() throws {
        var missing: UnsafePointer<CChar>?
        let table = try #require(soundcheck_minizip_load({ SharedLibrarySearch.open(cString: $0) }, &missing))
        #expect(table.pointee.unzOpen64("/nonexistent.zip") == nil)
    }
}
