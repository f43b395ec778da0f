import SoundConverter
import SoundLoudness
import SoundPolicy

/// What `info` says of a sound's loudness (ITU-R BS.1770-4), peaks and silence: the measurement of
/// the whole decoded file, or why there is none. `info` measures every file it can decode,
/// including the formats `validate` refuses (MP3, AAC, FLAC, …); a file it cannot decode still gets
/// its description and verdict, with the reason in place of the figures.
struct SoundLoudnessFacts {
    /// The measurement, or the error that stopped it.
    let result: Result<LoudnessMeasurement, ConversionError>

    /// Decodes and measures the file at `path`.
    init(path: String) {
        result = Result { () throws(ConversionError) in try measureLoudness(ofFileAt: path) }
    }

    /// The rows `info`'s text shows: loudness, true peak, silence (or one row saying why not).
    var textRows: [(String, String)] {
        switch result {
        case .failure(let error):
            return [("loudness", "not measured: \(error)")]
        case .success(let measurement):
            let loudness =
                measurement.integratedLoudness.map {
                    "\(Self.tenths($0)) LUFS integrated, \(Self.tenths(measurement.loudnessRange)) LU range"
                }
                ?? (measurement.isSilent
                    ? "none: silent" : measurement.duration < 0.4 ? "none: shorter than one 400 ms block" : "none: below -70 LUFS")
            var peak =
                measurement.truePeak.isFinite
                ? "\(Self.tenths(measurement.truePeak)) dBTP (sample peak \(Self.tenths(measurement.samplePeak)) dBFS)"
                : "none: digital silence"
            if measurement.fullScaleRuns > 0 {
                peak += ", \(measurement.fullScaleRuns) run\(measurement.fullScaleRuns == 1 ? "" : "s") of full-scale samples"
            }
            let silence =
                measurement.isSilent
                ? "silent throughout (no sample above \(Int(LoudnessThresholds.silenceDBFS)) dBFS)"
                : "\(formatSeconds(measurement.leadingSilence)) leading, \(formatSeconds(measurement.trailingSilence)) trailing"
            return [("loudness", loudness), ("true peak", peak), ("silence", silence)]
        }
    }

    /// `info --format json`'s keys: `loudness`, an object of the figures (null when the file could
    /// not be measured; a figure that does not exist, such as the true peak of digital silence, is
    /// null), and `loudnessError`, why it could not (null when it could).
    func writeJSON(into json: inout JSONWriter) {
        json.key("loudness")
        switch result {
        case .failure:
            json.null()
        case .success(let measurement):
            json.beginObject()
            json.key("integrated")
            json.number(measurement.integratedLoudness.map(Self.hundredths))
            json.key("range")
            json.number(Self.hundredths(measurement.loudnessRange))
            json.key("truePeak")
            json.number(Self.hundredths(measurement.truePeak))
            json.key("samplePeak")
            json.number(Self.hundredths(measurement.samplePeak))
            json.key("leadingSilence")
            json.number(Self.milliseconds(measurement.leadingSilence))
            json.key("trailingSilence")
            json.number(Self.milliseconds(measurement.trailingSilence))
            json.key("silent")
            json.bool(measurement.isSilent)
            json.key("fullScaleRuns")
            json.integer(measurement.fullScaleRuns)
            json.endObject()
        }
        json.key("loudnessError")
        if case .failure(let error) = result { json.string(error.description) } else { json.null() }
    }

    /// A level to one decimal, as meters show it: "-23.0", "0.0", "+1.2" is written "1.2".
    static func tenths(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// A level rounded to 0.01 for JSON (infinite stays infinite, and JSON writes it null).
    static func hundredths(_ value: Double) -> Double {
        value.isFinite ? (value * 100).rounded() / 100 : value
    }

    /// Seconds rounded to the millisecond.
    static func milliseconds(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
