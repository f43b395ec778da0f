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

    @Test("previews are kept until the budget is spent, then replaced by a note, in page order")
    func budget() {
        let preview = #"<audio controls src="data:audio/wav;base64,"# + String(repeating: "A", count: 20 << 20) + #""></audio>"#
        var budget = PreviewBudget()
        let kept = (0..<3).map { _ in budget.admit("<p>row</p>" + preview + "<svg></svg>") }
        #expect(kept[0].contains("<audio ") && kept[1].contains("<audio "), "40 MiB fit under 48")
        #expect(!kept[2].contains("<audio ") && kept[2].contains("Preview left out") && kept[2].hasSuffix("<svg></svg>"))
        #expect(kept[2].hasPrefix("<p>row</p>"), "the rest of the row is kept")
        #expect(budget.leftOut == 1 && budget.note.contains("1 previews were left out"))
        #expect(budget.admit("<p>no preview</p>") == "<p>no preview</p>")
        #expect(PreviewBudget().note.isEmpty)
    }

    @Test("a waveform marks the limit and fix's cut where they are, and draws a stroke per column")
    func waveform() {
        let overview = AudioOverview(
            minimums: [Float](repeating: -0.5, count: 300), maximums: [Float](repeating: 0.5, count: 300), duration: 60,
            sampleRate: 8000, preview: nil)
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
