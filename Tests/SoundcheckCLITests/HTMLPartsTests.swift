import Foundation
import SoundConverter
import Testing

@testable import soundcheck

@Suite("The HTML report's parts")
struct HTMLPartsTests {
    @Test("Base64 as Foundation writes it, for every length mod 3")
    func base64() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(($0 * 37 + 11) & 0xFF) }
            #expect(base64Encoded(bytes) == Data(bytes).base64EncodedString(), "\(length) bytes")
        }
    }

    @Test("previews are embedded until the page's cap is spent, then replaced by a note, and their files removed")
    func spool() throws {
        let spool = PreviewSpool()
        func fragment(bytes: Int) throws -> (fragment: String, path: String) {
            let (path, source) = try #require(spool.reserve())
            try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
            return ("<p>row</p><audio controls aria-label=\"x\" src=\"\(source)\"></audio><svg></svg>", path)
        }
        // 250 KiB previews are 333 KiB of Base64: 147 fit under 48 MiB.
        let parts = try (0..<150).map { _ in try fragment(bytes: 250 << 10) }
        let pages = parts.map { spool.embed($0.fragment) }
        #expect(pages[0].hasPrefix("<p>row</p><audio controls aria-label=\"x\" src=\"data:audio/wav;base64,BwcH"))
        #expect(pages[0].hasSuffix("\"></audio><svg></svg>"))
        #expect(pages.filter { $0.contains("data:audio/wav") }.count == 147)
        #expect(pages[147...].allSatisfy { $0.contains("Preview left out") && $0.hasPrefix("<p>row</p>") && $0.hasSuffix("<svg></svg>") })
        #expect(parts.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "every preview file is removed")
        #expect(spool.note.contains("3 previews were left out"))
        #expect(spool.embed("<p>no preview</p>") == "<p>no preview</p>")
        #expect(PreviewSpool().note.isEmpty)
    }

    @Test("a waveform marks the limit and fix's cut where they are, and draws a stroke per column")
    func waveform() {
        let overview = AudioOverview(
            minimums: [Float](repeating: -0.5, count: 300), maximums: [Float](repeating: 0.5, count: 300), duration: 60,
            sampleRate: 8000)
        let picture = WaveformPicture(overview: overview, maxDuration: 30, isCut: true, fadeSeconds: 0.25, name: "a <b>.caf")
        let svg = picture.svg
        #expect(svg.components(separatedBy: "V").count - 1 == 300)
        #expect(svg.contains(#"<line class="limit" x1="300" x2="300""#), "30 s of 60 s is half of 600 px")
        // fix keeps floor(30 × 8000) − 64 frames: it cuts at 29.992 s, after a fade from 29.742 s.
        #expect(svg.contains(#"<rect class="fade" x="297.4" y="0" width="2.5""#), "\(svg)")
        #expect(svg.contains(#"<rect class="dropped" x="299.9""#))
        #expect(svg.contains("aria-label=\"Waveform of a &lt;b&gt;.caf: 60.000 s; the 30 s limit is the line"))
        let short = WaveformPicture(overview: overview, maxDuration: 90, isCut: false, fadeSeconds: 0.25, name: "x")
        #expect(!short.svg.contains("class=\"limit\"") && short.caption == "60.000 s, under the 90 s limit")
    }
}
