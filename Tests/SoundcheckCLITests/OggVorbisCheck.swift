import Foundation
import TestSupport

/// An Ogg Vorbis file checked against independent readers: ffprobe must see one Vorbis stream in
/// Ogg starting at 0 and lasting as long as the source (both from the granule positions); ffmpeg's
/// decode and libvorbisfile's (through sox, which applies the granule positions: the start's trim
/// and the last page's length) must both start at the source's first sample and hold exactly the
/// source's frames.
enum OggVorbisCheck {
    /// What is wrong with `ogg` as the encoding of `source` (a file at the same rate); empty when nothing.
    static func problems(_ ogg: String, source: String) -> [String] {
        var problems: [String] = []
        let probe = ExternalTools.run([
            "ffprobe", "-v", "error", "-show_entries", "stream=codec_name,start_time,duration,sample_rate:format=format_name", "-of",
            "default=nw=1", ogg,
        ]).map { String(decoding: $0, as: UTF8.self) }
        guard let probe else { return ["ffprobe cannot read it"] }
        for expected in ["codec_name=vorbis", "format_name=ogg", "start_time=0.000000"] where !probe.contains(expected) {
            problems.append("ffprobe: no \(expected) in \(probe.split(separator: "\n"))")
        }
        guard let reference = ConversionAlignmentTests.mono(source) else { return problems + ["ffmpeg cannot decode the source"] }
        let fields = Dictionary(probe.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.filter { $0.count == 2 }.map { ($0[0], $0[1]) }) { a, _ in a }
        if let rate = fields["sample_rate"].flatMap(Double.init), let duration = fields["duration"].flatMap(Double.init),
            abs(duration - Double(reference.count) / rate) > 1 / rate
        {
            problems.append("ffprobe: \(duration) s, the source \(Double(reference.count) / rate) s")
        }
        let decodes: [(String, [Float]?)] = [("ffmpeg", ConversionAlignmentTests.mono(ogg)), ("libvorbisfile (sox)", soxMono(ogg))]
        for (reader, decoded) in decodes {
            guard let decoded, !decoded.isEmpty else {
                problems.append("\(reader) cannot decode it")
                continue
            }
            let found = ConversionAlignmentTests.offset(of: decoded, in: reference, lags: -2400...2400)
            // A steady tone matches itself a whole number of periods away: there, starting at the
            // first sample must match as well as the best lag does.
            let atZero = ConversionAlignmentTests.correlate(decoded, reference, lags: [-1, 0, 1], window: 4096)
            if abs(found.lag) > 1, found.correlation - atZero.correlation > 0.01 {
                problems.append("\(reader): starts \(found.lag) samples off the source (correlation \(found.correlation), at 0 \(atZero.correlation))")
            }
            if found.correlation < 0.9 { problems.append("\(reader): correlation \(found.correlation)") }
            if decoded.count != reference.count {
                problems.append("\(reader): \(decoded.count) frames, the source \(reference.count)")
            }
        }
        return problems
    }

    /// The mono mix of the file as sox (libvorbisfile, for Ogg Vorbis) decodes it.
    static func soxMono(_ path: String) -> [Float]? {
        guard let data = ExternalTools.run(["sox", path, "-t", "f32", "-e", "floating-point", "--endian", "little", "-c", "1", "-"]) else {
            return nil
        }
        return data.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    /// The pages of an Ogg stream: where each starts and its granule position.
    static func pages(_ bytes: [UInt8]) -> [(offset: Int, granule: Int64)] {
        var pages: [(Int, Int64)] = []
        var offset = 0
        while offset + 27 <= bytes.count, bytes[offset..<(offset + 4)].elementsEqual("OggS".utf8) {
            let segments = Int(bytes[offset + 26])
            let size = bytes[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
            let granule = (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[offset + 6 + $1]) << (8 * Int64($1)) }
            pages.append((offset, granule))
            offset += 27 + segments + size
        }
        return pages
    }

    /// `bytes` with `delta` added to the granule position of the page at `offset`, its CRC written again.
    static func shiftingGranule(of bytes: [UInt8], pageAt offset: Int, by delta: Int64) -> [UInt8] {
        var bytes = bytes
        let granule = (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[offset + 6 + $1]) << (8 * Int64($1)) } + delta
        for index in 0..<8 { bytes[offset + 6 + index] = UInt8(truncatingIfNeeded: granule >> (8 * Int64(index))) }
        let segments = Int(bytes[offset + 26])
        let end = offset + 27 + segments + bytes[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
        for index in 22..<26 { bytes[offset + index] = 0 }
        // Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, starting at 0, over the page with its CRC field zeroed.
        var crc: UInt32 = 0
        for byte in bytes[offset..<end] {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        }
        for index in 0..<4 { bytes[offset + 22 + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
        return bytes
    }
}
