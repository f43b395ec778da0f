import SoundConverter
import SoundPolicy

/// A sound's waveform as inline SVG: a vertical stroke per column from its lowest to its highest
/// sample, the duration limit as a line when the sound reaches it, and, for a sound `fix` would
/// cut, the fade and the part cut off shaded.
struct WaveformPicture {
    static let width = 600
    static let height = 72

    let overview: AudioOverview
    /// The limit sounds must stay under.
    let maxDuration: Double
    /// Whether `fix` would cut this sound (it is too long).
    let isCut: Bool
    /// The fade-out before a cut, in seconds.
    let fadeSeconds: Double
    /// What the sound is, for the label a screen reader reads ("Sounds/a.caf", "after fix").
    let name: String

    /// Where `fix` ends the sound, in seconds: one IMA4 packet short of the limit.
    var cutTime: Double {
        Double(Converter.cutFrames(maxDuration: maxDuration, sampleRate: overview.sampleRate)) / overview.sampleRate
    }

    var svg: String {
        let width = Double(Self.width)
        let middle = Double(Self.height) / 2
        let scale = middle - 2
        var path = ""
        for (column, (low, high)) in zip(overview.minimums, overview.maximums).enumerated() {
            let x = (Double(column) + 0.5) * width / Double(overview.minimums.count)
            let top = middle - Double(high) * scale
            let bottom = max(middle - Double(low) * scale, top + 1)
            path += "M\(rounded(x)) \(rounded(top))V\(rounded(bottom))"
        }
        var marks = ""
        let duration = overview.duration
        if isCut, duration > 0 {
            let cut = min(cutTime, duration) / duration * width
            let fadeStart = max(0, cutTime - fadeSeconds) / duration * width
            marks += #"<rect class="fade" x="\#(rounded(fadeStart))" y="0" width="\#(rounded(cut - fadeStart))" height="\#(Self.height)"/>"#
            marks += #"<rect class="dropped" x="\#(rounded(cut))" y="0" width="\#(rounded(width - cut))" height="\#(Self.height)"/>"#
        }
        if duration >= maxDuration, duration > 0 {
            let x = maxDuration / duration * width
            marks += #"<line class="limit" x1="\#(rounded(x))" x2="\#(rounded(x))" y1="0" y2="\#(Self.height)"/>"#
        }
        let stroke = max(1, width / Double(overview.minimums.count) * 0.8)
        return #"<svg class="waveform" role="img" aria-label="\#(xmlEscaped("Waveform of \(name): \(caption)"))" viewBox="0 0 \#(Self.width) \#(Self.height)" preserveAspectRatio="none">"#
            + #"\#(marks)<path class="wave" stroke-width="\#(rounded(stroke))" d="\#(path)"/></svg>"#
    }

    /// What the picture marks, in words.
    var caption: String {
        let length = formatSeconds(overview.duration)
        if isCut {
            return "\(length); the \(formatLimit(maxDuration)) limit is the line; fix fades out over "
                + "\(Int((fadeSeconds * 1000).rounded())) ms and cuts at \(formatSeconds(cutTime)) (shaded)"
        }
        if overview.duration >= maxDuration { return "\(length); the \(formatLimit(maxDuration)) limit is the line" }
        return "\(length), under the \(formatLimit(maxDuration)) limit"
    }

    private func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths) / 10) : String(tenths / 10)
    }
}
