import SoundContainers

/// Decoded audio, read in blocks of interleaved Float32 samples in [-1, 1].
protocol AudioSource: AnyObject {
    /// Frames per second.
    var sampleRate: Double { get }
    /// Interleaved channels.
    var channels: Int { get }
    /// The integer width the decoded samples hold exactly, so writing them at that many bits or
    /// more needs no dither; nil for float and lossy sources.
    var integerBits: Int? { get }

    /// Replaces the contents of `buffer` with the next frames, about `frames` of them (a packet
    /// decoder may round up to a whole packet); returns the number of frames, 0 at the end.
    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int
}

/// Opens the decoder for the file at `path`, and returns the header's description too when the
/// file is a container we parse:
/// - what `validate` reads (Linear PCM, µLaw, aLaw, IMA4 in AIFF/AIFF-C, WAV/RF64, CAF) is decoded
///   by our own decoders, from the same description;
/// - AAC and ALAC (in CAF, MP4/M4A/M4R or ADTS) by FFmpeg, with CAF's priming and length;
/// - MP3 by FFmpeg when it is installed (`openMPEGAudio`), by libsndfile otherwise;
/// - everything else by libsndfile (FLAC, Ogg, GSM, MS/DVI ADPCM, AU, …), and by FFmpeg when
///   libsndfile cannot open it.
func openSource(path: String) throws(ConversionError) -> (any AudioSource, AudioDescription?) {
    let file: FileByteSource
    do {
        file = try FileByteSource(path: path)
    } catch {
        throw .cannotDecode(error.description)
    }
    let parsed: AudioDescription
    do {
        parsed = try AudioFileParser.describe(file)
    } catch .unsupportedContainer(let format) {
        switch format {
        case .mp4, .adtsAAC: return (try FFmpegSource(path: path), nil)
        case .mpegAudio: return (try openMPEGAudio(path: path), nil)
        case .text, .lfsPointer:
            // Text where a sound should be: no library reads it, and the sniffer's word is the clearest.
            throw .cannotDecode(ParseError.unsupportedContainer(format).description)
        default: return (try openWithLibraries(path: path, parserSaid: nil), nil)
        }
    } catch {
        // Not a file our parsers can describe: a library may still read it; if none can, our
        // parser's evidence is the most precise message.
        return (try openWithLibraries(path: path, parserSaid: error.description), nil)
    }
    switch parsed.encoding {
    case .linearPCM, .ima4, .muLaw, .aLaw:
        return (try ContainerSource(file: file, description: parsed), parsed)
    case .other where parsed.encoding.refusedCodec.map(ffmpegOnlyCodecs.contains) == true:
        // The length the parser settled on: the packet table's, or less where the packets hold less (ALAC).
        let trim = parsed.packetTable.map {
            FFmpegSource.Trim(primingFrames: Int64(max(0, $0.primingFrames)), validFrames: $0.validFrames > 0 ? parsed.frameCount : nil)
        }
        return (try FFmpegSource(path: path, trim: trim), parsed)
    case .other:
        // The header's frame count (a WAV `fact` chunk) is the length; a library decodes whole
        // blocks (GSM's 320 frames, ADPCM's) and would add the padding of the last one.
        let source = try openWithLibraries(path: path, parserSaid: nil)
        guard let frames = parsed.frameCount, frames > 0 else { return (source, parsed) }
        return (LengthLimitedSource(source, frames: frames), parsed)
    }
}

/// A source that ends after `frames` frames, however many more the one it wraps holds.
final class LengthLimitedSource: AudioSource {
    private let source: any AudioSource
    private var remaining: Int64

    init(_ source: any AudioSource, frames: Int64) {
        self.source = source
        remaining = frames
    }

    var sampleRate: Double { source.sampleRate }
    var channels: Int { source.channels }
    var integerBits: Int? { source.integerBits }

    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int {
        guard remaining > 0 else { return 0 }
        let count = Int(min(Int64(try source.read(into: &buffer, frames: frames)), remaining))
        remaining -= Int64(count)
        return count
    }
}

/// The encodings only FFmpeg decodes here.
private let ffmpegOnlyCodecs: Set<RefusedCodec> = [.aac, .heAAC, .aacLD, .aacELD, .alac]

/// The two libraries that decode what our own decoders do not.
private enum DecodingLibrary: String {
    case sndfile = "libsndfile"
    case ffmpeg = "FFmpeg"

    func open(_ path: String) throws(ConversionError) -> any AudioSource {
        switch self {
        case .sndfile: return try SndFileSource(path: path)
        case .ffmpeg: return try FFmpegSource(path: path)
        }
    }
}

/// MP3 (and MPEG layer I/II) by FFmpeg when it is installed, libsndfile otherwise. The two agree
/// where a LAME tag gives the encoder delay and padding, and where there is no header frame; on a
/// Xing header without a LAME tag, libsndfile's mpg123 drops the decoder's 529-frame delay and
/// FFmpeg keeps it (ConversionAlignmentTests holds every case to ffmpeg's decode).
private func openMPEGAudio(path: String) throws(ConversionError) -> any AudioSource {
    try openWithLibraries(path: path, parserSaid: nil, order: [.ffmpeg, .sndfile])
}

/// Each library in `order` (libsndfile, then FFmpeg, unless told otherwise), once; the error names
/// what each said (or what our parser found).
private func openWithLibraries(
    path: String, parserSaid: String?, order: [DecodingLibrary] = [.sndfile, .ffmpeg]
) throws(ConversionError) -> any AudioSource {
    var reasons: [String] = []
    for library in order {
        do {
            return try library.open(path)
        } catch {
            reasons.append("\(library.rawValue): \(error.reason)")
        }
    }
    if let parserSaid { throw .cannotDecode(parserSaid) }
    throw .cannotDecode(reasons.joined(separator: "; "))
}
