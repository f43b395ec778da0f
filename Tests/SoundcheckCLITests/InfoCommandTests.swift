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
        // 0.25 s: shorter than one 400 ms block, so no integrated loudness; peaks and silence measured.
        #expect(result.stdout.contains("  loudness      none: shorter than one 400 ms block\n"))
        #expect(result.stdout.contains("  true peak     -5.0 dBTP (sample peak -6.0 dBFS)\n"))
        #expect(result.stdout.contains("  silence       0.000 s leading, 0.000 s trailing\n"))
    }

    @Test("loudness, true peak and silence of a sound; a file that cannot be decoded says why and is still described")
    func loudness() throws {
        let result = try Soundcheck.run([
            "info", "Samples/valid/wav-LEI16-mono-22050.wav", "Samples/invalid/flac.flac", "Samples/invalid/text-named-as.wav",
        ])
        #expect(result.status == 1)
        let blocks = result.stdout.components(separatedBy: "\n\n")
        #expect(blocks.count == 3)
        // ffmpeg's ebur128 reads −12.585 LUFS and −6.4 dBTP for this file.
        #expect(blocks[0].contains("  loudness      -12.6 LUFS integrated, 0.0 LU range\n"), "\(blocks[0])")
        #expect(blocks[0].contains("  true peak     -6.4 dBTP (sample peak -6.4 dBFS)\n"))
        // FLAC fails validation but is measured (libsndfile decodes it).
        #expect(blocks[1].contains("  loudness      -12.6 LUFS integrated"), "\(blocks[1])")
        #expect(blocks[2].contains("  loudness      not measured: cannot decode it: Samples/invalid/text-named-as.wav: not an audio file"))
        #expect(blocks[2].contains("[unsupported-container]"))
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
        let loudness = try #require(files[0]["loudness"] as? [String: Any])
        #expect(loudness["integrated"] as? Double == -12.58)
        #expect(loudness["truePeak"] as? Double == -6.1 && loudness["samplePeak"] as? Double != nil)
        #expect(loudness["leadingSilence"] as? Double == 0 && loudness["silent"] as? Bool == false)
        #expect(loudness["range"] as? Double == 0 && loudness["fullScaleRuns"] as? Int == 0)
        #expect(files[0]["loudnessError"] is NSNull)
        #expect(files[1]["loudness"] is [String: Any])
    }

    @Test("JSON of a file that cannot be decoded: loudness null, loudnessError says why")
    func jsonUndecodable() throws {
        let result = try Soundcheck.run(["info", "--format", "json", "Samples/invalid/empty.wav"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["loudness"] is NSNull)
        #expect((file["loudnessError"] as? String)?.hasPrefix("cannot decode it: Samples/invalid/empty.wav: ") == true)
    }
}
