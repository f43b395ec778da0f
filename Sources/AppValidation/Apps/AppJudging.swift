import AppArchive
import AppContents
import SoundContainers
import SoundPolicy
import SoundResolver

extension ValidationRequest {
    /// The reports for an app input: what its project or config says it ships, judged.
    func judge(_ input: AppInput, policy: Policy, formatter: any ReportFormatter) throws -> [JudgedFile] {
        switch input {
        case .xcodeProjects(let projects):
            return projects.flatMap { path -> [JudgedFile] in
                do throws(ProjectError) {
                    return ProjectCheck(policy: policy, formatter: formatter).judge(try XcodeProject.read(path))
                } catch {
                    return [unreadableInput(joiningPath(path, "project.pbxproj"), error.description, policy, formatter)]
                }
            }
        case .expoConfig(let path):
            let config: ExpoConfig
            do throws(ExpoConfigError) {
                config = try ExpoConfig.read(path)
            } catch {
                return [unreadableInput(path, error.description, policy, formatter)]
            }
            return try ExpoCheck(policy: policy, formatter: formatter).judge(config)
        case .appBundle(let path):
            let sounds = AppBundleSounds(of: path).sounds
            guard !sounds.isEmpty else { throw SoundFileCollector.noSound(in: path) }
            return sounds.map { judgeBundled($0, policy: policy, formatter: formatter) }
        case .appArchive(let path):
            return try judgeArchive(path, policy: policy, formatter: formatter) { check, path throws(ArchiveError) in try check.judge(path) }
        case .androidArchive(let path):
            return try judgeArchive(path, policy: policy, formatter: formatter) { check, path throws(ArchiveError) in
                try check.judgeAndroid(path)
            }
        }
    }

    /// The reports `read` makes of the archive at `path`: an archive that cannot be read is a
    /// failing report naming it, one with no sound a usage error, a missing zip reader a tool failure.
    private func judgeArchive(
        _ path: String, policy: Policy, formatter: any ReportFormatter,
        read: (ArchiveCheck, String) throws(ArchiveError) -> [JudgedFile]
    ) throws -> [JudgedFile] {
        let files: [JudgedFile]
        do throws(ArchiveError) {
            files = try read(ArchiveCheck(policy: policy, formatter: formatter), path)
        } catch {
            if case .readerMissing = error { throw ToolFailure(message: error.description) }
            return [unreadableInput(path, error.description, policy, formatter)]
        }
        guard !files.isEmpty else { throw SoundFileCollector.noSound(in: path) }
        return files
    }

    /// The report for a sound in a built app: judged, and `not-at-bundle-root` in a subfolder.
    func judgeBundled(_ sound: AppBundleSounds.Sound, policy: Policy, formatter: any ReportFormatter) -> JudgedFile {
        var verdict = policy.verdict(forFileAt: sound.path)
        if !sound.isAtBundleRoot { verdict = policy.adding([.notAtBundleRoot(bundlePath: sound.bundlePath)], to: verdict, path: sound.path) }
        let report = FileReport(path: sound.path, verdict: verdict, platform: sound.isInMacOSApp ? .macos : .ios)
        return JudgedFile(report, renderedBy: formatter, root: -1)
    }

    /// A failing report for a project or config file that cannot be read: the run goes on, and fails.
    private func unreadableInput(_ path: String, _ problem: String, _ policy: Policy, _ formatter: any ReportFormatter)
        -> JudgedFile
    {
        JudgedFile(.unreadableInput(path, problem: problem, policy: policy), renderedBy: formatter, root: -1)
    }

    /// Adds the findings that only the whole set of search folders shows (shadowed names, names
    /// that differ only by case) to the files in those folders, and renders those files again.
    func addTreeFindings(
        to files: [JudgedFile], searchRoots: [SearchRoot], firstRoot: Int, locations: SoundLocations, policy: Policy,
        formatter: any ReportFormatter
    ) -> [JudgedFile] {
        let entries = files.filter { $0.root >= firstRoot }.map { file in
            SoundTreeCheck.Entry(root: searchRoots[file.root - firstRoot], name: fileName(of: file.report.path))
        }
        let treeFindings = SoundTreeCheck.findings(for: entries, in: locations)
        return files.map { file in
            guard file.root >= firstRoot, let extra = treeFindings[file.report.path] else { return file }
            var report = file.report
            report.verdict = policy.adding(extra, to: report.verdict, path: report.path)
            return JudgedFile(report, renderedBy: formatter, root: file.root)
        }
    }
}
