import CFFmpeg
import CSampleRate
import CSndFile
import CSoxr
import Testing

/// The system-library targets build and link (FFmpeg loads at run time): each library answers a call.
@Suite("C libraries")
struct CLibraryLinkTests {
    @Test("libsndfile links and reports its version")
    func sndfile() {
        let version = String(cString: sf_version_string())
        #expect(version.hasPrefix("libsndfile-1."))
    }

    @Test("libsamplerate links and names its best converter")
    func samplerate() throws {
        let name = try #require(src_get_name(Int32(SRC_SINC_BEST_QUALITY)))
        #expect(String(cString: name).contains("Sinc"))
    }

    @Test("libsoxr links and reports its version")
    func soxr() throws {
        let version = try #require(soxr_version())
        #expect(String(cString: version).hasPrefix("libsoxr"))
    }

    @Test("FFmpeg's libraries load at run time, of the major versions of its headers, and name the AAC decoder")
    func ffmpeg() throws {
        var missing: UnsafePointer<CChar>?
        let loaded = soundcheck_ffmpeg_load(&missing)
        let missingName = missing.map { String(cString: $0) } ?? "?"
        let table = try #require(loaded, "cannot load \(missingName)")
        let name = try #require(table.pointee.avcodec_get_name(AV_CODEC_ID_AAC))
        #expect(String(cString: name) == "aac")
    }
}
