import Foundation
import SoundContainers
import Testing
import TestSupport

/// Every conversion of a real failing sound starts and ends where it should, to the sample:
/// soundcheck's output (32-bit float, the input's rate and channels, no cut) is aligned with
/// ffmpeg's gapless decode of the input by cross-correlation, and the offset is reported in
/// samples. ffmpeg ignores a CAF packet table's priming and remainder frames; for those files the
/// reference is the header: the output must start `priming` frames into ffmpeg's decode and
/// hold exactly the table's valid frames.
@Suite("Conversions start and end where ffmpeg's gapless decode (or the CAF header) says")
struct ConversionAlignmentTests {
    static let corpus = FixRealCorpusTests.corpus

    /// The mono mix of a file as ffmpeg decodes it.
    static func mono(_ path: String) -> [Float]? {
        guard let probe = ExternalTools.run(["ffprobe", "-v", "error", "-show_entries", "stream=channels", "-of", "csv=p=0", path]),
            let channels = Int(String(decoding: probe, as: UTF8.self).split(separator: "\n").first ?? ""), channels > 0,
            let samples = ExternalTools.ffmpegFloatSamples(path), !samples.isEmpty
        else { return nil }
        return samples.withUnsafeBufferPointer { interleaved in
            [Float](unsafeUninitializedCapacity: interleaved.count / channels) { mix, count in
                for frame in 0..<(interleaved.count / channels) {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
                    mix[frame] = sum / Float(channels)
                }
                count = interleaved.count / channels
            }
        }
    }

    /// The offset, in samples, at which `ours` best matches `reference` (`ours[i]` ≈
    /// `reference[i + offset]`) within `lags`, with the normalized correlation there: every
    /// fourth lag over a short window, then every lag near the best over a long one.
    static func offset(of ours: [Float], in reference: [Float], lags: ClosedRange<Int>) -> (lag: Int, correlation: Double) {
        let coarse = correlate(ours, reference, lags: Array(stride(from: lags.lowerBound, through: lags.upperBound, by: 4)), window: 512)
        return correlate(ours, reference, lags: Array((coarse.lag - 6)...(coarse.lag + 6)), window: 4096)
    }

    /// The best of `lags` for `window` samples from where the reference first reaches a tenth of its peak.
    static func correlate(_ ours: [Float], _ reference: [Float], lags: [Int], window: Int) -> (lag: Int, correlation: Double) {
        let peak = reference.prefix(200_000).map(abs).max() ?? 0
        let onset = reference.firstIndex { abs($0) >= peak / 10 } ?? 0
        var best = (lag: 0, correlation: -Double.infinity)
        ours.withUnsafeBufferPointer { a in
            reference.withUnsafeBufferPointer { b in
                for lag in lags {
                    let start = max(0, onset - lag, -lag)
                    let end = min(start + window, a.count, b.count - lag)
                    guard end - start > window / 2 else { continue }
                    var dot = 0.0
                    var energyA = 0.0
                    var energyB = 0.0
                    for index in start..<end {
                        let x = Double(a[index])
                        let y = Double(b[index + lag])
                        dot += x * y
                        energyA += x * x
                        energyB += y * y
                    }
                    let correlation = energyA > 0 && energyB > 0 ? dot / (energyA * energyB).squareRoot() : 0
                    if correlation > best.correlation { best = (lag, correlation) }
                }
            }
        }
        return best
    }

    @Test(
        "a real failing sound that ffmpeg decodes: start within 1 sample of the reference, length within one packet",
        .enabled(if: ExternalTools.available && !FixRealCorpusTests.failing.isEmpty, "needs ffmpeg and ../shared/corpus/real"),
        arguments: FixRealCorpusTests.failing)
    func alignment(_ name: String) throws {
        let input = Self.corpus + "/" + name
        guard let reference = Self.mono(input) else {
            // The one ffmpeg cannot decode either is the damaged file `fix` refuses.
            #expect(name == "taglib__invalid-chunk.wav", "ffmpeg cannot decode \(name)")
            return
        }
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent(name + ".caf").path
        let converted = try Soundcheck.run(["convert", input, output, "-d", "LEF32", "--max-duration", "3600"])
        #expect(converted.status == 0, "\(name): \(converted.stderr)")
        let ours = try #require(Self.mono(output), "\(name): the output does not decode")
        let header = try? AudioFileParser.describeFile(atPath: input)
        // Where ffmpeg is wrong: it plays a CAF's priming and remainder frames as audio.
        let priming = Int(header?.packetTable?.primingFrames ?? 0)
        let packet = header?.packets?.framesPerPacket ?? (name.hasSuffix(".mp3") ? 1152 : 1024)
        let found = Self.offset(of: ours, in: reference, lags: (priming - 2400)...(priming + 2400))
        #expect(abs(found.lag - priming) <= 1, "\(name): starts \(found.lag - priming) samples off (correlation \(found.correlation))")
        #expect(found.correlation > 0.9, "\(name): correlation \(found.correlation) at lag \(found.lag)")
        if let valid = header?.packetTable?.validFrames, valid > 0, priming > 0 {
            #expect(Int64(ours.count) == (header?.frameCount ?? valid), "\(name): \(ours.count) frames; the header says \(valid)")
            #expect(reference.count >= ours.count + priming, "\(name): ffmpeg decodes the priming too")
        } else {
            #expect(abs(ours.count - reference.count) <= packet, "\(name): \(ours.count) frames, ffmpeg \(reference.count)")
        }
    }

