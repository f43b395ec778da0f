import CSampleRate
import CSndFile
import Testing

/// The two system-library targets build and link: each library answers a call.
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
}
