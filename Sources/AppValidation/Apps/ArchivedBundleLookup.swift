import AppArchive
import SoundContainers
import SoundPolicy
import SoundResolver

/// `resolve --bundle App.ipa`: the bundle root searched inside the archive, in place. The
/// resolver searches the folders on disk first; a name none of them holds is looked for at the
/// archived app's root the same way (the first file of that name wins, playable or not), with the
/// same hints for a name in a subfolder or without its extension.
package struct ArchivedBundleLookup {
    package let path: String
    private let archive: ZipArchive
    private let app: String
    /// The entries directly in the app's folder, by name.
    private let rootEntries: [String: ZipArchive.Entry]
    /// The sound files below the root, by lowercased file name.
    private let deeperSounds: [String: [String]]

    /// Opens the archive at `path`.
    /// - Throws: `UsageFailure` naming the archive and what is wrong with it.
    package init(path: String) throws {
        do throws(ArchiveError) {
            archive = try ZipArchive(path: path)
            app = try AppArchiveSounds(of: archive).app
        } catch {
            if case .readerMissing = error { throw ToolFailure(message: error.description) }
            throw UsageFailure(message: error.description)
        }
        self.path = path
        var rootEntries: [String: ZipArchive.Entry] = [:]
        var deeperSounds: [String: [String]] = [:]
        for entry in archive.entries where entry.name.hasPrefix(app + "/") {
            let inner = entry.name.dropFirst(app.count + 1)
            let trimmed = inner.hasSuffix("/") ? inner.dropLast() : inner
            if !trimmed.isEmpty, !trimmed.contains("/") {
                rootEntries[String(trimmed)] = entry
            } else if !entry.isFolder, inner.split(separator: "/").count <= 4,
                SniffedFormat.isNamedLikeSound(String(inner))
            {
                deeperSounds[fileName(of: String(inner)).lowercased(), default: []].append(String(inner))
            }
        }
        self.rootEntries = rootEntries
        self.deeperSounds = deeperSounds
    }

    /// The archive's app folder as shown in answers.
    package var shownRoot: String { joiningPath(path, app) }

    /// How hints name the archived bundle: as a resolve over a bundle on disk names it.
    private var place: String { "\(SoundLocationKind.bundle.rawValue) folder \(shownRoot)" }

    /// `result` with the archived bundle searched when the folders on disk did not have the name.
    package func completing(_ result: ResolvedSound, policy: Policy) -> ResolvedSound {
        // Nothing was searched for a request of no sound or of the default, or with sounds off.
        guard case .named(let name) = result.request.sound, result.reason != .soundsDisabled else { return result }
        var result = result
        result.searched.append(shownRoot)
        // The default the folders' search fell back to: a critical request delivered as a regular
        // one (critical alerts not authorized) falls back to the regular default.
        let defaultOutcome = result.outcome
        if result.reason == .invalidName {
            let withExtension = rootEntries.keys.sorted().filter { fileExtension(of: name).isEmpty && removingExtension(from: $0) == name }
            if !withExtension.isEmpty, let index = result.hints.firstIndex(where: { $0.hasPrefix(ResolutionHint.noExtension) }) {
                result.hints[index] = ResolutionHint.noExtension
            }
            result.hints += withExtension.map { ResolutionHint.withExtension($0, in: place) }
            return result
        }
        guard result.reason == .notFound else { return result }
        guard let entry = rootEntries[name] else {
            // The near misses a bundle on disk gets, in the same order: another case, another
            // extension, a subfolder.
            let folded = name.lowercased()
            let names = rootEntries.keys.sorted()
            result.hints += names.filter { $0 != name && $0.lowercased() == folded }.map { ResolutionHint.differsByCase($0, in: place) }
            result.hints += names.filter { $0.lowercased() != folded && removingExtension(from: $0.lowercased()) == removingExtension(from: folded) }
                .map { ResolutionHint.otherExtension($0, in: place) }
            result.hints += (deeperSounds[folded] ?? []).sorted().map { ResolutionHint.inSubfolder($0, of: shownRoot) }
            return result
        }
        let shown = joiningPath(path, entry.name)
        guard !entry.isFolder else {
            result.hints.append(ResolutionHint.notARegularFile(shown))
            result.reason = .unreadable
            return result
        }
        let outcome = Result { () throws(ParseError) in try AudioFileParser.describe(ArchiveEntrySource(entry, in: archive)) }
        // No fix on a finding: the file to fix is the one the archive was built from.
        let verdict = ArchiveCheck.withoutFixes(policy.verdict(for: outcome, path: shown))
        if verdict.passed, let description = verdict.description {
            result.outcome = .file(ResolvedFile(path: shown, location: .bundle, description: description))
            result.reason = nil
            result.findings = verdict.findings
        } else {
            result.outcome = defaultOutcome
            result.reason = verdict.findings.contains { $0.code == .unreadable } ? .unreadable : .invalidFile
            result.findings = verdict.findings
            result.hints.append(ResolutionHint.winsThoughItCannotPlay(shown))
        }
        return result
    }
}
