import SoundConverter
import SoundPolicy

/// A sound as a page shows it: its waveform with its loudness beside it, and a preview to play,
/// decoded through the same sources as `convert`; a sound that cannot be decoded gets a
/// placeholder saying why.
struct SoundFigure {
    /// The file to show.
    let path: String
    /// The length its header gives, which sets the preview's rate.
    let expectedDuration: Double?
    /// The limit sounds must stay under.
    let maxDuration: Double
    /// Whether `fix` would cut it.
    let isCut: Bool
    /// `fix`'s fade-out before a cut, in seconds.
    let fadeSeconds: Double
    /// What it is, for labels: "Samples/a.caf", "after fix".
    let name: String
    /// Where its preview goes until the page is written.
    let spool: PreviewSpool
    /// The loudness the meter beside the waveform marks, in LUFS.
    var loudnessTarget = ListeningRules.defaultTarget

    var html: String {
        let overview: AudioOverview
        let preview = spool.reserve()
        do {
            overview = try AudioOverview.make(
                path: path, columns: WaveformPicture.width / 2, previewPath: preview?.path, expectedDuration: expectedDuration)
        } catch {
            return #"<p class="placeholder">No waveform or preview: \#(xmlEscaped(error.description))</p>"#
        }
        let picture = WaveformPicture(
            overview: overview, maxDuration: maxDuration, isCut: isCut, fadeSeconds: fadeSeconds, name: name)
        var drawn = picture.svg
        var caption = picture.caption
        if let measurement = overview.loudness {
            let meter = LoudnessPicture(measurement: measurement, target: loudnessTarget, name: name)
            drawn = #"<div class="sound">\#(drawn)\#(meter.svg)</div>"#
            caption += "; " + meter.caption
        }
        var html = #"<figure>\#(drawn)<figcaption>\#(xmlEscaped(caption))</figcaption></figure>"#
        if let preview {
            let rate = Int(AudioOverview.previewRate(forDuration: expectedDuration))
            html +=
                #"<audio controls preload="metadata" aria-label="Preview of \#(xmlEscaped(name)) (8-bit, \#(rate) Hz)" "#
                + #"src="\#(preview.source)"></audio>"#
        }
        return html
    }
}
