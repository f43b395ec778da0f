import Testing

@testable import SoundContainers

@Suite("Sniffing formats by magic")
struct SnifferTests {
    private func sniff(_ bytes: [UInt8]) throws -> SniffedFormat? {
        try Sniffer.sniff(MemoryByteSource(bytes))
    }

    private static let mp3Frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 60)

    @Test("MP3 with and without an ID3v2 tag, and layer II")
    func mpegAudio() throws {
        #expect(try sniff(Self.mp3Frame) == .mpegAudio(layer: 3, hasID3: false))
        let tag: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 1, 0x7F]  // 255-byte tag body
        #expect(try sniff(tag + [UInt8](repeating: 0, count: 255) + Self.mp3Frame) == .mpegAudio(layer: 3, hasID3: true))
        #expect(try sniff([0xFF, 0xFD, 0x90, 0x64]) == .mpegAudio(layer: 2, hasID3: false))
    }

    /// Three MPEG-1 layer III frames of 417 bytes (128 kbit/s at 44.1 kHz), as a file holds them.
    private static let mp3Run: [UInt8] = (0..<3).flatMap { _ in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0x55, count: 413) }

    @Test("MP3 past leading junk or zero padding, found by a run of frames, as ffmpeg's probe finds it")
    func mpegAudioAfterJunk() throws {
        #expect(try sniff([0x0A] + Self.mp3Run) == .mpegAudio(layer: 3, hasID3: false))  // a stray newline
        #expect(try sniff([UInt8](repeating: 0, count: 360) + Self.mp3Run) == .mpegAudio(layer: 3, hasID3: false))
        let tag: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        #expect(try sniff(tag + [UInt8](repeating: 0, count: 700) + Self.mp3Run) == .mpegAudio(layer: 3, hasID3: true))
        // A lone header inside junk is no run: the frame it announces is not followed by another.
        let lone = [0x0A, 0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0x55, count: 2000)
        #expect(try sniff(lone) == nil)
        #expect(try sniff([UInt8](repeating: 0, count: 4096)) == nil)
        // Two frames that disagree on the sample rate are no run either.
        var mixed = [0x0A] + Self.mp3Run + [UInt8](repeating: 0x55, count: 100)
        mixed[1 + 417 + 2] = 0x94  // the second frame says 48 kHz
        #expect(try sniff(mixed) == nil)
    }

    @Test("an ID3 tag in front of a WAV still finds the WAV")
    func id3BeforeWAV() throws {
        let tag: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        let wav = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)
        #expect(try sniff(tag + wav) == .wav("RIFF"))
    }

    @Test("MP4/M4A by its ftyp box, ADTS AAC, FLAC, Ogg Vorbis and Opus, AU, MIDI, AMR")
    func otherFormats() throws {
        #expect(try sniff([0, 0, 0, 0x20] + Array("ftypM4A ".utf8)) == .mp4(brand: "M4A"))
        #expect(try sniff([0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]) == .adtsAAC)
        #expect(try sniff(Array("fLaC".utf8) + [0, 0, 0, 34]) == .flac)
        let oggHeader: [UInt8] = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 30]
        #expect(try sniff(oggHeader + [1] + Array("vorbis".utf8)) == .ogg(codec: "Vorbis"))
        #expect(try sniff(oggHeader + Array("OpusHead".utf8)) == .ogg(codec: "Opus"))
        #expect(try sniff(Array(".snd".utf8) + [0, 0, 0, 24]) == .au)
        #expect(try sniff(Array("MThd".utf8) + [0, 0, 0, 6]) == .midi)
        #expect(try sniff(Array("#!AMR\n".utf8)) == .amr)
    }

    @Test("RIFF and IFF forms that are not audio containers we parse")
    func otherForms() throws {
        #expect(try sniff(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI ".utf8)) == .otherRIFF("AVI "))
        #expect(try sniff(Array("FORM".utf8) + [0, 0, 0, 0] + Array("8SVX".utf8)) == .otherIFF("8SVX"))
    }

    @Test("text and short files are not audio")
    func notAudio() throws {
        #expect(try sniff(Array("not a sound\n".utf8)) == .text)
        #expect(try sniff(Array("Platzhalter für den Ton\r\n\tbis später".utf8)) == .text, "UTF-8 text")
        #expect(try sniff(Array("1234\n".utf8)) == nil, "no letter: nothing says it is text")
        #expect(try sniff(Array("text\u{0}with a NUL".utf8)) == nil)
        #expect(try sniff([0xFF]) == nil)
        #expect(try sniff([]) == nil)
        #expect(SniffedFormat.text.isAudio == false && SniffedFormat.lfsPointer.isAudio == false)
    }

    @Test("a Git LFS pointer is told from other text (git-lfs docs/spec.md)")
    func lfsPointer() throws {
        let pointer = Array(
            "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
                .utf8)
        #expect(try sniff(pointer) == .lfsPointer)
        #expect(parseError(pointer) == .unsupportedContainer(.lfsPointer))
        // Every prefix long enough to hold the version line is still a pointer; a shorter one is text.
        #expect(try sniff(Array(pointer.prefix(48))) == .lfsPointer)
        #expect(try sniff(Array(pointer.prefix(20))) == .text)
        #expect(try sniff(Array("version 1.2\n".utf8)) == .text)
    }

    @Test("the parser names the format it refuses")
    func unsupportedContainerError() {
        #expect(parseError(Self.mp3Frame) == .unsupportedContainer(.mpegAudio(layer: 3, hasID3: false)))
        #expect(
            ParseError.unsupportedContainer(.mpegAudio(layer: 3, hasID3: true)).description
                == "this is an MP3 file (with an ID3 tag), not AIFF, AIFF-C, WAV or CAF")
        #expect(parseError([]) == .empty)
        #expect(parseError(Array("hello".utf8)) == .unsupportedContainer(.text))
        #expect(ParseError.unsupportedContainer(.text).description == "this is a text file, not a sound (a placeholder named like one?)")
        #expect(parseError([0x00, 0x01, 0x02, 0x03]) == .badMagic(found: [0x00, 0x01, 0x02, 0x03]))
    }
}
