import AppContents
import AppRepository
import SoundContainers
import SoundPolicy

/// Judges a folder that holds apps (a repository) as its apps ship it: the Xcode projects' and
/// Expo configs' own checks, then every other sound its walk found, by the platform that ships it
/// (an Android `res/raw` folder's by Android's rules, a Flutter asset as the app's own, the rest
/// as shipped by no app), with a note for each config that cannot be read.
struct RepositoryCheck {
    let policy: Policy
    let formatter: any ReportFormatter
    let choice: PlatformChoice

    /// The reports of the apps' own checks, under `root`, and the paths they judged (normalized).
    /// With `--platform android` the Xcode projects' reports are left out, but the sounds they
    /// claim are still theirs, never the walk's.
    func judgeApps(_ layout: RepositoryLayout, root: Int) -> (files: [JudgedFile], judged: Set<String>) {
        var files: [JudgedFile] = []
        var projectFiles: [JudgedFile] = []
        let projects = ProjectCheck(policy: policy, formatter: formatter, showsPlatform: true)
        for path in layout.xcodeProjects {
            do throws(ProjectError) {
                projectFiles += projects.judge(try XcodeProject.read(path))
            } catch {
                projectFiles.append(unreadable(joiningPath(path, "project.pbxproj"), error.description))
            }
        }
        var judged = Set(projectFiles.map { normalizedPath($0.report.path) })
        if choice != .android { files += projectFiles }
        for path in layout.xcodeProjectsWithoutFile {
            let finding = Finding.configNotRead(
                "\(fileName(of: path)) holds no project.pbxproj (a generated project, not committed?), so its targets",
                instead: "the sounds under its folder are judged as the walk finds them")
            files.append(note(path, finding))
        }
        if let platform = choice.judging(.both) {
            let expo = ExpoCheck(policy: policy, formatter: formatter, platform: platform, showsPlatform: true)
            for config in layout.expoConfigs where !config.sounds.isEmpty {
                // judge(_:) throws only for a config that lists no sound, which a repository run leaves out.
                files += (try? expo.judge(config)) ?? []
            }
        }
        for config in layout.unreadConfigs {
            if let problem = config.problem {
                files.append(unreadable(config.path, problem))
            } else {
                let what = fileName(of: config.path) == "Project.swift" ? "a Tuist project" : "an Expo config in JavaScript or TypeScript"
                let instead =
                    fileName(of: config.path) == "Project.swift"
                    ? "the sounds under its folder are judged as the walk finds them (run `tuist generate` and validate the project for targets)"
                    : "its sounds are judged where the repository's folders show them; for a full check run "
                        + "`npx expo config --json > app.config.json` and validate that"
                files.append(note(config.path, .configNotRead(what, instead: instead)))
            }
        }
        let rooted = files.map { JudgedFile(report: $0.report, fragment: $0.fragment, root: root) }
        judged.formUnion(rooted.map { normalizedPath($0.report.path) })
        return (rooted, judged)
    }

    /// `candidate` with the platform and purpose the layout gives it, or nil when the apps'
    /// checks judged it already or `--platform` leaves it out.
    func placing(_ candidate: SoundCandidate, in layout: RepositoryLayout, judged: Set<String>) -> SoundCandidate? {
        guard !judged.contains(normalizedPath(candidate.path)) else { return nil }
        var placed = candidate
        placed.showsPlatform = true
        if layout.androidRawFolder(holding: candidate.path) != nil {
            guard let platform = choice.judging(.android) else { return nil }
            placed.platform = platform
        } else if let named = layout.cordovaResources[normalizedPath(candidate.path)] {
            guard let platform = choice.judging(named == "android" ? .android : .ios) else { return nil }
            placed.platform = platform
        } else if layout.isFlutterAsset(candidate.path) {
            guard let platform = choice.judging(.both) else { return nil }
            placed.platform = platform
            placed.purpose = .app
        } else {
            placed.platform = .none
        }
        return placed
    }

    /// `files` with `android-duplicate-resource` added to every Android raw resource that shares
    /// its folder and resource name with another, rendered again.
    func addingDuplicateResources(to files: [JudgedFile]) -> [JudgedFile] {
        var byResource: [String: [String]] = [:]
        for file in files where file.report.platform.usesAndroidRules && file.report.purpose != .app {
            let path = file.report.path
            let key = parentFolder(of: path) + "/" + Policy.androidResourceName(ofFile: fileName(of: path))
            byResource[key, default: []].append(path)
        }
        guard byResource.values.contains(where: { $0.count > 1 }) else { return files }
        return files.map { file in
            let path = file.report.path
            guard file.report.platform.usesAndroidRules, file.report.purpose != .app else { return file }
            let name = Policy.androidResourceName(ofFile: fileName(of: path))
            let others = (byResource[parentFolder(of: path) + "/" + name] ?? []).filter { $0 != path }
            guard !others.isEmpty else { return file }
            var report = file.report
            report = FileReport(
                path: path, verdict: policy.adding([.androidDuplicateResource(String(name), otherFiles: others.map(fileName(of:)))],
                    to: report.verdict, path: path),
                target: report.target, platform: report.platform, showsPlatform: report.showsPlatform, purpose: report.purpose)
            return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: file.root)
        }
    }

    private func note(_ path: String, _ finding: Finding) -> JudgedFile {
        let verdict = policy.adding([finding], to: Verdict(description: nil, findings: [], passed: true), path: path)
        let report = FileReport(path: path, verdict: verdict, platform: .none, showsPlatform: true)
        return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: -1)
    }

    private func unreadable(_ path: String, _ problem: String) -> JudgedFile {
        let message = problem.hasPrefix(path + ": ") ? String(problem.dropFirst(path.count + 2)) : problem
        let verdict = policy.adding(
            [Finding(code: .malformed, message: message)], to: Verdict(description: nil, findings: [], passed: true), path: path)
        let report = FileReport(path: path, verdict: verdict, platform: .none, showsPlatform: true)
        return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: -1)
    }
}
