/// Identifies a file by its magic bytes, never by its name.
public enum Sniffer {
    /// How many leading bytes `sniff` needs to recognise every format it knows
    /// (an ID3 tag may push the audio further; `sniff` reads past it through the source).
    public static let headLength = 64

    /// Returns the format the bytes of `source` start with, or nil when none is recognised.
    public static func sniff(_ source: any ByteSource) throws(ParseError) -> SniffedFormat? {
        try sniff(prefix: source.read(at: 0, length: headLength), source: source)
    }

    /// Like `sniff(_:)`, with the file's first bytes already read into `prefix`.
    static func sniff(prefix: ArraySlice<UInt8>, source: any ByteSource) throws(ParseError) -> SniffedFormat? {
        // The containers are told from the bytes where they were read: copying them into an array
        // first cost a tenth of describing a file.
        if let format = prefix.prefix(headLength).withUnsafeBufferPointer(sniffContainer) { return format }
        let head = Array(prefix.prefix(headLength))
        var audioStart: UInt64 = 0
        if head.count >= 10, head[0] == 0x49, head[1] == 0x44, head[2] == 0x33 {  // "ID3"
            let tagEnd = 10 + id3TagSize(head)
            let after =
                tagEnd + headLength <= prefix.count
                ? Array(prefix.dropFirst(tagEnd).prefix(headLength))
                : Array(try source.read(at: UInt64(tagEnd), length: headLength))
            if let format = after.withUnsafeBufferPointer(sniffContainer) { return format }
            if isADTS(after) { return .adtsAAC }
            audioStart = UInt64(tagEnd)
        } else if isADTS(head) {
            return .adtsAAC
        }
        // MPEG audio at the start, or after a tag, leading junk or zero padding.
        if let run = try MPEGFrameScan.firstRun(in: source, from: audioStart, alreadyRead: prefix) {
            return .mpegAudio(layer: run.layer, hasID3: audioStart > 0)
        }
        // An ID3 tag with no frames found after it is still an MP3 file as far as anyone can tell.
        if audioStart > 0 { return .mpegAudio(layer: 3, hasID3: true) }
        return isText(head) ? .text : nil
    }

    /// The first line of a Git LFS pointer (git-lfs' docs/spec.md: `version` always comes first,
    /// and `https://git-lfs.github.com/spec/v1` is the version every client writes).
    private static let lfsPointerStart = Array("version https://git-lfs.github.com/spec/".utf8)

    /// True when `head` (a file's first bytes) reads as text: printable ASCII, tabs and line
    /// breaks, or UTF-8 sequences, at least one letter, no NUL and no other control byte. A
    /// sequence cut by the end of `head` counts; no audio container starts so.
    private static func isText(_ head: [UInt8]) -> Bool {
        var index = 0
        var hasLetter = false
        while index < head.count {
            let byte = head[index]
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x20...0x7E:
                if (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { hasLetter = true }
                index += 1
            case 0xC2...0xF4:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                for next in (index + 1)..<min(index + length, head.count) where head[next] & 0xC0 != 0x80 { return false }
                hasLetter = true
                index += length
            default:
                return false
            }
        }
        return hasLetter
    }

    private static func sniffContainer(_ head: UnsafeBufferPointer<UInt8>) -> SniffedFormat? {
        guard head.count >= 4 else { return nil }
        func fourCC(_ at: Int) -> FourCC { FourCC(bytes: (head[at], head[at + 1], head[at + 2], head[at + 3])) }
        let magic = fourCC(0)
        let form: FourCC? = head.count >= 12 ? fourCC(8) : nil
        switch magic {
        case "FORM":
            guard let form else { return nil }
            switch form {
            case "AIFF": return .aiff(isCompressed: false)
            case "AIFC": return .aiff(isCompressed: true)
            default: return form.isPrintable ? .otherIFF(form) : nil
            }
        case "RIFF", "RIFX", "RF64", "BW64":
            guard let form else { return nil }
            if form == "WAVE" { return .wav(magic) }
            return form.isPrintable ? .otherRIFF(form) : nil
        case "caff": return .caf
        case "fLaC": return .flac
        case "OggS": return .ogg(codec: oggCodec(head))
        case ".snd": return .au
        case "MThd": return .midi
        case "riff": return head.count >= 16 && head[4] == 0x2E && head[5] == 0x91 ? .wave64 : nil
        default: break
        }
        if head.count >= 12, fourCC(4) == "ftyp" {
            return .mp4(brand: String(decoding: head[8..<12], as: UTF8.self).trimmingTrailingSpaces())
        }
        if head.starts(with: Array("#!AMR".utf8)) { return .amr }
        if head.starts(with: [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) { return .asf }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if head.starts(with: lfsPointerStart) { return .lfsPointer }
        return nil
    }

    /// The size of an ID3v2 tag body (a 28-bit "synchsafe" number), plus a footer if flagged.
    private static func id3TagSize(_ head: [UInt8]) -> Int {
        let size = head[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let hasFooter = head[5] & 0x10 != 0
        return size + (hasFooter ? 10 : 0)
    }

    /// True when `head` starts with an ADTS frame header (sync word, layer 0).
    private static func isADTS(_ head: [UInt8]) -> Bool {
        head.count >= 7 && head[0] == 0xFF && head[1] & 0xF6 == 0xF0 && (head[2] >> 2) & 0x0F < 13
    }

    /// The codec named by the first packet of an Ogg stream.
    private static func oggCodec(_ head: UnsafeBufferPointer<UInt8>) -> String? {
        guard head.count > 27 else { return nil }
        let segments = Int(head[26])
        let packet = head.dropFirst(27 + segments)
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) { return "Vorbis" }
        if packet.starts(with: Array("OpusHead".utf8)) { return "Opus" }
        if packet.starts(with: [0x7F] + Array("FLAC".utf8)) { return "FLAC" }
        if packet.starts(with: Array("Speex".utf8)) { return "Speex" }
        return nil
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
