import SoundLoudness

/// One pass over a source before `fix --loudness` or `--trim-silence` converts it: the source
/// decoded in blocks, trimmed and mapped to the output's channels as the conversion will, and,
/// when asked, through the gain and the limiter the conversion would apply, measured by a
/// `LoudnessMeter`. Memory stays flat: nothing but the meter's state and one block is kept.
struct LevelSurvey {
    /// The loudness, peaks and silence of what the pass produced.
    var measurement: LoudnessMeasurement
    /// The source's frames, as decoded.
    var frames: Int64
    /// The first source frame with a sample above `LoudnessThresholds.silenceDBFS`, if any.
    var firstAudible: Int64?
    /// The last source frame with a sample above `LoudnessThresholds.silenceDBFS`, if any.
    var lastAudible: Int64?
    /// The greatest gain reduction of the limiter, in dB (0 without one).
    var limiterReduction = 0.0

    /// Decodes `path`, keeps the source frames in `keep` (all when nil), maps them to
    /// `outputChannels` (the source's when nil), applies `gainDecibels` and, with a `ceiling`,
    /// the true-peak limiter, and measures the result.
    /// - Throws: `ConversionError` when the file cannot be opened or decoded.
    static func run(
        path: String, outputChannels: Int?, keep: Range<Int64>? = nil, gainDecibels: Double = 0, ceiling: Double? = nil
    ) throws(ConversionError) -> LevelSurvey {
        let (source, _) = try openSource(path: path)
        let channels = outputChannels ?? source.channels
        guard source.sampleRate > 0, source.sampleRate.isFinite, source.channels > 0, channels > 0 else {
            throw .cannotDecode("\(path): the decoder gives \(source.channels) channels at \(source.sampleRate) Hz")
        }
        var meter = LoudnessMeter(sampleRate: source.sampleRate, channels: channels)
        var stage = LevelStage(gainDecibels: gainDecibels, ceiling: ceiling, channels: channels, sampleRate: source.sampleRate)
        var trim = keep.map { SilenceTrim(keep: $0, channels: source.channels) }
        let silence = Float(LoudnessThresholds.silenceAmplitude)
        var (input, mapped, leveled) = ([Float](), [Float](), [Float]())
        var position: Int64 = 0
        var (first, last): (Int64?, Int64?) = (nil, nil)
        while true {
            let frames = try source.read(into: &input, frames: Converter.blockFrames)
            for frame in 0..<frames {
                let base = frame * source.channels
                if input[base..<(base + source.channels)].contains(where: { abs($0) > silence }) {
                    if first == nil { first = position + Int64(frame) }
                    last = position + Int64(frame)
                }
            }
            position += Int64(frames)
            let kept = trim?.take(input[0..<(frames * source.channels)]) ?? input[0..<(frames * source.channels)]
            let keptFrames = kept.count / source.channels
            Converter.mapChannels(Array(kept), frames: keptFrames, from: source.channels, to: channels, into: &mapped)
            leveled.removeAll(keepingCapacity: true)
            stage.process(mapped[0..<(keptFrames * channels)], isLast: frames == 0, into: &leveled)
            leveled.withUnsafeBufferPointer { meter.add(interleaved: $0) }
            if frames == 0 { break }
        }
        return LevelSurvey(
            measurement: meter.measurement(), frames: position, firstAudible: first, lastAudible: last,
            limiterReduction: stage.limiterReduction)
    }
}
