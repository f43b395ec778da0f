import AppArchive
import SoundContainers
import SoundPolicy
import SoundResolver

/// The raw resources of a built Android app (`.apk`, `.aab`) for `resolve --apk`: each entry's
/// header read once, then resolved as files on disk are (findings carry no fix: the file to fix
/// is not in the archive).
package enum ArchivedRawResources {
    /// A resolver over the raw resources of the archive at `path` (the base module's first, in an `.aab`).
    /// - Throws: `UsageFailure` when the archive cannot be read or holds no Android app;
    ///   `ToolFailure` when the zip reader cannot be loaded.
    package static func resolver(for path: String) throws -> AndroidSoundResolver {
        do throws(ArchiveError) {
            let archive = try ZipArchive(path: path)
            // The base module's resources first, then the feature modules', in name order.
            let sounds = try AndroidArchiveSounds(of: archive).sounds.sorted {
                ($0.module == "base" ? 0 : 1, $0.entry.name) < ($1.module == "base" ? 0 : 1, $1.entry.name)
            }
            var resources: [String: String] = [:]
            var headers: [String: Result<AudioDescription, ParseError>] = [:]
            for sound in sounds {
                let name = String(Policy.androidResourceName(ofFile: fileName(of: sound.entry.name)))
                let shown = joiningPath(path, sound.entry.name)
                guard resources[name] == nil else { continue }
                resources[name] = shown
                headers[shown] = Result { () throws(ParseError) in try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive)) }
            }
            let described = headers
            let policy = Policy()
            // No fix on a finding: the file to fix is the one the archive was built from.
            return AndroidSoundResolver(resources: resources, policy: policy) { path in
                ArchiveCheck.withoutFixes(
                    policy.verdict(for: described[path] ?? .failure(.unreadable(reason: "not in the archive")), path: path, platform: .android))
            }
        } catch {
            if case .readerMissing = error { throw ToolFailure(message: error.description) }
            throw UsageFailure(message: error.description)
        }
    }
}
