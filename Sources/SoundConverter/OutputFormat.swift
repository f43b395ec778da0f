import SoundContainers

/// The file a conversion writes: container, encoding, and optionally a new rate and channel count,
/// named the way afconvert names them (`-f caff -d ima4@22050 -c 1`).
public struct OutputFormat: Sendable, Equatable {
    /// The container (`caf`, `aiff`, `aifc`, `wav`, or `ogg` for Ogg Vorbis).
    public var container: AudioContainer
    /// The encoding; nil keeps the source's when the container can hold it.
    public var encoding: AudioEncoding?
    /// The sample rate; nil keeps the source's.
    public var sampleRate: Double?
    /// The channel count; nil keeps the source's.
    public var channels: Int?

    /// Creates an output format.
    public init(container: AudioContainer, encoding: AudioEncoding? = nil, sampleRate: Double? = nil, channels: Int? = nil) {
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Reads an afconvert file format name: `caff`, `AIFF`, `AIFC`, `WAVE` (any case), or
    /// `caf`, `aiff`, `aifc`, `wav`; and Ogg, which afconvert does not write, as `OggA` (its
    /// Macintosh file type code in RFC 5334's `audio/ogg` registration), `OGG` or `oga`.
    public static func container(named name: String) throws(ConversionError) -> AudioContainer {
        switch name.lowercased() {
        case "ogga", "ogg", "oga": return .ogg
        case "caff", "caf": return .caf
        case "aiff", "aif": return .aiff
        case "aifc": return .aifc
        case "wave", "wav": return .wav
        default: throw .unknownFormat(name)
        }
    }

    /// The container a file name's extension names, if any.
    public static func container(forExtensionOf path: String) -> AudioContainer? {
        try? container(named: fileExtension(of: path))
    }

    /// Reads an afconvert data format: `ima4`, `ulaw`, `alaw`, `LEI16`, `BEF32`, `I8`, `UI8`, …,
    /// or `vorbis` (Ogg's), optionally with `@RATE`.
    public static func dataFormat(_ text: String) throws(ConversionError) -> (AudioEncoding, Double?) {
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        var rate: Double?
        if parts.count == 2 {
            guard let value = Double(parts[1]), value >= 1000, value <= 384_000 else {
                throw .invalidOption("sample rate '\(parts[1])' must be a number from 1000 to 384000")
            }
            rate = value
        }
        let name = parts.first ?? ""
        switch name.lowercased() {
        case "ima4": return (.ima4, rate)
        case "ulaw": return (.muLaw, rate)
        case "alaw": return (.aLaw, rate)
        case "i8": return (.linearPCM(LinearPCMFormat(bits: 8, isBigEndian: true, isSigned: true)), rate)
        case "ui8": return (.linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false)), rate)
        case "vorbis": return (vorbis, rate)
        default: break
        }
        // LEI16, BEF32, …: byte order, I(nteger) or F(loat), bits.
        let upper = Array(name.uppercased())
        guard upper.count >= 5, ["LE", "BE"].contains(String(upper[0..<2])), upper[2] == "I" || upper[2] == "F",
            let bits = Int(String(upper[3...]))
        else { throw .unknownFormat(name) }
        let isFloat = upper[2] == "F"
        guard (isFloat ? [32, 64] : [16, 24, 32]).contains(bits) else { throw .unknownFormat(name) }
        return (.linearPCM(LinearPCMFormat(bits: bits, isFloat: isFloat, isBigEndian: upper[0] == "B")), rate)
    }

    /// The encodings `container` can hold, as afconvert's `-hf` lists them.
    public static func allowedEncodings(in container: AudioContainer) -> [String] {
        switch container {
        case .caf:
            return ["ima4", "ulaw", "alaw", "I8", "LEI16", "BEI16", "LEI24", "BEI24", "LEI32", "BEI32", "LEF32", "BEF32", "LEF64", "BEF64"]
        case .aiff: return ["I8", "BEI16", "BEI24", "BEI32"]
        case .aifc: return ["ima4", "ulaw", "alaw", "I8", "BEI16", "LEI16", "BEI24", "BEI32", "BEF32", "BEF64"]
        case .wav, .rf64: return ["UI8", "LEI16", "LEI24", "LEI32", "LEF32", "LEF64", "ulaw", "alaw"]
        case .ogg: return [vorbis.name]
        }
    }

    /// Vorbis, the one encoding written in Ogg.
    public static let vorbis = AudioEncoding.other("vorbis")

    /// True when `container` can hold `encoding`.
    public static func canHold(_ container: AudioContainer, _ encoding: AudioEncoding) -> Bool {
        allowedEncodings(in: container).contains(encoding.name)
    }

    /// The encoding to write for a source encoded as `source`: the requested one, else the
    /// source's when the container can hold it, else 16-bit PCM in the container's byte order.
    /// - Throws: `ConversionError.unsupportedPair` for a requested pair the container refuses.
    public func resolvedEncoding(source: AudioEncoding?) throws(ConversionError) -> AudioEncoding {
        if let encoding {
            guard Self.canHold(container, encoding) else {
                throw .unsupportedPair(
                    container: container.displayName, encoding: encoding.name,
                    alternatives: Self.allowedEncodings(in: container).joined(separator: ", "))
            }
            return encoding
        }
        if container == .ogg { return Self.vorbis }
        if let source, case .linearPCM(let format) = source {
            // An 8-bit source keeps 8 bits, with the signedness the container wants.
            if format.bytesPerSample == 1 {
                let eight = container == .wav ? "UI8" : "I8"
                return (try? Self.dataFormat(eight).0) ?? source
            }
        }
        if let source, Self.canHold(container, source) { return source }
        return .linearPCM(LinearPCMFormat(bits: 16, isBigEndian: container == .aiff || container == .aifc))
    }

    /// The header writer for the container; nil for Ogg, which libvorbis and libogg write (`OggVorbisWriter`).
    var headerWriter: (any ContainerHeaderWriter)? {
        switch container {
        case .caf: return CAFWriter()
        case .aiff: return AIFFWriter(compressed: false)
        case .aifc: return AIFFWriter(compressed: true)
        case .wav, .rf64: return WAVWriter()
        case .ogg: return nil
        }
    }
}
