import Foundation
import SoundContainers
import TestSupport
import Testing

@Suite("HTML reports and the terminal waveform, run as a process")
struct HTMLReportTests {
    @Test("validate --format html: a section per file, names escaped, previews that are the files' length, nothing fetched")
    func page() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = folder.appendingPathComponent("<b>bold<").path
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        for (source, name) in [
            ("valid/wav-LEI16-mono-22050.wav", "script>&\"x\".wav"), ("invalid/ima4-45s-8000.aifc", "long.aifc"),
            ("invalid/empty.wav", "empty.wav"),
        ] {
            try FileManager.default.copyItem(atPath: "\(TestPaths.samples)/\(source)", toPath: "\(hostile)/\(name)")
        }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let result = try Soundcheck.run(
            ["validate", "--no-config", "--format", "html", folder.appendingPathComponent("<b>bold<").path],
            environment: ["TMPDIR": temporary.path])
        #expect(result.status == 1, "a failing file fails the run, whatever the format")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the previews' folder is removed")
        let page = result.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.components(separatedBy: #"<tbody class="file""#).count - 1 == 3)
        #expect(!page.contains("<b>bold<") && page.contains("&lt;b&gt;bold&lt;/script&gt;&amp;&quot;x&quot;.wav"))
        #expect(page.contains("default-src 'none'"), "the page may fetch nothing")
        #expect(!page.contains("http://") && !page.contains("https://"), "no link leaves the page")
        #expect(page.contains(#"class="placeholder">No waveform or preview"#), "the empty file has a placeholder")
        #expect(
            page.contains(#"<line class="limit""#) && page.contains(#"<rect class="fade""#), "the 45 s file shows the limit and the cut")
        #expect(page.components(separatedBy: #"<svg class="loudness""#).count - 1 == 2, "a loudness meter beside each waveform")
        #expect(
            page.contains(#"<line class="target""#) && page.contains("LUFS (target -16), true peak "), "with the target and the numbers")
        let previews = page.components(separatedBy: "data:audio/wav;base64,").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(previews.count == 2)
        let lengths = try previews.map { preview -> Double in
            let bytes = [UInt8](try #require(Data(base64Encoded: preview)))
            return try #require(try AudioFileParser.describe(MemoryByteSource(bytes)).duration)
        }.sorted()
        #expect(abs(lengths[0] - 0.5) < 0.001 && abs(lengths[1] - 45) < 0.001, "\(lengths)")
    }

    @Test("fix --dry-run --format html shows before and after; --format html needs --dry-run")
    func fixPage() throws {
        let long = "\(TestPaths.samples)/invalid/ima4-45s-8000.aifc"
        let temporary = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let result = try Soundcheck.run(
            ["fix", "--no-config", "--dry-run", "--format", "html", long], environment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "nothing is left in the temporary folder")
        #expect(result.stdout.components(separatedBy: #"<svg class="waveform""#).count - 1 == 2)
        #expect(result.stdout.contains("<h3>Before</h3>") && result.stdout.contains("<h3>After</h3>"))
        #expect(result.stdout.contains("trim 45.000 s to under 30.000 s with a fade-out"))
        let refused = try Soundcheck.run(["fix", "--format", "html", "--output-dir", "/tmp/x", long])
        #expect(refused.status == 2 && refused.stderr.contains("--format html goes with --dry-run"))
    }

    @Test(
        "info draws a waveform line on a terminal, never in a pipe or in JSON",
        .enabled(if: Soundcheck.terminalUnavailable == nil, "\(Soundcheck.terminalUnavailable ?? "")"))
    func sparkline() throws {
        try #require(ExternalTools.available)
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loud = folder.appendingPathComponent("loud.wav").path
        let quiet = folder.appendingPathComponent("quiet.wav").path
        try #require(ExternalTools.makeTone(loud, frequency: 440, seconds: 1, rate: 8000, volume: 8, codec: "pcm_s16le"))
        try #require(ExternalTools.makeTone(quiet, frequency: 440, seconds: 1, rate: 8000, volume: 0.001, codec: "pcm_s16le"))
        let piped = try Soundcheck.run(["info", "--no-config", loud])
        #expect(piped.status == 0 && !piped.stdout.contains("waveform"))
        // util-linux's script(1) runs the command on a pseudo-terminal.
        let terminal = try Soundcheck.run(["info", "--no-config", loud, quiet], viaTerminal: true)
        let lines = terminal.stdout.split(whereSeparator: \.isNewline).filter { $0.contains("waveform") }  // a terminal ends lines with CR LF
        let blocks = lines.map { $0.unicodeScalars.filter { (0x2581...0x2588).contains($0.value) }.map(Character.init) }
        #expect(blocks.count == 2 && blocks.allSatisfy { $0.count == 48 }, "\(terminal.stdout.debugDescription)")
        #expect(Set(blocks.first ?? []) == ["█"], "a full-scale tone is full blocks (ffmpeg's sine is 1/8 of full scale, so volume 8)")
        #expect(Set(blocks.last ?? []) == ["▁"], "a tone at -60 dB is the lowest block")
        let json = try Soundcheck.run(["info", "--no-config", "--format", "json", loud], viaTerminal: true)
        #expect(!json.stdout.contains("waveform") && !json.stdout.contains("▁"))
    }
}
