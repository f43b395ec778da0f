#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds MPEG audio the way ffmpeg's probe does: not only at the first byte, but past leading
/// junk or zero padding, by a run of consecutive valid frame headers, each found where the one
/// before it says the next frame starts.
enum MPEGFrameScan {
    /// Bytes searched for the first frame.
    static let searchLength = 16 * 1024
    /// Consecutive frames that make a run (fewer when the file ends after them).
    static let framesInRun = 3

    /// One frame header's facts.
    struct FrameHeader: Equatable {
        /// MPEG audio layer: 1, 2 or 3.
        var layer: Int
        /// 0 for MPEG-1, 1 for MPEG-2, 2 for MPEG-2.5.
        var version: Int
        /// Frames per second.
        var sampleRate: Int
        /// Bytes in the whole frame, header included.
        var length: Int

        /// MPEG-1 sample rates; MPEG-2 halves them, MPEG-2.5 quarters them.
        private static let sampleRates = [44100, 48000, 32000]
        /// Bit rates in kbit/s by index, for MPEG-1 layers I, II and III.
        private static let mpeg1Kilobits = [
            [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
            [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
            [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        ]
        /// Bit rates in kbit/s by index, for MPEG-2 and 2.5 layer I, and layers II and III.
        private static let mpeg2Kilobits = [
            [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
            [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
        ]

        /// The header at the start of `bytes`, when it is a valid one (free-format bit rates,
        /// reserved versions, layers and rates are not).
        init?(_ bytes: ArraySlice<UInt8>) {
            guard bytes.count >= 4 else { return nil }
            let b1 = bytes[bytes.startIndex + 1]
            let b2 = bytes[bytes.startIndex + 2]
            guard bytes[bytes.startIndex] == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
            let versionBits = Int((b1 >> 3) & 0x03)
            let layerBits = Int((b1 >> 1) & 0x03)
            let bitrateIndex = Int(b2 >> 4)
            let rateIndex = Int((b2 >> 2) & 0x03)
            guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
            version = versionBits == 3 ? 0 : (versionBits == 2 ? 1 : 2)
            layer = 4 - layerBits
            sampleRate = Self.sampleRates[rateIndex] >> version
            let table = version == 0 ? Self.mpeg1Kilobits[layer - 1] : Self.mpeg2Kilobits[layer == 1 ? 0 : 1]
            let bitsPerSecond = table[bitrateIndex] * 1000
            let padding = Int((b2 >> 1) & 0x01)
            switch layer {
            case 1: length = (12 * bitsPerSecond / sampleRate + padding) * 4
            case 3 where version != 0: length = 72 * bitsPerSecond / sampleRate + padding
            default: length = 144 * bitsPerSecond / sampleRate + padding
            }
        }
    }

    /// The offset and layer of the first MPEG audio within `searchLength` bytes of `start`: a
    /// valid frame header right at `start` (a file's first byte, or just after its tag), else the
    /// first run of consecutive frames after it; nil when there is neither. `alreadyRead` is the
    /// file's start as the caller holds it: those bytes are not read again.
    static func firstRun(
        in source: any ByteSource, from start: UInt64, alreadyRead: ArraySlice<UInt8>
    ) throws(ParseError) -> (offset: UInt64, layer: Int)? {
        let wanted = searchLength + 4
        // The bytes already read first, in place: most MPEG files start with a frame there, and
        // then the rest of the window is neither read nor copied.
        var window = start < UInt64(alreadyRead.count) ? alreadyRead.dropFirst(Int(start)).prefix(wanted) : []
        var scanned = 0
        while true {
            if let found = try firstRun(in: window, from: scanned, start: start, source: source) { return found }
            let next = start + UInt64(window.count)
            guard window.count < wanted, next < source.count else { return nil }
            scanned = max(0, window.count - 3)
            window += try source.read(at: next, length: wanted - window.count)
        }
    }

    /// The first run whose first header starts at or after offset `from` in `window` (within
    /// `searchLength`, with three bytes after it), tried as each 0xFF byte is found with `memchr`.
    private static func firstRun(
        in window: ArraySlice<UInt8>, from: Int, start: UInt64, source: any ByteSource
    ) throws(ParseError) -> (offset: UInt64, layer: Int)? {
        let end = min(window.count - 3, searchLength)
        var index = from
        while index < end {
            let found = window.withUnsafeBytes { raw -> Int? in
                memchr(raw.baseAddress! + index, 0xFF, end - index).map { raw.baseAddress!.distance(to: UnsafeRawPointer($0)) }
            }
            guard let candidate = found else { return nil }
            index = candidate + 1
            let header = window.startIndex + candidate
            guard window[header + 1] & 0xE0 == 0xE0, let first = FrameHeader(window[header...]) else { continue }
            let offset = start + UInt64(candidate)
            if candidate == 0 { return (offset, first.layer) }
            if try isRun(from: offset, first, in: source) { return (offset, first.layer) }
        }
        return nil
    }

    /// True when the frames after `first` (at `offset`) follow it with the same version, layer
    /// and rate, `framesInRun` in all or up to the end of the file.
    private static func isRun(from offset: UInt64, _ first: FrameHeader, in source: any ByteSource) throws(ParseError) -> Bool {
        var position = offset + UInt64(first.length)
        for _ in 1..<framesInRun {
            if position >= source.count { return position == source.count }
            guard let next = FrameHeader(try source.read(at: position, length: 4)), next.layer == first.layer,
                next.version == first.version, next.sampleRate == first.sampleRate
            else { return false }
            position += UInt64(next.length)
        }
        return true
    }
}
