import AppArchive
import SoundContainers
import SoundPolicy

/// Judges the sounds of the app in an `.ipa`, read in place: each as `validate` judges a file,
/// and `not-at-bundle-root` for those in subfolders. Findings carry no fix: the file to fix is the
/// one in the project the archive was built from.
struct ArchiveCheck {
    let policy: Policy
    let formatter: any ReportFormatter

    /// The reports for the archive at `path`, shown as `App.ipa/Payload/App.app/name`.
    /// - Throws: `ArchiveError` when the archive cannot be read or is hostile; `UsageFailure`
    ///   when its app holds no sound.
    func judge(_ path: String) throws(ArchiveError) -> [JudgedFile] {
        let archive = try ZipArchive(path: path)
        let sounds = try AppArchiveSounds(of: archive).sounds
        return sounds.map { sound in
            let shown = joiningPath(path, sound.entry.name)
            let outcome = Result { () throws(ParseError) in try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive)) }
            var verdict = Self.withoutFixes(policy.verdict(for: outcome, path: shown))
            if !sound.isAtBundleRoot { verdict = policy.adding([.notAtBundleRoot(bundlePath: sound.bundlePath)], to: verdict, path: shown) }
            let report = FileReport(path: shown, verdict: verdict)
            return JudgedFile(report, renderedBy: formatter, root: -1)
        }
    }

    /// The reports for the built Android app (`.apk` or `.aab`) at `path`: each raw resource by
    /// Android's rules, a 0-byte one as what resource shrinking left of it. Shown as
    /// `App.apk/res/raw/name`.
    /// - Throws: `ArchiveError` when the archive cannot be read, is hostile or holds no Android app.
    func judgeAndroid(_ path: String) throws(ArchiveError) -> [JudgedFile] {
        let archive = try ZipArchive(path: path)
        return try AndroidArchiveSounds(of: archive).sounds.compactMap { sound in
            let shown = joiningPath(path, sound.entry.name)
            let outcome = Result { () throws(ParseError) in try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive)) }
            // A raw file that is no audio (a JSON, a font) is no sound to judge, unless named like one.
            if case .failure(let error) = outcome, !error.isAudioFormat, !SniffedFormat.isNamedLikeSound(sound.entry.name),
                sound.entry.size > 0
            {
                return nil
            }
            var verdict = policy.verdict(for: outcome, path: shown, platform: .android)
            if sound.entry.size == 0 {
                let name = String(Policy.androidResourceName(ofFile: fileName(of: sound.entry.name)))
                verdict = policy.verdict(of: [.androidEmptiedInBuild(name)], path: shown)
            }
            var report = FileReport(path: shown, verdict: Self.withoutFixes(verdict), platform: .android, showsPlatform: true)
            if case .failure(.unsupportedContainer(let format)) = outcome { report.otherFormat = format }
            return JudgedFile(report, renderedBy: formatter, root: -1)
        }
    }

    /// `verdict` with no fix on any finding: the file to fix is the one the archive was built from.
    static func withoutFixes(_ verdict: Verdict) -> Verdict {
        var verdict = verdict
        for index in verdict.findings.indices { verdict.findings[index].fix = nil }
        return verdict
    }
}
