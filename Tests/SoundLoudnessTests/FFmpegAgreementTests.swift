import Foundation
import SoundConverter
import SoundLoudness
import TestSupport
import Testing

/// Agreement with FFmpeg's `ebur128` filter (`-af ebur128=peak=true`), an independent BS.1770
/// implementation, on the real notification sounds of ../shared/corpus/real and on Samples/:
/// integrated loudness within 0.1 LU and true peak within 0.2 dB on every file FFmpeg decodes the
/// same. The files outside the bound are listed below with the reason, and the test measures the
/// reason rather than trusting it.
@Suite("Loudness agreement with FFmpeg's ebur128")
struct FFmpegAgreementTests {
    /// Why a file's figures differ from FFmpeg's, each checked by a measurement.
    enum Difference: Sendable {
        /// FFmpeg decodes other samples than soundcheck (a header it reads otherwise, a packet
        /// table it ignores): the meter, given FFmpeg's own decode, agrees with `ebur128`.
        case ffmpegDecodesOtherSamples(String)
        /// The true peak falls in the last few milliseconds, which FFmpeg's `ebur128` never sees: it
        /// upsamples through libswresample and does not flush it at the end. With a second of
        /// silence after the sound (`apad`), FFmpeg's true peak agrees.
        case peakInResamplerTail
    }

    /// The FFmpeg release the list below was measured with. With another release (Homebrew's on
    /// the macOS workflow) a listed file may agree outright, so a listed file that agrees is a
    /// stale entry only under this release.
    static let measuredWithRelease = "5.1"

    /// Whether the installed ffmpeg is `measuredWithRelease` ("ffmpeg version 5.1.9-0+deb12u1 …").
    static let isMeasuredRelease: Bool = {
        let banner = ExternalTools.run(["ffmpeg", "-version"]).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return banner.hasPrefix("ffmpeg version \(measuredWithRelease).") || banner.hasPrefix("ffmpeg version n\(measuredWithRelease).")
    }()

    /// The files outside the bound, by name, and why (measured on FFmpeg 5.1, Debian 12).
    static let differences: [String: Difference] = [
        // AAC in CAF: soundcheck drops the 2,112 priming frames the packet table declares; the
        // ffmpeg command line keeps them, so its 400 ms blocks fall 48 ms later (I −6.36 vs −6.73).
        "bark__alarm@b681484.caf": .ffmpegDecodesOtherSamples("keeps the AAC priming frames the CAF packet table drops"),
        // A WAV whose header declares 1.48 s and holds 8 samples of −1.0 (unsigned 8-bit 0x00):
        // too short for FFmpeg's resampler to give anything out (−∞ dBTP; 1.1 dBTP with silence after).
        "hound__nonstandard-02.wav": .peakInResamplerTail,
        // Four float samples far beyond full scale (+84 dBFS): too short for FFmpeg's resampler to
        // output anything, so its true peak reads −∞.
        "hound__waveformatextensible-ieeefloat-44100Hz-mono.wav": .peakInResamplerTail,
        // 8 kHz ringback tone whose loudest stretch ends the file (−13.6 vs −13.9 dBTP).
        "linphone__ringback.wav": .peakInResamplerTail,
        // 50 ms of RF64 whose peak is in the last samples (−21.9 vs −22.1 dBTP).
        "taglib__rf64.wav": .peakInResamplerTail,
        // A tone cut off at −6 dBFS by the end of the file: the overshoot of that edge is in the
        // last samples (−5.0 dBTP; FFmpeg −5.9, and −5.0 with silence after).
        "aifc-ima4-stereo-44100-libsndfile.aifc": .peakInResamplerTail,
        // Big-endian RIFX: FFmpeg reads the samples as little-endian.
        "rifx-BEI16-mono-22050.wav": .ffmpegDecodesOtherSamples("reads RIFX's big-endian samples as little-endian"),
        // Zero sizes of a streamed AIFF: FFmpeg decodes nothing.
        "aiff-streamed-zero-sizes.aiff": .ffmpegDecodesOtherSamples("decodes no frame of a streamed AIFF's zero sizes"),
    ]

