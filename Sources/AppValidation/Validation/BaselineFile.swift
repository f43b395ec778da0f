import AppContents
import SoundContainers
import SoundPolicy

/// A baseline's file, version 1 (docs/ci.md "Baselines"): JSON, one finding key a line, sorted,
/// so that a change to it reads well in a diff:
///
///     {
///       "format": "soundcheck-baseline",
///       "version": 1,
///       "findings": [
///         {"file":"App/Notify.swift","code":"unknown-sound-name","name":"chime.caf","count":1},
///         {"file":"App/Sounds/long.caf","code":"too-long","count":1}
///       ]
///     }
///
/// `file` is relative to the baseline's folder; `name` is there for a finding on code (the sound
/// name it asks for); `count` is how many findings of that key it accepts. A reader refuses a
/// newer version, an unknown code and anything else it does not expect, naming the file.
package enum BaselineFile {
    /// The `format` every baseline names.
    package static let format = "soundcheck-baseline"
    /// The version written, and the newest read.
    package static let version = 1
    /// A baseline larger than this is refused (a key is under 200 bytes: this is half a million).
    package static let sizeLimit = 64 << 20

    /// The baseline at `path`.
    /// - Throws: `UsageFailure` naming the file when it is missing, unreadable or not a baseline.
    package static func read(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        do throws(FileReadFailure) {
            bytes = try readWholeFile(atPath: path, limit: sizeLimit)
        } catch {
            guard FileIdentity.of(path) != nil else {
                throw UsageFailure(message: "\(path): no such baseline file (write one with --write-baseline \(path))")
            }
            throw UsageFailure(message: "\(path): the baseline cannot be read: \(error.reason)")
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(bytes)
        } catch {
            throw invalid(path, "not JSON: \(error)")
        }
        guard case .object(let object) = value, object["format"] == .string(format) else {
            throw invalid(path, "not a soundcheck baseline (no \"format\": \"\(format)\")")
        }
        guard case .number(let number)? = object["version"], let fileVersion = Int(exactly: number), fileVersion >= 1 else {
            throw invalid(path, "\"version\" is not a version number")
        }
        guard fileVersion <= version else {
            throw invalid(path, "version \(fileVersion) is newer than this soundcheck reads (\(version)): update soundcheck")
        }
        guard case .array(let entries)? = object["findings"] else { throw invalid(path, "\"findings\" is not a list") }
        var baseline = Baseline(at: path)
        for (index, entry) in entries.enumerated() {
            let place = "findings[\(index)]"
            guard case .object(let fields) = entry else { throw invalid(path, "\(place) is not an object") }
            guard case .string(let file)? = fields["file"], !file.isEmpty else { throw invalid(path, "\(place) has no \"file\"") }
            guard case .string(let codeName)? = fields["code"] else { throw invalid(path, "\(place) has no \"code\"") }
            guard let code = FindingCode(rawValue: codeName) else {
                throw invalid(path, "\(place): '\(codeName)' is no finding code (soundcheck codes lists them)")
            }
            var name: String?
            switch fields["name"] {
            case nil, .null?: name = nil
            case .string(let text)?: name = text
            default: throw invalid(path, "\(place): \"name\" is not a string")
            }
            var count = 1
            if let field = fields["count"] {
                guard case .number(let number) = field, let whole = Int(exactly: number), whole >= 1 else {
                    throw invalid(path, "\(place): \"count\" is not a whole number of at least 1")
                }
                count = whole
            }
            baseline.counts[Baseline.Key(file: normalizedPath(file), code: code, name: name), default: 0] += count
        }
        return baseline
    }

    private static func invalid(_ path: String, _ problem: String) -> UsageFailure {
        UsageFailure(message: "\(path): invalid baseline: \(problem)")
    }
}
