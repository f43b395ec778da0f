import SoundLoudness
import SoundPolicy

/// A sound's loudness as inline SVG, drawn beside its waveform: a meter from -60 to 0 on which
/// the integrated loudness (LUFS) is a bar, the target a line across it and the true peak (dBTP)
/// a tick; the caption says the numbers and when the sound starts.
struct LoudnessPicture {
    static let width = 44
    static let height = WaveformPicture.height
    /// The lowest level the meter shows.
    static let floor = -60.0

    let measurement: LoudnessMeasurement
    /// The loudness sounds should have (`--loudness-target`), in LUFS.
    let target: Double
    /// What the sound is, for the label a screen reader reads.
    let name: String

    var svg: String {
        let height = Double(Self.height)
        func y(_ level: Double) -> String { rounded(height * min(1, max(0, level / Self.floor))) }
        var marks = ""
        if let loudness = measurement.integratedLoudness {
            let top = y(loudness)
            marks += #"<rect class="lufs" x="4" y="\#(top)" width="20" height="\#(rounded(height - (Double(top) ?? height)))"/>"#
        }
        marks += #"<line class="target" x1="0" x2="28" y1="\#(y(target))" y2="\#(y(target))"/>"#
        if measurement.truePeak.isFinite {
            marks += #"<line class="peak" x1="30" x2="\#(Self.width)" y1="\#(y(measurement.truePeak))" y2="\#(y(measurement.truePeak))"/>"#
        }
        return
            #"<svg class="loudness" role="img" aria-label="\#(xmlEscaped("Loudness of \(name): \(caption)"))" viewBox="0 0 \#(Self.width) \#(Self.height)" preserveAspectRatio="none">"#
            + marks + "</svg>"
    }

    /// The numbers the meter shows, in words.
    var caption: String {
        if measurement.isSilent { return "silent: no sample above \(formatLevel(LoudnessThresholds.silenceDBFS)) dBFS" }
        let loudness =
            measurement.integratedLoudness.map { "\(formatTenths($0)) LUFS (target \(formatLevel(target)))" }
            ?? "no integrated loudness (\(measurement.duration < 0.4 ? "shorter than a 400 ms block" : "under -70 LUFS"))"
        return "\(loudness), true peak \(formatTenths(measurement.truePeak)) dBTP, sound from \(formatSeconds(measurement.leadingSilence))"
    }

    private func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths) / 10) : String(tenths / 10)
    }
}
