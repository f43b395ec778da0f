import SoundPolicy

extension Remedy {
    /// The remedy as a shell command a user can paste, or the advice in words.
    var commandLine: String {
        switch self {
        case .convert(let path, let maxDuration, let forBothPlatforms):
            // Joined, not interpolated: this runs for every failing file of a report.
            let limit = maxDuration == Policy.appleMaxDuration ? "" : "--max-duration " + formatLimit(maxDuration).dropLast(2) + " "
            return "soundcheck fix " + (forBothPlatforms ? "--platform all " : "") + limit + shellQuoted(path)
        case .rename(let path, let newPath):
            return "mv \(shellQuoted(path)) \(shellQuoted(newPath))  # and use the new name in the app"
        case .makeReadable(let path):
            return "chmod a+r \(shellQuoted(path))"
        case .normalizeLoudness(let path, let target):
            return "soundcheck fix --loudness \(formatLevel(target)) \(shellQuoted(path))"
        case .trimSilence(let path):
            return "soundcheck fix --trim-silence \(shellQuoted(path))"
        case .advice(let text):
            return text
        }
    }
}
