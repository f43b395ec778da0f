import AppContents
import SoundContainers
import SoundPolicy

/// Judges the sounds an Expo config lists for the `expo-notifications` plugin: each must exist and
/// pass by the rules of both platforms (the plugin copies it into the iOS bundle and Android's
/// `res/raw`), and no two may share a file name, because the plugin copies them by name into one folder.
struct ExpoCheck {
    let policy: Policy
    let formatter: any ReportFormatter
    /// The platforms whose rules apply (`--platform`): both, unless the run asks for one.
    var platform: SoundPlatform = .both
    /// True in a repository run, where reports name each sound's platform.
    var showsPlatform = false

    /// The reports for `config`'s sounds, one per listed path.
    /// - Throws: `UsageFailure` when the config lists no sound at all (a typo'd plugin must not pass CI).
    func judge(_ config: ExpoConfig) throws -> [JudgedFile] {
        guard !config.sounds.isEmpty else {
            let what = config.usesNotificationsPlugin ? "its expo-notifications plugin lists no sounds" : "it does not use the expo-notifications plugin"
            throw UsageFailure(message: "\(config.path): no notification sounds to check: \(what)")
        }
        let paths = config.sounds.map(config.location(of:))
        var byName: [String: [String]] = [:]
        for path in paths { byName[fileName(of: path), default: []].append(path) }
        return paths.map { path in
            var extra: [Finding] = []
            var verdict: Verdict
            if FileIdentity.of(path) == nil || !folderListsName(of: path) {
                verdict = Verdict(description: nil, findings: [], passed: true)
                extra.append(.missing(copiedBy: "\(fileName(of: config.path))'s expo-notifications sounds list"))
            } else {
                verdict = policy.verdict(forFileAt: path, platform: platform, purpose: .notification)
            }
            let others = (byName[fileName(of: path)] ?? []).filter { $0 != path }
            if !others.isEmpty { extra.append(.duplicateName(fileName(of: path), otherSources: others)) }
            let report = FileReport(
                path: path, verdict: policy.adding(extra, to: verdict, path: path), platform: platform, showsPlatform: showsPlatform,
                purpose: .notification)
            return JudgedFile(report, renderedBy: formatter, root: -1)
        }
    }
}
