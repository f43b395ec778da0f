/// What a file is, judged by its first bytes alone.
public enum SniffedFormat: Hashable, Sendable, CustomStringConvertible {
    /// `FORM`…`AIFF` or `FORM`…`AIFC`.
    case aiff(isCompressed: Bool)
    /// `RIFF`, `RIFX`, `RF64` or `BW64` with form type `WAVE`.
    case wav(FourCC)
    /// `caff`.
    case caf
    /// MPEG audio layer I/II/III, with or without a leading ID3v2 tag.
    case mpegAudio(layer: Int, hasID3: Bool)
    /// An ISO base media file (MP4, M4A, M4R, 3GP, MOV) with its major brand.
    case mp4(brand: String)
    /// Raw AAC in ADTS frames.
    case adtsAAC
    /// Native FLAC.
    case flac
    /// An Ogg stream, with the codec of its first packet when recognised.
    case ogg(codec: String?)
    /// Sun/NeXT `.snd`/`.au`.
    case au
    /// Adaptive Multi-Rate speech.
    case amr
    /// Standard MIDI file.
    case midi
    /// Windows Media (ASF) file.
    case asf
    /// Matroska or WebM.
    case matroska
    /// Sony Wave64.
    case wave64
    /// A RIFF file of another form (AVI, RMID, …).
    case otherRIFF(FourCC)
    /// An IFF file of another form (8SVX, …).
    case otherIFF(FourCC)
    /// A Git LFS pointer: the text a checkout leaves in place of a file tracked by Git LFS when it
    /// does not fetch the LFS objects (its first line is `version https://git-lfs.github.com/spec/v1`;
    /// https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md).
    case lfsPointer
    /// Text, not audio: a placeholder named like a sound.
    case text

    /// File name extensions of audio formats notifications cannot play, as a designer hands them
    /// over: a file named so is a sound to report even when its bytes identify nothing.
    public static let otherAudioExtensions: Set<String> = ["mp3", "m4a", "m4r", "aac", "ogg", "opus", "flac", "amr"]

    /// Every extension that makes a file a sound without looking inside it: the containers'
    /// own, and `otherAudioExtensions`.
    public static let soundFileExtensions = Set(AudioContainer.allCases.flatMap(\.fileExtensions)).union(otherAudioExtensions)

    /// Whether the file name of `path` (or `path` itself, a name) ends in one of
    /// `soundFileExtensions`, in any case: `soundFileExtensions.contains(fileExtension(of: path))`,
    /// decided on the path's bytes without making a string or hashing one. Every listed path and
    /// every file a walk finds takes this test (600 instructions a call the other way, about 200
    /// this one; valgrind).
    public static func isNamedLikeSound(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard let start = extensionStart(in: bytes) else { return false }
            let length = bytes.count - start
            // Sound extensions are lowercase ASCII of at most 8 bytes: packed, lowercased, compared.
            guard length > 0, length <= 8 else { return false }
            var key: UInt64 = 0
            for offset in 0..<length {
                var byte = bytes[start + offset]
                // A zero byte would pack as nothing ("flac\0" as "flac"); no extension has one.
                guard byte > 0, byte < 0x80 else { return false }
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
                key |= UInt64(byte) << (8 * UInt64(offset))
            }
            return soundFileExtensionKeys.contains(key)
        }
    }

    /// `soundFileExtensions`, each packed as `isNamedLikeSound` packs the bytes it reads.
    private static let soundFileExtensionKeys: [UInt64] = soundFileExtensions.map { name in
        name.utf8.enumerated().reduce(UInt64(0)) { key, byte in key | UInt64(byte.element) << (8 * UInt64(byte.offset)) }
    }

    /// True when the bytes hold sound: a file found only because it might be audio is judged only
    /// then. MIDI (notes, not audio), RIFF and IFF files of other forms (WEBP images, AVI and ANI
    /// files), Ogg without an audio codec, MP4 without an audio brand, ASF and Matroska (usually
    /// video) are not, and neither is a run of MPEG layer I or II frames with no ID3 tag: binary
    /// files (a Mach-O universal binary, for one) hold such runs by chance, and no app ships MP1.
    public var isAudio: Bool {
        switch self {
        case .mpegAudio(let layer, let hasID3): return layer == 3 || hasID3
        case .aiff, .wav, .caf, .adtsAAC, .flac, .au, .amr, .wave64: return true
        case .ogg(let codec): return codec.map(Self.oggAudioCodecs.contains) ?? false
        case .mp4(let brand): return Self.mp4AudioBrands.contains(brand)
        case .midi, .asf, .matroska, .otherRIFF, .otherIFF, .lfsPointer, .text: return false
        }
    }

    /// The codecs of an Ogg stream of sound, as `Sniffer` names them.
    private static let oggAudioCodecs: Set<String> = ["Vorbis", "Opus", "FLAC", "Speex"]
    /// The major brands of MP4 files that hold only audio (iTunes' AAC, audiobook, protected and
    /// ringtone brands, trailing spaces trimmed).
    private static let mp4AudioBrands: Set<String> = ["M4A", "M4B", "M4P", "M4R", "F4A", "F4B"]

    /// True for the containers this library parses.
    public var isParsedContainer: Bool {
        switch self {
        case .aiff, .wav, .caf: return true
        default: return false
        }
    }

    /// A phrase naming the format for a person, with an article: "an MP3 file".
    public var description: String {
        switch self {
        case .aiff(let compressed): return compressed ? "an AIFF-C file" : "an AIFF file"
        case .wav(let form): return "a \(form) WAVE file"
        case .caf: return "a CAF file"
        case .mpegAudio(let layer, let hasID3):
            let name = layer == 3 ? "an MP3 file" : "an MPEG audio layer \(layer) file"
            return hasID3 ? name + " (with an ID3 tag)" : name
        case .mp4(let brand): return "an MP4/M4A file (brand '\(brand)', usually AAC or ALAC)"
        case .adtsAAC: return "a raw AAC (ADTS) file"
        case .flac: return "a FLAC file"
        case .ogg(let codec): return codec.map { "an Ogg \($0) file" } ?? "an Ogg file"
        case .au: return "a Sun/NeXT AU file"
        case .amr: return "an AMR file"
        case .midi: return "a MIDI file (notes, not audio)"
        case .asf: return "a Windows Media (ASF/WMA) file"
        case .matroska: return "a Matroska/WebM file"
        case .wave64: return "a Sony Wave64 file"
        case .otherRIFF(let form): return "a RIFF '\(form)' file, not WAVE"
        case .otherIFF(let form): return "an IFF '\(form)' file, not AIFF"
        case .lfsPointer: return "a Git LFS pointer, not the sound it stands for"
        case .text: return "a text file, not audio"
        }
    }

    /// A short stable name for reports and JSON: `mp3`, `mp4`, `flac`, …
    public var name: String {
        switch self {
        case .aiff(let compressed): return compressed ? "aifc" : "aiff"
        case .wav: return "wav"
        case .caf: return "caf"
        case .mpegAudio(let layer, _): return layer == 3 ? "mp3" : "mp\(layer)"
        case .mp4: return "mp4"
        case .adtsAAC: return "aac"
        case .flac: return "flac"
        case .ogg: return "ogg"
        case .au: return "au"
        case .amr: return "amr"
        case .midi: return "midi"
        case .asf: return "asf"
        case .matroska: return "matroska"
        case .wave64: return "w64"
        case .otherRIFF: return "riff"
        case .otherIFF: return "iff"
        case .lfsPointer: return "lfs-pointer"
        case .text: return "text"
        }
    }
}
