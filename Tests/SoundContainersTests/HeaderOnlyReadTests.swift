import Testing

@testable import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the bytes a parser asks for, to prove it reads headers only.
final class CountingByteSource: ByteSource {
    let inner: any ByteSource
    private(set) var bytesRead = 0
    private(set) var reads = 0

    init(_ inner: any ByteSource) {
        self.inner = inner
    }

    var count: UInt64 { inner.count }

    func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        let bytes = try inner.read(at: offset, length: length)
        bytesRead += bytes.count
        reads += 1
        return bytes
    }
}

@Suite("Validation reads headers, never the audio")
struct HeaderOnlyReadTests {
    /// Writes `header`, a sparse hole of `audioBytes`, and `trailer` to a new temporary file.
    private func sparseFile(header: [UInt8], audioBytes: UInt64, trailer: [UInt8]) throws -> String {
        var template = Array("/tmp/soundcheck-sparse-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        #expect(fd >= 0)
        defer { close(fd) }
        _ = header.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        _ = trailer.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(UInt64(header.count) + audioBytes)) }
        return String(cString: template)
    }

    @Test("a 4 GB RF64 WAV with a chunk after its audio: at most 64 KiB read")
    func sparseRF64() throws {
        let audio: UInt64 = 4_000_000_000
        var header = ByteBuilder()
        header.ascii("RF64")
        header.u32le(0xFFFF_FFFF)
        header.ascii("WAVE")
        header.riffChunk(
            "ds64",
            ByteBuilder.fields {
                $0.u64le(audio + 64); $0.u64le(audio); $0.u64le(audio / 4); $0.u32le(0)
            })
        header.riffChunk("fmt ", WAVFixture.format(tag: 1, channels: 2, rate: 48000, blockAlign: 4, bits: 16))
        header.ascii("data")
        header.u32le(0xFFFF_FFFF)
        var trailer = ByteBuilder()
        trailer.riffChunk("LIST", [UInt8](repeating: 0, count: 8))
        let path = try sparseFile(header: header.bytes, audioBytes: audio, trailer: trailer.bytes)
        defer { unlink(path) }

        let source = CountingByteSource(try FileByteSource(path: path))
        let description = try AudioFileParser.describe(source)
        #expect(description.frameCount == Int64(audio / 4))
        #expect(description.container == .rf64)
        #expect(source.bytesRead <= HeaderReader.firstReadLength)
    }

    @Test("a CAF whose pakt sits after 2 GB of IMA4 audio: the first read, then the pakt header with its contents")
    func sparseCAFPacketTableAfterAudio() throws {
        let packets: UInt64 = 2_000_000_000 / 34
        var header = ByteBuilder()
        header.raw(
            CAFFixture.file {
                $0.cafChunk(
                    "desc",
                    CAFFixture.description(rate: 44100, format: "ima4", bytesPerPacket: 34, framesPerPacket: 64, channels: 1, bits: 0))
            })
        header.ascii("data")
        header.i64be(Int64(packets * 34 + 4))
        header.u32be(1)
        var trailer = ByteBuilder()
        trailer.cafChunk("pakt", CAFFixture.packetTable(packets: 0, valid: Int64(packets * 64 - 10), remainder: 10))
        let path = try sparseFile(header: header.bytes, audioBytes: packets * 34, trailer: trailer.bytes)
        defer { unlink(path) }

        let source = CountingByteSource(try FileByteSource(path: path))
        let description = try AudioFileParser.describe(source)
        #expect(description.frameCount == Int64(packets * 64 - 10))
        #expect(source.bytesRead <= HeaderReader.firstReadLength + 12 + HeaderReader.chunkReadAhead)
        #expect(source.reads == 2)
    }

    @Test("COMM after a 64 KiB SSND, then small chunks: one read past the first, no byte read twice")
    func commonChunkAfterAudio() throws {
        let bytes = AIFFFixture.file {
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 65_536))
            $0.iffChunk("COMM", AIFFFixture.common(channels: 2, frames: 16_384, sampleSize: 16, rate: 44100))
            $0.iffChunk("NAME", Array("bell".utf8))
            $0.iffChunk("ANNO", Array("x".utf8))
        }
        let source = CountingByteSource(MemoryByteSource(bytes))
        let description = try AudioFileParser.describe(source)
        #expect(description.frameCount == 16_384)
        #expect(description.channels == 2)
        #expect(source.reads == 2)
        let afterAudio = (8 + 18) + (8 + 4) + (8 + 1 + 1)  // COMM, NAME, ANNO with its pad byte
        #expect(source.bytesRead == HeaderReader.firstReadLength + afterAudio)
    }

    @Test("chunk headers that straddle the end of a read: the bytes already read are kept, none read again")
    func straddlingHeaders() throws {
        // The SSND chunk ends 4 bytes before the end of the first read, so the next header is split
        // between two reads; so is each one after it, the chunks (68 bytes) being shorter than a
        // read (a header and 64 bytes). The COMM chunk comes last, so the walk passes them all.
        let bytes = AIFFFixture.file {
            $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 4_096 - 4 - 12 - 16))
            for _ in 0..<20 { $0.iffChunk("JUNK", [UInt8](repeating: 0, count: 60)) }
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 4, sampleSize: 8, rate: 8000))
        }
        let source = CountingByteSource(MemoryByteSource(bytes))
        let description = try AudioFileParser.describe(source)
        #expect(description.frameCount == 4)
        #expect(source.bytesRead == bytes.count)
        #expect(source.reads == 1 + 20 + 1)
    }
}
