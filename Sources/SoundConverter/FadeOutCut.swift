/// Cuts a stream at `limit` frames with a fade-out over the `fadeFrames` before it, without
/// knowing the stream's length in advance: the frames of the fade region are held back until it
/// is known whether the stream goes past the limit. If it does, they are faded and the stream
/// ends at the limit; if it ends first, they are written unchanged. So every cut fades, whatever
/// the source said of its length, a sound that fits is never touched, and at most `fadeFrames`
/// frames are held.
struct FadeOutCut {
    /// Frames the output may hold.
    let limit: Int64
    /// Frames the fade-out lasts (at most `limit`).
    let fadeFrames: Int64
    /// Interleaved channels.
    let channels: Int
    /// Frames taken so far.
    private var position: Int64 = 0
    /// True once the stream went past the limit and was cut.
    private(set) var didCut = false
    private var held: [Float] = []

    init(limit: Int64, fadeFrames: Int64, channels: Int) {
        self.limit = limit
        self.fadeFrames = min(max(fadeFrames, 0), limit)
        self.channels = channels
    }

    /// Takes the next frames and appends to `output` those that can be written now. Returns true
    /// once the stream has gone past the limit: the output is then complete.
    mutating func take(_ samples: ArraySlice<Float>, into output: inout [Float]) -> Bool {
        guard !didCut else { return true }
        let frames = Int64(samples.count / channels)
        let fadeStart = limit - fadeFrames
        let direct = Int(min(max(fadeStart - position, 0), frames))
        let holdEnd = Int(min(max(limit - position, 0), frames))
        let base = samples.startIndex
        output.append(contentsOf: samples[base..<(base + direct * channels)])
        held.append(contentsOf: samples[(base + direct * channels)..<(base + holdEnd * channels)])
        guard position + frames > limit else {
            position += frames
            return false
        }
        for index in 0..<(held.count / channels) {
            let gain = Float(fadeFrames - Int64(index)) / Float(fadeFrames)
            for channel in 0..<channels { held[index * channels + channel] *= gain }
        }
        output.append(contentsOf: held)
        held.removeAll()
        position = limit
        didCut = true
        return true
    }

    /// At the end of a stream that was not cut: appends the frames held back, unchanged.
    mutating func finish(into output: inout [Float]) {
        output.append(contentsOf: held)
        held.removeAll()
    }
}
