/// What fixes a finding, as a value: the action and the file it applies to. A library user gets
/// this; the `soundcheck` CLI spells it as a command line.
public enum Remedy: Equatable, Sendable {
    /// Convert the file into one that passes and lasts under `maxDuration` seconds
    /// (`soundcheck fix`). For a sound that ships to Android too (`forBothPlatforms`), into one
    /// that both play: 16-bit WAV (`soundcheck fix --platform all`), where Apple's alone would be
    /// an IMA4 CAF, which Android does not play.
    case convert(path: String, maxDuration: Double, forBothPlatforms: Bool = false)
    /// Rename the file to `newPath`, and use the new name in the app.
    case rename(path: String, newPath: String)
    /// Let the file be read.
    case makeReadable(path: String)
    /// Bring the file's integrated loudness to `target` LUFS, under a true-peak ceiling of -1 dBTP
    /// (`soundcheck fix --loudness TARGET`).
    case normalizeLoudness(path: String, target: Double)
    /// Remove the file's leading silence down to 10 ms before its first audible sample, and its
    /// trailing silence (`soundcheck fix --trim-silence`).
    case trimSilence(path: String)
    /// An action only a person can take (export the sound again, rename one of two files, …).
    case advice(String)
}

extension Remedy {
    /// This remedy for a file that ships to Android too: a conversion then makes what both
    /// platforms play; any other remedy is the same.
    public var forBothPlatforms: Remedy {
        guard case .convert(let path, let maxDuration, _) = self else { return self }
        return .convert(path: path, maxDuration: maxDuration, forBothPlatforms: true)
    }
}

extension Finding {
    /// This finding about a file that ships to Android too: its fix, if a conversion, makes what
    /// both platforms play (`Remedy.forBothPlatforms`).
    public var forBothPlatforms: Finding {
        var finding = self
        finding.fix = fix?.forBothPlatforms
        return finding
    }
}