    /// The three ways an MP3 says (or does not say) where its audio starts and ends.
    enum MP3Header: String, CaseIterable, Sendable {
        /// A Xing/Info frame with a LAME tag: encoder delay and padding (gapless).
        case lameTag = "LAME tag"
        /// A Xing/Info frame without the LAME extension (its 36 bytes zeroed): frame and byte
        /// counts, no encoder delay.
        case xingOnly = "Xing header only"
        /// No header frame at all.
        case none = "no header frame"
    }

    @Test(
        "an MP3 with a LAME tag, with a Xing header only, and with neither: start within 1 sample of ffmpeg's decode, length within a frame",
        .enabled(if: ExternalTools.available, "needs ffmpeg"), arguments: MP3Header.allCases)
    func mp3(_ header: MP3Header) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sharp start (pink noise) after silence, then a tone: something to align on.
        let source = folder.appendingPathComponent("source.wav").path
        let signal = "anoisesrc=d=0.05:c=pink:a=0.8:seed=7,apad=pad_dur=0.2[a];sine=f=660:d=0.3[b];[a][b]concat=n=2:v=0:a=1"
        #expect(ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono:d=0.1", "-f", "lavfi", "-i", signal,
            "-filter_complex", "[0][1]concat=n=2:v=0:a=1", "-ar", "44100", "-ac", "1", source]) != nil)
        let mp3 = folder.appendingPathComponent("sound.mp3").path
        let xing = header == .none ? ["-write_xing", "0"] : []
        #expect(ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", source, "-c:a", "libmp3lame", "-b:a", "128k"] + xing + [mp3]) != nil)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: mp3)))
        func first(_ text: String, from start: Int = 0) -> Int? { bytes[start...].firstRange(of: Array(text.utf8))?.lowerBound }
        let info = try #require(first("Info") ?? first("Xing")
            ?? (header == .none ? 0 : nil), "ffmpeg wrote no Xing/Info frame")
        if header == .none {
            #expect(first("Info") == nil && first("Xing") == nil)
        } else {
            let tag = try #require(first("Lav", from: info), "no LAME tag after the Info frame")
            #expect(tag - info < 200)
            if header == .xingOnly { bytes.replaceSubrange(tag..<(tag + 36), with: [UInt8](repeating: 0, count: 36)) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: mp3))
        let reference = try #require(Self.mono(mp3))
        let output = folder.appendingPathComponent("sound.caf").path
        let converted = try Soundcheck.run(["convert", mp3, output, "-d", "LEF32"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let ours = try #require(Self.mono(output))
        let found = Self.offset(of: ours, in: reference, lags: -2400...2400)
        #expect(abs(found.lag) <= 1, "\(header.rawValue): starts \(found.lag) samples off ffmpeg's decode (correlation \(found.correlation))")
        #expect(found.correlation > 0.9, "\(header.rawValue): correlation \(found.correlation)")
        #expect(abs(ours.count - reference.count) <= 1152, "\(header.rawValue): \(ours.count) frames, ffmpeg \(reference.count)")
        if header == .lameTag {
            // Gapless: the source's length, exactly.
            #expect(ours.count == 44_100 * 65 / 100, "\(ours.count) frames for 0.65 s")
        }
    }
}


