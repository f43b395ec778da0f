import SoundContainers

/// Decoded audio, read in blocks of interleaved Float32 samples in [-1, 1].
protocol AudioSource: AnyObject {
    /// Frames per second.
    var sampleRate: Double { get }
    /// Interleaved channels.
    var channels: Int { get }
    /// The number of frames, when the source knows it (an estimate for some compressed formats).
    var frameCount: Int64? { get }
    /// True when the samples are exactly what a `bits`-bit integer file holds, so writing them at
    /// `bits` or more bits needs no dither.
    var integerBits: Int? { get }

    /// Reads up to `frames` frames into `buffer` (replacing its contents); returns the number
    /// read, 0 at the end.
    func read(into buffer: inout [Float], frames: Int) throws(ConversionError) -> Int
}

/// Opens the right decoder for the file at `path`: our own for IMA4 (which libsndfile cannot read
/// in CAF and miscounts in AIFF-C), libsndfile for everything else it reads. Returns the header's
/// description too, when the file is a container we parse.
func openSource(path: String) throws(ConversionError) -> (any AudioSource, AudioDescription?) {
    let parsed: AudioDescription
    do {
        parsed = try AudioFileParser.describeFile(atPath: path)
    } catch .unsupportedContainer(let format) {
        switch format {
        case .mp4, .adtsAAC:
            throw .cannotDecode(
                "\(format) cannot be decoded here (AAC/ALAC); convert it with afconvert on a Mac "
                    + "(afconvert -f caff -d ima4 IN OUT.caf) or with ffmpeg (ffmpeg -i IN OUT.wav), then run soundcheck fix on the result")
        default:
            return (try SndFileSource(path: path), nil)
        }
    } catch .unreadable(let reason) {
        throw .cannotDecode(reason)
    } catch let parseError {
        // Not a container we can describe: libsndfile may still read it; if not, say what our
        // parser found, which is more precise than libsndfile's message.
        do {
            return (try SndFileSource(path: path), nil)
        } catch {
            throw .cannotDecode(parseError.description)
        }
    }
    switch parsed.encoding {
    case .ima4: return (try IMA4FileSource(path: path, description: parsed), parsed)
    case .other("aac"), .other("he-aac"), .other("aac-ld"), .other("aac-eld"), .other("alac"):
        throw .cannotDecode(
            "its audio is \(parsed.encoding.displayName), which libsndfile cannot decode; convert it with afconvert on a Mac "
                + "(afconvert -f caff -d ima4 IN OUT.caf) or with ffmpeg (ffmpeg -i IN OUT.wav), then run soundcheck fix on the result")
    default: return (try SndFileSource(path: path), parsed)
    }
}