    /// Every sound of the real corpus and of Samples/valid and Samples/invalid.
    static let files: [String] = {
        func sounds(in folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { !$0.hasSuffix(".tsv") && !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
        }
        return sounds(in: TestPaths.realCorpus) + sounds(in: TestPaths.samples + "/valid") + sounds(in: TestPaths.samples + "/invalid")
    }()

    static let ffmpegAvailable = ExternalTools.run(["ffmpeg", "-version"]) != nil

    @Test(
        "the real corpus is there",
        .enabled(
            if: TestPaths.exists(TestPaths.realCorpus) || TestPaths.requiresSharedCorpus,
            Comment(rawValue: TestPaths.absenceNote(TestPaths.realCorpus))))
    func corpusPresent() {
        #expect(Self.files.filter { $0.hasPrefix(TestPaths.realCorpus) }.count == 53)
    }

    @Test(
        "integrated loudness within 0.1 LU and true peak within 0.2 dB of ffmpeg's ebur128",
        .enabled(if: ffmpegAvailable, "ffmpeg is not installed"), arguments: files)
    func agreesWithFFmpeg(_ path: String) throws {
        let name = String(path.split(separator: "/").last ?? "")
        let ours = try? measureLoudness(ofFileAt: path)
        let theirs = try FFmpegLoudness(path: path)
        guard let ours else {
            // Neither can decode it (an empty file, text, a header cut short): nothing to compare.
            #expect(theirs.integrated == nil && theirs.truePeak == nil, "\(name): ffmpeg measures what soundcheck cannot decode")
            return
        }
        let agrees = Self.agrees(ours, theirs)
        switch Self.differences[name] {
        case nil:
            #expect(
                agrees.loudness,
                "\(name): I \(String(describing: ours.integratedLoudness)) vs ffmpeg \(String(describing: theirs.integrated))")
            #expect(agrees.truePeak, "\(name): true peak \(ours.truePeak) vs ffmpeg \(String(describing: theirs.truePeak))")
        case _? where agrees.loudness && agrees.truePeak && !Self.isMeasuredRelease:
            return  // this FFmpeg release reads it as soundcheck does
        case .ffmpegDecodesOtherSamples(let how)?:
            #expect(!(agrees.loudness && agrees.truePeak), "\(name) is listed (\(how)) but agrees: take it off the list")
            let decoded = try Self.ffmpegDecode(path)
            defer { try? FileManager.default.removeItem(atPath: decoded) }
            let onTheirSamples = try? measureLoudness(ofFileAt: decoded)
            #expect(onTheirSamples.map { Self.differ($0, ours) } ?? true, "\(name): ffmpeg decodes the same samples")
            if let onTheirSamples {
                // The true peak against FFmpeg's with silence after, lest its resampler's tail hide it.
                let padded = try FFmpegLoudness(path: path, paddedWithSilence: true)
                #expect(Self.agrees(onTheirSamples, theirs).loudness, "\(name): on ffmpeg's own decode the loudness still disagrees")
                #expect(
                    Self.within(onTheirSamples.truePeak, padded.truePeak, 0.2),
                    "\(name): on ffmpeg's own decode the true peak still disagrees")
            } else {
                #expect(theirs.integrated == nil, "\(name): ffmpeg's decode is empty but it measures a loudness")
            }
        case .peakInResamplerTail?:
            #expect(
                agrees.loudness,
                "\(name): I \(String(describing: ours.integratedLoudness)) vs ffmpeg \(String(describing: theirs.integrated))")
            #expect(!agrees.truePeak, "\(name) is listed but its true peak agrees: take it off the list")
            let padded = try FFmpegLoudness(path: path, paddedWithSilence: true)
            #expect(
                Self.within(ours.truePeak, padded.truePeak, 0.2),
                "\(name): true peak \(ours.truePeak) vs ffmpeg with silence after \(String(describing: padded.truePeak))")
        }
    }

    /// Whether two measurements agree within the bounds: a missing integrated loudness (no block
    /// passed the gate) matches FFmpeg's −70.0 or its silence.
    static func agrees(_ ours: LoudnessMeasurement, _ theirs: FFmpegLoudness) -> (loudness: Bool, truePeak: Bool) {
        let loudness =
            switch (ours.integratedLoudness, theirs.integrated) {
            case (nil, nil): true
            case (nil, let other?): other <= -69.95
            case (let value?, let other?): abs(value - other) <= 0.1
            case (.some, nil): false
            }
        return (loudness, within(ours.truePeak, theirs.truePeak, 0.2))
    }

    /// The same comparison between two of our own measurements.
    static func agrees(_ first: LoudnessMeasurement, _ second: LoudnessMeasurement) -> (loudness: Bool, truePeak: Bool) {
        agrees(first, FFmpegLoudness(integrated: second.integratedLoudness, truePeak: second.truePeak))
    }

    /// Whether two measurements come from different samples: another length, or another loudness,
    /// true peak or sample peak.
    static func differ(_ first: LoudnessMeasurement, _ second: LoudnessMeasurement) -> Bool {
        let same = agrees(first, second)
        return first.frameCount != second.frameCount || !same.loudness || !same.truePeak
            || !within(first.samplePeak, second.samplePeak, 0.01)
    }

    /// Two levels in dB within `bound`, −∞ (or nothing) matching −∞.
    static func within(_ ours: Double, _ theirs: Double?, _ bound: Double) -> Bool {
        guard let theirs, theirs.isFinite else { return !ours.isFinite }
        return abs(ours - theirs) <= bound
    }

    /// FFmpeg's decode of `path` as a 32-bit float WAV in a temporary file (its own rate and channels).
    static func ffmpegDecode(_ path: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("loudness-\(UUID().uuidString).wav").path
        _ = ExternalTools.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", path, "-c:a", "pcm_f32le", "-f", "wav", output])
        return output
    }
}

