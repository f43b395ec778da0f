import SoundContainers
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How to convert: the output format and the processing around it.
public struct ConversionOptions: Sendable {
    /// The file to write.
    public var format: OutputFormat
    /// The output must stay strictly under this many seconds; longer sounds are cut, with a fade.
    public var maxDuration: Double
    /// The fade-out before a cut, in milliseconds.
    public var fadeMilliseconds: Double
    /// The resampler's quality, when the rate changes.
    public var resamplerQuality: ResamplerQuality
    /// The resampling library, when the rate changes.
    public var resampler: ResamplerEngine
    /// libvorbis's quality for Ogg Vorbis output, from -1 to 10 (ffmpeg's `-q:a`).
    public var vorbisQuality: Double
    /// The integrated loudness to bring the sound to, in LUFS, under a true-peak ceiling of
    /// -1 dBTP (`fix --loudness`); nil leaves the level alone.
    public var loudnessTarget: Double? = nil
    /// True to remove the leading and trailing silence, down to 10 ms around the audible part
    /// (`fix --trim-silence`).
    public var trimsSilence = false
    /// Headroom, in dB, added under the true-peak ceiling for what the encoder adds, after an
    /// output measured over it (`Converter.convert` sets it when it converts again).
    var encodingHeadroom = 0.0
    /// How many times the conversion was made again for that.
    var encodingAttempts = 0

    /// The engine `Scripts/bench convert` measured as fastest at a resampler SNR of at least ffmpeg's.
    public static let defaultResampler = ResamplerEngine.soxr
    /// The quality `Scripts/bench convert` measured as fastest at a resampler SNR of at least ffmpeg's.
    public static let defaultResamplerQuality = ResamplerQuality.best

    /// The Vorbis quality `Scripts/bench convert` measured as the smallest output above the SNR floor.
    public static let defaultVorbisQuality = OggVorbisWriter.defaultQuality

    /// Creates options; the defaults are Apple's 30-second limit, a 250 ms fade, the measured
    /// resampler and the measured Vorbis quality.
    public init(
        format: OutputFormat, maxDuration: Double = 30, fadeMilliseconds: Double = 250,
        resamplerQuality: ResamplerQuality = defaultResamplerQuality, resampler: ResamplerEngine = defaultResampler,
        vorbisQuality: Double = defaultVorbisQuality
    ) {
        self.vorbisQuality = vorbisQuality
        self.format = format
        self.maxDuration = maxDuration
        self.fadeMilliseconds = fadeMilliseconds
        self.resamplerQuality = resamplerQuality
        self.resampler = resampler
    }
}

/// What a conversion did.
public struct ConversionReport: Sendable {
    /// The file written.
    public var output: String
    /// The input's sample rate, as decoded.
    public var inputRate: Double
    /// The input's channel count, as decoded.
    public var inputChannels: Int
    /// The encoding, rate and channels written.
    public var layout: StreamLayout
    /// The container written.
    public var container: AudioContainer
    /// Frames written (IMA4's padding not counted).
    public var frames: Int64
    /// True when the sound was cut to stay under the limit.
    public var wasTrimmed: Bool
    /// What `loudnessTarget` changed, when it was given.
    public var loudness: LoudnessChange? = nil
    /// The source frames `trimsSilence` removed before the sound and after it, when it was
    /// asked for and the sound is not silent.
    public var silenceRemoved: (start: Int64, end: Int64)? = nil
}

/// Decodes, processes and encodes one file, streaming in blocks: memory does not grow with the
/// input's length. The output is written next to its destination, checked against the policy,
/// synced and moved into place; on any failure nothing is left at the destination.
public enum Converter {
    /// Frames per processing block.
    static let blockFrames = 4096
    /// The shortest limit a conversion accepts, in seconds: below it no sound fits.
    public static let shortestLimit = 0.1

    /// The frames a sound at `sampleRate` keeps when cut to stay under `maxDuration`: one IMA4
    /// packet (64 frames) short of the limit, so that no encoder's rounding reaches it.
    public static func cutFrames(maxDuration: Double, sampleRate: Double) -> Int64 {
        max(Int64(maxDuration * sampleRate) - Int64(64), 1)
    }

