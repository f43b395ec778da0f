/// The entry point of the decoder layer: identifies a file by its magic and hands it to the
/// parser for its container.
public enum AudioFileParser {
    /// Describes the audio in `source`, reading only its headers.
    /// - Throws: `ParseError` with the evidence of what is wrong, including
    ///   `.unsupportedContainer` naming a format that is not AIFF, AIFF-C, WAV or CAF.
    public static func describe(_ source: any ByteSource) throws(ParseError) -> AudioDescription {
        guard source.count > 0 else { throw .empty }
        let reader = try HeaderReader(source)
        guard let format = try Sniffer.sniff(prefix: reader.prefix, source: source) else {
            throw .badMagic(found: Array(reader.prefix.prefix(8)))
        }
        switch format {
        case .aiff: return try AIFFParser.parse(reader)
        case .wav: return try WAVParser.parse(reader)
        case .caf: return try CAFParser.parse(reader)
        case .mpegAudio, .mp4, .adtsAAC, .flac, .ogg, .au, .amr, .midi, .asf, .matroska, .wave64, .otherRIFF, .otherIFF, .lfsPointer, .text:
            throw .unsupportedContainer(format)
        }
    }

    /// Describes the audio file at `path`, reading only its headers; `opener`, when given, opens it
    /// relative to its folder (one opener a thread, for runs over many files).
    /// - Throws: `ParseError.unreadable` when the file cannot be opened or read, or any other
    ///   `ParseError` from `describe(_:)`.
    public static func describeFile(atPath path: String, opener: FileOpener? = nil) throws(ParseError) -> AudioDescription {
        try describe(FileByteSource(path: path, opener: opener))
    }
}