/// Ogg Vorbis written by `convert`: every reader starts at the source's first sample and stops at
/// its last, and a file whose granule positions say otherwise is caught.
@Suite("Ogg Vorbis starts at the first sample and holds the source's frames")
struct OggVorbisAlignmentTests {
    /// A 2-second source at `rate` with `channels`: silence, a pink-noise burst, a tone; enough for several Ogg pages.
    static func source(in folder: URL, rate: Int, channels: Int) throws -> String {
        let path = folder.appendingPathComponent("source.wav").path
        let signal = "anoisesrc=d=0.05:c=pink:a=0.8:seed=7,apad=pad_dur=0.2[a];sine=f=660:d=1.65[b];[a][b]concat=n=2:v=0:a=1"
        let made = ExternalTools.run([
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=\(rate):cl=mono:d=0.1", "-f", "lavfi", "-i", signal,
            "-filter_complex", "[0][1]concat=n=2:v=0:a=1", "-ar", "\(rate)", "-ac", "\(channels)", "-c:a", "pcm_s16le", path,
        ])
        try #require(made != nil, "ffmpeg made no source")
        return path
    }

    @Test(
        "convert -f OGG: ffprobe sees Vorbis in Ogg from 0; ffmpeg and libvorbisfile start at the first sample; the length is the source's",
        .enabled(if: ExternalTools.available, "needs ffmpeg and sox"), arguments: [(44_100, 1), (22_050, 2), (8_000, 1)])
    func alignment(rate: Int, channels: Int) throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.source(in: folder, rate: rate, channels: channels)
        let output = folder.appendingPathComponent("sound.ogg").path
        let converted = try Soundcheck.run(["convert", source, output, "-f", "OGG"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout.contains("Ogg, vorbis"), "\(converted.stdout)")
        #expect(OggVorbisCheck.problems(output, source: source) == [])
    }

    @Test(
        "the check fails an Ogg whose granule positions are wrong: the first audio page's, the last's, or all of them (a wrong pre-skip), 500 samples either way",
        .enabled(if: ExternalTools.available, "needs ffmpeg and sox"))
    func wrongGranulePositionsFail() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.source(in: folder, rate: 44_100, channels: 1)
        let output = folder.appendingPathComponent("sound.ogg").path
        #expect(try Soundcheck.run(["convert", source, output]).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        let pages = OggVorbisCheck.pages(bytes)
        // The identification and the comment/setup headers have granule 0; then the audio.
        let audio = pages.filter { $0.granule > 0 }
        try #require(audio.count >= 2, "\(pages)")
        #expect(audio.last?.granule == 88_200, "the last page's granule position is the source's length")
        #expect(OggVorbisCheck.problems(output, source: source) == [])
        let wrongs: [(String, [Int], Int64)] = [
            ("the first audio page", [0], -500), ("the last page", [audio.count - 1], 500),
            ("every audio page", Array(audio.indices), -500), ("every audio page", Array(audio.indices), 500),
        ]
        for (what, indices, delta) in wrongs {
            let wrong = folder.appendingPathComponent("wrong.ogg").path
            let shifted = indices.reduce(bytes) { OggVorbisCheck.shiftingGranule(of: $0, pageAt: audio[$1].offset, by: delta) }
            try Data(shifted).write(to: URL(fileURLWithPath: wrong))
            #expect(OggVorbisCheck.problems(wrong, source: source) != [], "\(what), granule \(delta > 0 ? "+" : "")\(delta), passed")
        }
    }

    @Test(
        "a short sound in one audio page (ffmpeg's own libvorbis output) fails the check, as FFmpeg's reader misses its end; ours ends the first page early and passes",
        .enabled(if: ExternalTools.available, "needs ffmpeg and sox"))
    func singleAudioPage() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = TestPaths.samples + "/valid/aiff-BEI16-mono-22050.aiff"
        let theirs = folder.appendingPathComponent("ffmpeg.ogg").path
        #expect(ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", source, "-c:a", "libvorbis", theirs]) != nil)
        let theirPages = OggVorbisCheck.pages(try [UInt8](Data(contentsOf: URL(fileURLWithPath: theirs))))
        #expect(theirPages.filter { $0.granule > 0 }.count == 1, "\(theirPages)")
        #expect(OggVorbisCheck.problems(theirs, source: source).contains { $0.hasPrefix("ffmpeg: ") && $0.hasSuffix("the source 11025") })
        let ours = folder.appendingPathComponent("ours.ogg").path
        #expect(try Soundcheck.run(["convert", source, ours]).status == 0)
        #expect(OggVorbisCheck.problems(ours, source: source) == [])
    }
}