/// What FFmpeg's `ebur128` filter says of a file: the integrated loudness to 0.001 LU (from the
/// filter's metadata, the summary rounds to 0.1) and the true peak of its summary.
struct FFmpegLoudness {
    /// LUFS; nil when FFmpeg measured no 100 ms step (it cannot decode the file, or it is shorter).
    var integrated: Double?
    /// dBTP (the summary's "Peak", to 0.1 dB); −∞ for silence, nil when FFmpeg printed none.
    var truePeak: Double?

    init(integrated: Double?, truePeak: Double?) {
        self.integrated = integrated
        self.truePeak = truePeak
    }

    /// Runs `ffmpeg -af ebur128=peak=true` on `path`; with `paddedWithSilence`, after `apad`
    /// (a second of silence, which lets the upsampler give out the sound's last samples).
    init(path: String, paddedWithSilence: Bool = false) throws {
        let filter = (paddedWithSilence ? "apad=pad_dur=1," : "") + "ebur128=peak=true:metadata=1,ametadata=mode=print:file=-"
        let run = try ExternalTools.runCapturing([
            "ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-i", path, "-af", filter, "-f", "null", "-",
        ])
        var integrated: Double?
        var truePeak: Double?
        for line in run.output.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("lavfi.r128.I=") {
                integrated = Double(text.dropFirst("lavfi.r128.I=".count))
            } else if text.hasPrefix("Peak:") {
                let figure = text.dropFirst("Peak:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
                truePeak = figure == "-inf" ? -.infinity : Double(figure)
            }
        }
        self.integrated = integrated
        self.truePeak = truePeak
    }
}
