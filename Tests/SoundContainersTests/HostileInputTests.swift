import Foundation
import Testing

@testable import SoundContainers

/// Files nobody vetted: every one is answered with a value or a `ParseError`, quickly, whatever
/// its size fields claim.
@Suite("Hostile inputs")
struct HostileInputTests {
    static let sizes: [UInt32] = [0, 1, 3, 0x7FFF_FFFF, 0xFFFF_FFFF]

    /// Parses `bytes` and fails the test if it takes more than a second.
    private func parseQuickly(_ bytes: [UInt8]) -> Result<AudioDescription, ParseError> {
        let start = ContinuousClock.now
        let result = Result { () throws(ParseError) in try describe(bytes) }
        #expect(ContinuousClock.now - start < .seconds(1))
        return result
    }

    @Test("empty, header only, and every AIFF chunk size field set to 0, 1, odd, 0x7FFFFFFF, 0xFFFFFFFF", arguments: sizes)
    func aiffSizes(size: UInt32) {
        #expect(parseError([]) == .empty)
        #expect(parseError(Array("FORM".utf8)) != nil)
        let fields: [(String, Int)] = [("FORM", 4), ("COMM", 16), ("SSND", 42)]
        for (_, offset) in fields {
            var bytes = AIFFFixture.file {
                $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 4, sampleSize: 16, rate: 8000))
                $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 8))
            }
            withUnsafeBytes(of: size.bigEndian) { bytes.replaceSubrange(offset..<(offset + 4), with: $0) }
            if case .success(let description) = parseQuickly(bytes) {
                #expect(description.dataRange.upperBound <= UInt64(bytes.count))
            }
        }
    }

    @Test("every WAV size field set to 0, 1, odd, 0x7FFFFFFF, 0xFFFFFFFF", arguments: sizes)
    func wavSizes(size: UInt32) {
        for offset in [4, 16, 40] {
            var bytes = WAVFixture.file {
                $0.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
                $0.riffChunk("data", [UInt8](repeating: 0, count: 8))
            }
            withUnsafeBytes(of: size.littleEndian) { bytes.replaceSubrange(offset..<(offset + 4), with: $0) }
            if case .success(let description) = parseQuickly(bytes) {
                #expect(description.dataRange.upperBound <= UInt64(bytes.count))
            }
        }
    }

    @Test("CAF chunk sizes −2, 2^62, 2^63−1, 0 and 1", arguments: [Int64(-2), 1 << 62, Int64.max, 0, 1])
    func cafSizes(size: Int64) {
        for chunk in ["desc", "pakt", "data"] {
            let bytes = CAFFixture.file {
                $0.cafChunk(
                    "desc", size: chunk == "desc" ? size : nil,
                    CAFFixture.description(rate: 44100, format: "ima4", bytesPerPacket: 34, framesPerPacket: 64, channels: 1, bits: 0))
                $0.cafChunk("pakt", size: chunk == "pakt" ? size : nil, CAFFixture.packetTable(packets: 0, valid: 100, remainder: 28))
                $0.cafChunk("data", size: chunk == "data" ? size : nil, CAFFixture.data(audioBytes: 68))
            }
            if case .success(let description) = parseQuickly(bytes) {
                #expect(description.dataRange.upperBound <= UInt64(bytes.count))
                #expect((description.frameCount ?? 0) >= 0)
            }
        }
    }

    @Test("a chunk whose size points back into itself cannot loop: the walk only moves forward")
    func chunkPointingBack() {
        // An IFF size of 0xFFFFFFF8 would wrap a 32-bit position back to the chunk; positions are 64-bit.
        let bytes = AIFFFixture.file {
            $0.iffChunk("JUNK", size: 0xFFFF_FFF8, [0, 0, 0, 0])
            $0.iffChunk("COMM", AIFFFixture.common(channels: 1, frames: 4, sampleSize: 16, rate: 8000))
        }
        #expect(parseError(bytes) != nil)
    }

    @Test("100,000 tiny chunks before the data: each chunk header read once, nothing read twice")
    func manyTinyChunks() throws {
        var bytes = WAVFixture.file { builder in
            builder.riffChunk("fmt ", WAVFixture.pcm16Mono8k)
            for _ in 0..<100_000 { builder.riffChunk("junk", [0, 0]) }
            builder.riffChunk("data", [UInt8](repeating: 0, count: 16))
        }
        bytes.append(0)
        // Counted, not timed: a walk that went back over the chunks it passed would read the
        // headers again (quadratic in their number), which these bounds catch on any machine.
        let source = CountingByteSource(MemoryByteSource(bytes))
        let description = try AudioFileParser.describe(source)
        #expect(description.frameCount == 8)
        #expect(source.reads <= 100_010, "\(source.reads) reads for 100,003 chunks")
        #expect(source.bytesRead <= bytes.count + 8_192, "\(source.bytesRead) bytes read of \(bytes.count)")
    }

    @Test("0 and 2^32−1 channels, 0 Hz, NaN, ∞ and denormal rates are malformed, never a crash")
    func impossibleValues() {
        for channels: UInt32 in [0, 0xFFFF_FFFF] {
            let bytes = CAFFixture.file {
                $0.cafChunk(
                    "desc",
                    CAFFixture.description(rate: 44100, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: channels, bits: 16)
                )
                $0.cafChunk("data", CAFFixture.data(audioBytes: 4))
            }
            guard case .malformedChunk("desc", _, _)? = parseError(bytes) else {
                Issue.record("\(channels) channels: \(String(describing: parseError(bytes)))")
                continue
            }
        }
        for rate in [0, Double.nan, .infinity, -44100, Double.leastNonzeroMagnitude] {
            let bytes = CAFFixture.file {
                $0.cafChunk(
                    "desc", CAFFixture.description(rate: rate, format: "lpcm", bytesPerPacket: 2, framesPerPacket: 1, channels: 1, bits: 16)
                )
                $0.cafChunk("data", CAFFixture.data(audioBytes: 4))
            }
            guard case .malformedChunk("desc", _, _)? = parseError(bytes) else {
                Issue.record("rate \(rate): \(String(describing: parseError(bytes)))")
                continue
            }
        }
        // 80-bit infinity and a denormal in AIFF
        for head: [UInt8] in [[0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0], [0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 1]] {
            var common = AIFFFixture.common(channels: 1, frames: 4, sampleSize: 16, rate: 8000)
            common.replaceSubrange(8..<18, with: head)
            let bytes = AIFFFixture.file {
                $0.iffChunk("COMM", common)
                $0.iffChunk("SSND", AIFFFixture.sound(audioBytes: 8))
            }
            guard case .malformedChunk("COMM", _, _)? = parseError(bytes) else {
                Issue.record("80-bit rate \(head): \(String(describing: parseError(bytes)))")
                continue
            }
        }
        let zeroPacket = CAFFixture.file {
            $0.cafChunk(
                "desc", CAFFixture.description(rate: 44100, format: "aac ", bytesPerPacket: 0, framesPerPacket: 0, channels: 2, bits: 0))
            $0.cafChunk("data", CAFFixture.data(audioBytes: 100))
        }
        #expect((try? describe(zeroPacket))?.frameCount == nil)
    }

    @Test("random bytes after every magic never trap", arguments: ["FORM", "RIFF", "RIFX", "RF64", "caff"])
    func randomBodies(magic: String) {
        var generator = SeededGenerator(seed: UInt64(magic.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for length in stride(from: 0, to: 600, by: 3) {
            var bytes = Array(magic.utf8) + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if bytes.count >= 12, magic != "caff" { bytes.replaceSubrange(8..<12, with: Array((magic == "FORM" ? "AIFC" : "WAVE").utf8)) }
            _ = parseQuickly(bytes)
        }
    }
}

/// A file that shrinks while it is read: its size was taken at open, its bytes end earlier.
struct ShrinkingSource: ByteSource {
    let bytes: [UInt8]
    let count: UInt64
    func read(at offset: UInt64, length: Int) throws(ParseError) -> ArraySlice<UInt8> {
        try MemoryByteSource(bytes).read(at: offset, length: length)
    }
}

extension HostileInputTests {
    @Test("a file that shrinks inside its headers while they are read gives a truncation error, never a crash")
    func shrinkingFile() {
        // The last header ends at byte 128; a file cut after it still has whole headers (and the
        // audio is never read during validation), so only cuts inside the headers are errors.
        let whole = CAFFixture.afconvertIMA4(channels: 1, validFrames: 1000)
        #expect(whole.count == 132 + 16 * 34)
        for kept in [8, 60, 100, 124] {
            let source = ShrinkingSource(bytes: Array(whole.prefix(kept)), count: UInt64(whole.count))
            do {
                let description = try AudioFileParser.describe(source)
                Issue.record("kept \(kept): parsed \(description)")
            } catch {
                if case .truncated = error { continue }
                Issue.record("kept \(kept): \(error)")
            }
        }
    }
}

/// A small deterministic generator (xorshift64*), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed | 1
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}
