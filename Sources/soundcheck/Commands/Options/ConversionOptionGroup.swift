import AppValidation
import ArgumentParser
import SoundcheckConfiguration
import SoundContainers
import SoundConverter

/// afconvert-style flags shared by `convert` and `fix`.
struct ConversionFlags: ParsableArguments {
    @Option(name: .customShort("f"), help: "File format: caff, AIFF, AIFC, WAVE, or OGG (Ogg Vorbis; also OggA) (also caf, aiff, aifc, wav, ogg).")
    var fileFormat: FileFormatArgument?

    @Option(
        name: .customShort("d"),
        help:
            "Data format: ima4, ulaw, alaw, LEI16, BEI16, LEI24, BEI24, LEI32, BEI32, LEF32, BEF32, LEF64, BEF64, I8, UI8, vorbis (Ogg's), optionally @RATE."
    )
    var dataFormat: DataFormatArgument?

    @Option(name: .customShort("c"), help: "Channels in the output (a mono mix when fewer, copies when more).")
    var channels: Int?

    @Flag(help: "Mix channels down (accepted for afconvert compatibility; fewer channels are always a mix).")
    var mix = false

    @Option(name: .customLong("src-quality"), help: "Resampler quality: best, medium or fast.")
    var resamplerQuality: ResamplerQuality = ConversionOptions.defaultResamplerQuality

    @Option(help: "Resampling library: soxr or libsamplerate.")
    var resampler: ResamplerEngine = ConversionOptions.defaultResampler

    @OptionGroup var limit: MaxDurationOption

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(name: .customLong("fade-ms"), help: "Fade-out before a cut, in milliseconds.")
    var fadeMilliseconds: Double = 250

    @Option(
        name: .customLong("vorbis-quality"),
        help: "libvorbis quality for Ogg output, from -1 to 10 (ffmpeg's -q:a; the default, 2, is the smallest that keeps 3 in 4 real sounds above 20 dB SNR).")
    var vorbisQuality: Double = ConversionOptions.defaultVorbisQuality

    func validate() throws {
        if let channels, !(1...8).contains(channels) { throw ValidationError("-c must be from 1 to 8") }
        if let given = limit.given, given <= Converter.shortestLimit {
            throw ValidationError("--max-duration must be more than \(Converter.shortestLimit) s to convert")
        }
        guard fadeMilliseconds >= 0, fadeMilliseconds <= 10_000 else { throw ValidationError("--fade-ms must be from 0 to 10000") }
        guard (-1...10).contains(vorbisQuality) else { throw ValidationError("--vorbis-quality must be from -1 to 10") }
    }

    /// The container asked for with -f.
    var container: AudioContainer? { fileFormat?.container }

    /// The encoding asked for with -d.
    var encoding: AudioEncoding? { dataFormat?.encoding }

    /// The limit sounds must stay under: --max-duration, else the configuration's, else Apple's.
    /// - Throws: `UsageFailure` when the configuration's limit is too short to convert to.
    func maxDuration(_ configuration: Configuration?) throws -> Double {
        let seconds = limit.seconds(configured: configuration?.maxDuration)
        guard seconds > Converter.shortestLimit else {
            throw UsageFailure(
                message: "\(configuration?.file ?? "--max-duration"): max-duration must be more than \(Converter.shortestLimit) s to convert")
        }
        return seconds
    }

    /// The options for a conversion to `format` under `maxDuration` (rate and channels from the flags).
    func options(for format: OutputFormat, maxDuration: Double) -> ConversionOptions {
        var format = format
        format.sampleRate = dataFormat?.sampleRate ?? format.sampleRate
        format.channels = channels ?? format.channels
        return ConversionOptions(
            format: format, maxDuration: maxDuration, fadeMilliseconds: fadeMilliseconds, resamplerQuality: resamplerQuality,
            resampler: resampler, vorbisQuality: vorbisQuality)
    }
}

/// `-f`: an afconvert file format name.
struct FileFormatArgument: ExpressibleByArgument {
    let container: AudioContainer

    init?(argument: String) {
        guard let container = try? OutputFormat.container(named: argument) else { return nil }
        self.container = container
    }
}

/// `-d`: an afconvert data format, optionally with `@RATE`.
struct DataFormatArgument: ExpressibleByArgument {
    let encoding: AudioEncoding
    let sampleRate: Double?

    init?(argument: String) {
        guard let (encoding, rate) = try? OutputFormat.dataFormat(argument) else { return nil }
        self.encoding = encoding
        sampleRate = rate
    }
}

extension ResamplerQuality: ExpressibleByArgument {}
extension ResamplerEngine: ExpressibleByArgument {}
