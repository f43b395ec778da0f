/// Keeps only the frames of a stream from `keep.lowerBound` up to `keep.upperBound`, for
/// `fix --trim-silence`: the frames before and after are dropped, the ones kept pass unchanged.
struct SilenceTrim {
    /// Silence left before the first audible sample and after the last, in seconds.
    static let marginSeconds = 0.010

    /// The source frames kept.
    let keep: Range<Int64>
    /// Interleaved channels.
    let channels: Int
    /// Frames taken so far.
    private var position: Int64 = 0

    init(keep: Range<Int64>, channels: Int) {
        self.keep = keep
        self.channels = channels
    }

    /// The frames to keep of a source of `frames` frames at `sampleRate` whose first sample above
    /// the silence level is in frame `firstAudible` and last in frame `lastAudible`: from
    /// `marginSeconds` before the first to `marginSeconds` after the last, within the source.
    static func kept(frames: Int64, firstAudible: Int64, lastAudible: Int64, sampleRate: Double) -> Range<Int64> {
        let margin = Int64((marginSeconds * sampleRate).rounded())
        return max(0, firstAudible - margin)..<min(frames, lastAudible + 1 + margin)
    }

    /// The part of the next `samples` (whole interleaved frames) that is kept.
    mutating func take(_ samples: ArraySlice<Float>) -> ArraySlice<Float> {
        let frames = Int64(samples.count / channels)
        let start = min(max(keep.lowerBound - position, 0), frames)
        let end = max(min(keep.upperBound - position, frames), start)
        position += frames
        return samples[(samples.startIndex + Int(start) * channels)..<(samples.startIndex + Int(end) * channels)]
    }
}
