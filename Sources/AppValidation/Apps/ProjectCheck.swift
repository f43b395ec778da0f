import AppContents
import SoundContainers
import SoundPolicy

/// Judges what the app targets of an Xcode project ship: each sound a target copies, judged by the
/// policy as `validate` judges any file, plus what the project shows about how it gets into the
/// bundle (`not-at-bundle-root`, `duplicate-name`, `missing`), and the sounds that no target
/// copies (`not-bundled`) or that sit in an asset catalog (`in-asset-catalog`).
struct ProjectCheck {
    let policy: Policy
    let formatter: any ReportFormatter
    /// True in a repository run, where reports name each sound's platform.
    var showsPlatform = false

    /// The reports for `project`: one per (target, sound), one per uncopied sound.
    func judge(_ project: XcodeProject) -> [JudgedFile] {
        let sounds = ProjectSounds(of: project)
        let folder = project.folder
        func shown(_ path: ProjectPath) -> String { path.onDisk(projectFolder: folder) ?? path.description }
        func shown(_ relative: String) -> String { folder == "." ? relative : joiningPath(folder, relative) }

        var sameLanding: [String: [ShippedSound]] = [:]
        for sound in sounds.shipped {
            sameLanding[sound.target + "\u{0}" + sound.bundlePath, default: []].append(sound)
        }
        let missing = Set(sounds.missing.map { $0.target + "\u{0}" + $0.item.description })
        let macOSTargets = Set(project.targets.filter(\.buildsForMacOS).map(\.name))
        var files: [JudgedFile] = []
        for sound in sounds.shipped {
            let path = shown(sound.source)
            var extra: [Finding] = []
            var verdict: Verdict
            if missing.contains(sound.target + "\u{0}" + sound.source.description) {
                verdict = Verdict(description: nil, findings: [], passed: true)
                extra.append(.missing(copiedBy: "target \(sound.target)"))
            } else {
                verdict = policy.verdict(forFileAt: path)
            }
            if !sound.isAtBundleRoot { extra.append(.notAtBundleRoot(bundlePath: sound.bundlePath)) }
            let others = (sameLanding[sound.target + "\u{0}" + sound.bundlePath] ?? []).filter { $0.source != sound.source }
            if !others.isEmpty {
                extra.append(.duplicateName(sound.bundlePath, otherSources: others.map { shown($0.source) }))
            }
            let platform: SoundPlatform = macOSTargets.contains(sound.target) ? .macos : .ios
            files.append(
                report(
                    path, policy.adding(extra, to: verdict, path: path), target: sound.target, platform: platform,
                    bundlePath: sound.bundlePath))
        }
        let owner = fileName(of: project.path)
        for file in sounds.notBundled {
            let path = shown(file)
            files.append(report(path, policy.verdict(of: [.notBundled(by: owner)], path: path), target: nil, platform: .none))
        }
        for file in sounds.inAssetCatalogs {
            let path = shown(file)
            files.append(report(path, policy.verdict(of: [.inAssetCatalog()], path: path), target: nil, platform: .none))
        }
        return files
    }

    private func report(_ path: String, _ verdict: Verdict, target: String?, platform: SoundPlatform, bundlePath: String? = nil) -> JudgedFile {
        var report = FileReport(path: path, verdict: verdict, target: target, platform: platform, showsPlatform: showsPlatform)
        report.bundlePath = bundlePath
        return JudgedFile(report, renderedBy: formatter, root: -1)
    }
}
