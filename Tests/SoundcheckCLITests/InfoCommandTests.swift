import Foundation
import Testing

@Suite("soundcheck info, run as a process")
struct InfoCommandTests {
    @Test("afinfo-like text: container, data format, frames, duration, audio bytes and packets")
    func text() throws {
        let result = try Soundcheck.run(["info", "Samples/valid/aifc-ima4-stereo-44100-libsndfile.aifc"])
        #expect(result.status == 0)
        let expected = """
            Samples/valid/aifc-ima4-stereo-44100-libsndfile.aifc
              container     AIFF-C
              data format   ima4, 2 ch, 44100 Hz, 68 bytes/packet, 64 frames/packet, 16 bits/channel
              sample rate   44100 Hz
              channels      2
              frames        11072
              duration      0.251 s
              audio bytes   11764 at byte 
            """
        #expect(result.stdout.hasPrefix(expected), "\(result.stdout)")
        #expect(result.stdout.contains("  packets       173\n"))
        #expect(
            result.stdout.contains(
                "  note          COMM declares 86 packets but SSND holds 173 (libsndfile halves the count in stereo files)\n"))
        #expect(result.stdout.hasSuffix("  verdict       pass\n"))
    }

    @Test("JSON adds the container facts")
    func json() throws {
        let result = try Soundcheck.run([
            "info", "--format", "json", "Samples/valid/caf-ima4-mono-22050-ffmpeg.caf", "Samples/invalid/flac.flac",
        ])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["packets"] as? Int == 173)
        #expect(files[0]["framesPerPacket"] as? Int == 64)
        #expect(files[0]["audioBytes"] as? Int == 173 * 34)
        #expect(files[1]["verdict"] as? String == "fail")
    }
}