    /// Converts `input` to `output`. With `replacing`, `output` may be the input itself (an
    /// atomic replace, the original kept as `backup` when given); otherwise that is refused.
    /// `observer` sees every decoded block as it comes (interleaved samples, channels, rate).
    public static func convert(
        input: String, output: String, options: ConversionOptions, replacing: Bool = false, backup: String? = nil,
        observer: ((ArraySlice<Float>, Int, Double) -> Void)? = nil
    ) throws(ConversionError) -> ConversionReport {
        guard options.maxDuration > shortestLimit, options.maxDuration.isFinite else {
            throw .invalidOption("a limit of \(options.maxDuration) s leaves no room for a sound: it must be more than \(shortestLimit) s")
        }
        if !replacing, let inputIdentity = FileIdentity.of(input), let outputIdentity = FileIdentity.of(output),
            inputIdentity.isSameFile(as: outputIdentity)
        {
            throw .outputIsInput(output)
        }
        let sourcePath = input
        let (source, parsed) = try openSource(path: input)
        let encoding = try options.format.resolvedEncoding(source: parsed?.encoding)
        let outputRate = options.format.sampleRate ?? source.sampleRate
        let outputChannels = options.format.channels ?? source.channels
        guard (1...8).contains(outputChannels) else {
            throw .invalidOption("\(outputChannels) output channels: a notification sound has from 1 to 8")
        }
        let layout = StreamLayout(encoding: encoding, sampleRate: outputRate, channels: outputChannels)
        let resampler =
            outputRate == source.sampleRate
            ? nil
            : try makeResampler(
                engine: options.resampler, from: source.sampleRate, to: outputRate, channels: outputChannels,
                quality: options.resamplerQuality)
        let (keep, loudness) = try levelPlan(input: input, options: options, outputChannels: outputChannels, sampleRate: source.sampleRate)
        var trim = keep.map { SilenceTrim(keep: $0.kept, channels: source.channels) }
        var level = loudness.map { change in
            LevelStage(
                gainDecibels: change.gainDecibels,
                ceiling: change.usesLimiter ? change.limiterCeiling : nil,
                channels: outputChannels, sampleRate: outputRate)
        }
        let limit = cutFrames(maxDuration: options.maxDuration, sampleRate: outputRate)
        var cut = FadeOutCut(limit: limit, fadeFrames: Int64(options.fadeMilliseconds / 1000 * outputRate), channels: outputChannels)

        let file = try AtomicOutput(destination: output)
        let encoded: any EncodedOutput
        if let writer = options.format.headerWriter {
            let encoder = SampleEncoder(
                encoding: encoding, channels: outputChannels,
                dithers: Self.losesPrecision(
                    source: source, to: encoding, resamples: resampler != nil || level.map { $0.gain != 1 } == true,
                    mixes: outputChannels == 1 && source.channels > 1))
            encoded = try ContainerOutput(file: file, writer: writer, layout: layout, encoder: encoder)
        } else {
            encoded = try OggVorbisWriter(
                file: file, sampleRate: Int(outputRate.rounded()), channels: outputChannels, quality: options.vorbisQuality)
        }
        var input = [Float]()
        var mapped = [Float]()
        var resampled = [Float]()
        var kept = [Float]()
        var leveled = [Float]()
        var finished = false
        while !finished {
            let frames = try source.read(into: &input, frames: blockFrames)
            observer?(input[0..<(frames * source.channels)], source.channels, source.sampleRate)
            var keptFrames = frames
            if trim != nil {
                let trimmed = trim!.take(input[0..<(frames * source.channels)])
                keptFrames = trimmed.count / source.channels
                mapChannels(Array(trimmed), frames: keptFrames, from: source.channels, to: outputChannels, into: &mapped)
            } else {
                mapChannels(input, frames: frames, from: source.channels, to: outputChannels, into: &mapped)
            }
            var block =
                try resampler?.process(mapped, frames: keptFrames, isLast: frames == 0, into: &resampled)
                ?? mapped[0..<(keptFrames * outputChannels)]
            if level != nil {
                leveled.removeAll(keepingCapacity: true)
                level!.process(block, isLast: frames == 0, into: &leveled)
                block = leveled[...]
            }
            kept.removeAll(keepingCapacity: true)
            finished = cut.take(block, into: &kept) || frames == 0
            if frames == 0 { cut.finish(into: &kept) }
            try encoded.write(kept[...])
        }
        let written = try encoded.finish()
        // An encoder (IMA4, Vorbis) adds to the peaks the limiter left: the written file is
        // measured, and converted again with that much more headroom when it went over.
        if let loudness, loudness.before != nil, options.encodingAttempts < LoudnessNormalization.encodingRetries {
            let heard = try measureLoudness(ofFileAt: file.temporaryPath)
            // Half the headroom kept for other meters' filters (ffmpeg's reads up to 0.1 dB higher).
            let over = heard.truePeak - (LoudnessNormalization.ceilingDecibels - LoudnessNormalization.headroomDecibels / 2)
            if over > 0 {
                var again = options
                again.encodingHeadroom += over + 0.1
                again.encodingAttempts += 1
                return try convert(
                    input: sourcePath, output: output, options: again, replacing: replacing, backup: backup, observer: observer)
            }
        }
        guard written > 0 else { throw .cannotDecode("it holds no audio") }
        let container = options.format.container
        let policy = Policy(maxDuration: options.maxDuration)
        try file.commit(backup: backup) { (temporary: String) throws(ConversionError) in
            let outcome = Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: temporary) }
            // Ogg is Android's format, judged by Android's rules; the resource name is the caller's to choose.
            let findings =
                container == .ogg
                ? policy.verdict(for: outcome, path: output, platform: .android).findings.filter { $0.code != .androidResourceName }
                : policy.verdict(for: outcome, path: output).findings
            if let error = findings.first(where: { $0.severity == .error }) {
                throw .outputFailsValidation(error.message)
            }
        }
        var report = ConversionReport(
            output: output, inputRate: source.sampleRate, inputChannels: source.channels, layout: layout,
            container: container, frames: written, wasTrimmed: cut.didCut)
        if var loudness {
            loudness.limiterReduction = max(loudness.limiterReduction, level?.limiterReduction ?? 0)
            report.loudness = loudness
        }
        report.silenceRemoved = keep.map { ($0.kept.lowerBound, $0.frames - $0.kept.upperBound) }
        return report
    }

    /// The pass (or passes) over `input` that `loudnessTarget` and `trimsSilence` need before the
    /// conversion: the source frames to keep (and how many it has), and the level change.
    private static func levelPlan(
        input: String, options: ConversionOptions, outputChannels: Int, sampleRate: Double
    ) throws(ConversionError) -> (keep: (kept: Range<Int64>, frames: Int64)?, loudness: LoudnessChange?) {
        guard options.loudnessTarget != nil || options.trimsSilence else { return (nil, nil) }
        let survey = try LevelSurvey.run(path: input, outputChannels: outputChannels)
        var keep: (kept: Range<Int64>, frames: Int64)? = nil
        if options.trimsSilence, let first = survey.firstAudible, let last = survey.lastAudible {
            keep = (SilenceTrim.kept(frames: survey.frames, firstAudible: first, lastAudible: last, sampleRate: sampleRate), survey.frames)
        }
        let loudness = try options.loudnessTarget.map { target throws(ConversionError) in
            try LoudnessNormalization.plan(
                path: input, outputChannels: outputChannels, keep: keep?.kept, target: target, survey: survey,
                encodingHeadroom: options.encodingHeadroom)
        }
        return (keep, loudness)
    }

    /// Checks that `input` can be decoded (opens it and reads its header), without converting.
    public static func checkDecodable(_ input: String) throws(ConversionError) {
        _ = try openSource(path: input)
    }

    /// True when the samples written cannot be exactly the source's, so rounding them to 16 bits
    /// or fewer needs dither: a resample, a mix, or a source with more precision than the output
    /// (float, lossy, or wider integers). A trim alone keeps every sample before the fade bit-exact.
    static func losesPrecision(source: any AudioSource, to encoding: AudioEncoding, resamples: Bool, mixes: Bool) -> Bool {
        let outputBits: Int
        switch encoding {
        case .linearPCM(let format) where format.isFloat: return false
        case .linearPCM(let format): outputBits = format.bytesPerSample * 8
        case .muLaw, .aLaw, .ima4, .other: outputBits = 16
        }
        guard outputBits <= 16 else { return false }
        return resamples || mixes || (source.integerBits.map { $0 > outputBits } ?? true)
    }

    /// Copies `frames` frames from `from` channels to `to` channels: the same, a mono mix (the
    /// mean), a copy of mono into every channel, or the first channels.
    static func mapChannels(_ input: [Float], frames: Int, from: Int, to: Int, into output: inout [Float]) {
        if output.count < frames * to { output = [Float](repeating: 0, count: frames * to) }
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                if from == to {
                    guard frames > 0, let start = source.baseAddress else { return }
                    target.baseAddress?.update(from: start, count: frames * to)
                    return
                }
                for frame in 0..<frames {
                    let inBase = frame * from
                    let outBase = frame * to
                    if to == 1 {
                        var sum: Float = 0
                        for channel in 0..<from { sum += source[inBase + channel] }
                        target[outBase] = sum / Float(from)
                    } else if from == 1 {
                        for channel in 0..<to { target[outBase + channel] = source[inBase] }
                    } else {
                        for channel in 0..<to { target[outBase + channel] = channel < from ? source[inBase + channel] : 0 }
                    }
                }
            }
        }
    }
}
