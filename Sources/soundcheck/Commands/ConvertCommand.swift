import AppValidation
import ArgumentParser
import SoundContainers
import SoundConverter
import SoundPolicy

/// `soundcheck convert`: afconvert for Linux — any sound soundcheck can decode into a file
/// notifications play.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a sound to a notification-ready file, with afconvert's flags.",
        discussion: """
            The container comes from -f, else OUT's extension, else CAF; the data format from -d, else \
            the source's when the container can hold it, else 16-bit PCM. -f OGG (or OggA, or OUT \
            ending .ogg) writes Ogg Vorbis, Android's own format, through FFmpeg's libvorbis. Sounds over --max-duration are \
            cut with a fade-out. The output is written atomically and checked before it is moved into place.
            """
    )

    @Argument(help: "The sound to convert.")
    var input: String

    @Argument(help: "The file to write (default: INPUT's name with the container's extension).")
    var output: String?

    @OptionGroup var flags: ConversionFlags

    @Flag(name: .shortAndLong, help: "Describe the input and the output.")
    var verbose = false

    func run() throws {
        let container = flags.container ?? output.flatMap(OutputFormat.container(forExtensionOf:)) ?? .caf
        let format = OutputFormat(container: container, encoding: flags.encoding)
        let destination = output ?? Self.defaultOutput(for: input, container: container)
        do {
            let maxDuration = try flags.maxDuration(try flags.configurationOptions.load())
            let report = try Converter.convert(
                input: input, output: destination, options: flags.options(for: format, maxDuration: maxDuration))
            try writeReport(Self.describe(report, input: input, verbose: verbose))
        } catch let error as ConversionError {
            if case .unsupportedPair = error { throw UsageFailure(message: error.description) }
            printError("soundcheck: error: \(input): \(error)")
            throw ExitCode.failed
        }
    }

    /// INPUT's name with the container's extension; never INPUT itself.
    static func defaultOutput(for input: String, container: AudioContainer) -> String {
        let ext = container.fileExtensions[0]
        let stem = removingExtension(from: input)
        let candidate = stem + "." + ext
        return candidate == input ? stem + ".converted." + ext : candidate
    }

    static func describe(_ report: ConversionReport, input: String, verbose: Bool) -> String {
        let seconds = Double(report.frames) / report.layout.sampleRate
        var line =
            "\(input) → \(report.output): \(report.container.displayName), \(report.layout.encoding.name), "
            + "\(formatRate(report.layout.sampleRate)), \(channelText(report.layout.channels)), \(formatSeconds(seconds))"
        if report.wasTrimmed { line += " (cut to stay under the limit)" }
        guard verbose else { return line }
        let packets =
            report.container == .ogg
            ? "Vorbis packets of varying size"
            : "\(report.layout.bytesPerPacket) bytes per packet of \(report.layout.framesPerPacket) frames"
        return line + "\n  input: \(formatRate(report.inputRate)), \(channelText(report.inputChannels))"
            + "\n  output: \(report.frames) frames, \(packets)"
    }
}
