import SoundContainers
import SoundLoudness

/// What a page or a terminal shows of a sound: its waveform as the lowest and highest sample of
/// each column, decoded through the same sources as `convert`, and optionally a small preview a
/// browser can play (8-bit mono WAV at 8 kHz or less, written by the converter itself).
public struct AudioOverview: Sendable {
    /// The lowest sample of each column, over every channel, in [-1, 1].
    public var minimums: [Float]
    /// The highest sample of each column, over every channel, in [-1, 1].
    public var maximums: [Float]
    /// The decoded length, in seconds.
    public var duration: Double
    /// The decoded sample rate.
    public var sampleRate: Double
    /// The sound's loudness, peaks and silence, measured from the same decoding (nil when drawn
    /// without decoding).
    public var loudness: LoudnessMeasurement?

    /// An overview from its parts (to draw one without decoding).
    public init(minimums: [Float], maximums: [Float], duration: Double, sampleRate: Double, loudness: LoudnessMeasurement? = nil) {
        self.minimums = minimums
        self.maximums = maximums
        self.duration = duration
        self.sampleRate = sampleRate
        self.loudness = loudness
    }

    /// The most bytes a preview's audio takes: at 8 kHz, 32 s; longer sounds get a lower rate,
    /// down to 3 kHz (the lowest rate browsers play), and past 87 s the preview stops there.
    public static let previewByteLimit = 256 * 1024
    /// The highest preview rate.
    public static let previewTopRate = 8000.0
    /// The lowest preview rate.
    public static let previewBottomRate = 3000.0

    /// The preview rate for a sound of `duration` seconds: 8 kHz, lower for long sounds so the
    /// preview stays under `previewByteLimit`.
    public static func previewRate(forDuration duration: Double?) -> Double {
        guard let duration, duration > 0 else { return previewTopRate }
        return min(previewTopRate, max(previewBottomRate, (Double(previewByteLimit) / duration).rounded(.down)))
    }

    /// Decodes the file at `path` once, summarises it in `columns` columns and measures its
    /// loudness (`SoundLoudness`, from the same blocks); with `previewPath`,
    /// also writes the preview there (its rate chosen from `expectedDuration`, the length the
    /// header gives), atomically.
    /// - Throws: `ConversionError` when the file cannot be decoded or the preview written.
    public static func make(path: String, columns: Int, previewPath: String? = nil, expectedDuration: Double? = nil)
        throws(ConversionError) -> AudioOverview
    {
        var peaks = PeakAccumulator()
        var rate = 0.0
        var meter: LoudnessMeter? = nil
        let observe: (ArraySlice<Float>, Int, Double) -> Void = { samples, channels, sampleRate in
            rate = sampleRate
            peaks.add(samples, channels: channels)
            if meter == nil, sampleRate > 0, sampleRate.isFinite, channels > 0 {
                meter = LoudnessMeter(sampleRate: sampleRate, channels: channels)
            }
            samples.withUnsafeBufferPointer { meter?.add(interleaved: $0) }
        }
        if let previewPath {
            let report = try Converter.convert(
                input: path, output: previewPath, options: previewOptions(expectedDuration: expectedDuration), observer: observe)
            // The preview stopped decoding where it was cut: the waveform needs the rest.
            if report.wasTrimmed { return try make(path: path, columns: columns) }
        } else {
            let (source, _) = try openSource(path: path)
            var block: [Float] = []
            while true {
                let frames = try source.read(into: &block, frames: Converter.blockFrames)
                guard frames > 0 else { break }
                observe(block[0..<(frames * source.channels)], source.channels, source.sampleRate)
            }
        }
        guard peaks.frames > 0, rate > 0 else { throw .cannotDecode("it holds no audio") }
        let (minimums, maximums) = peaks.columns(columns)
        return AudioOverview(
            minimums: minimums, maximums: maximums, duration: Double(peaks.frames) / rate, sampleRate: rate, loudness: meter?.measurement())
    }

    /// How a preview is converted: 8-bit mono WAV at the rate `previewRate` gives, cut at the
    /// byte limit without a fade.
    private static func previewOptions(expectedDuration: Double?) -> ConversionOptions {
        let format = OutputFormat(
            container: .wav, encoding: .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false)),
            sampleRate: previewRate(forDuration: expectedDuration), channels: 1)
        return ConversionOptions(
            format: format, maxDuration: Double(previewByteLimit) / previewBottomRate, fadeMilliseconds: 0, resamplerQuality: .fast)
    }
}

/// The lowest and highest sample of each stretch of a stream, in at most `maxBuckets` buckets:
/// when they are full, neighbours merge and each bucket covers twice the frames, so memory stays
/// flat however long the sound.
struct PeakAccumulator {
    static let maxBuckets = 8192
    private(set) var frames: Int64 = 0
    private var minimums: [Float] = []
    private var maximums: [Float] = []
    private var framesPerBucket: Int64 = 16

    mutating func add(_ samples: ArraySlice<Float>, channels: Int) {
        guard channels > 0 else { return }
        var index = samples.startIndex
        while index < samples.endIndex {
            let bucket = Int(frames / framesPerBucket)
            if bucket >= Self.maxBuckets {
                merge()
                continue
            }
            if bucket == minimums.count {
                minimums.append(.infinity)
                maximums.append(-.infinity)
            }
            for channel in 0..<channels where index + channel < samples.endIndex {
                let sample = samples[index + channel]
                minimums[bucket] = min(minimums[bucket], sample)
                maximums[bucket] = max(maximums[bucket], sample)
            }
            index += channels
            frames += 1
        }
    }

    /// Each pair of buckets becomes one covering twice the frames.
    private mutating func merge() {
        let pairs = stride(from: 0, to: minimums.count, by: 2)
        minimums = pairs.map { min(minimums[$0], $0 + 1 < minimums.count ? minimums[$0 + 1] : .infinity) }
        maximums = pairs.map { max(maximums[$0], $0 + 1 < maximums.count ? maximums[$0 + 1] : -.infinity) }
        framesPerBucket *= 2
    }

    /// The peaks in `count` columns (fewer when there are fewer buckets), each covering an equal
    /// share of the stream.
    func columns(_ count: Int) -> (minimums: [Float], maximums: [Float]) {
        let columns = max(1, min(count, minimums.count))
        var lows: [Float] = []
        var highs: [Float] = []
        for column in 0..<columns {
            let start = column * minimums.count / columns
            let end = max(start + 1, (column + 1) * minimums.count / columns)
            lows.append(max(-1, min(1, minimums[start..<end].min() ?? 0)))
            highs.append(max(-1, min(1, maximums[start..<end].max() ?? 0)))
        }
        return (lows, highs)
    }
}
