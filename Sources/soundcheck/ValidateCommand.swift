import AppArchive
import AppContents
import ArgumentParser
import SoundContainers
import SoundPolicy
import SoundResolver

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck validate`: judges every sound under the given paths and fails when any fails.
struct ValidateCommand: TakesPaths {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        _superCommandName: "soundcheck",
        abstract: "Check that sound files will play as notification sounds.",
        discussion: """
            Folders are searched recursively for .aiff .aif .aifc .wav .caf files and for files of any \
            name that are audio by content; a folder with no sound is an error. Only headers are read.

            An app is checked as it ships: an .xcodeproj (or a folder holding one, such as ios/) has \
            each sound its app targets copy judged, with the target named, and sounds no target \
            copies reported; an Expo app.json or app.config.json (or a folder holding one) has the \
            sounds of its expo-notifications plugin judged; a built .app folder or .ipa archive (read \
            in place, nothing extracted) has its sounds judged, and those in subfolders reported.
            """
    )

    @Argument(help: "Files or folders to check (default: the current folder, unless search folders are given).")
    var paths: [String] = []

    @OptionGroup var pathList: PathListOptions

    @Option(help: "Report format: text, json, junit or github.")
    var format: ReportFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    @Option(help: "Only check files in folders whose path or name matches this glob (repeatable).")
    var include: [String] = []

    @Option(help: "Skip files in folders whose path or name matches this glob (repeatable).")
    var exclude: [String] = []

    @Option(help: "Files to check at once (default: the number of cores).")
    var jobs: Int = Int(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    @Flag(name: .shortAndLong, help: "In text output, list only files with findings.")
    var quiet = false

    @OptionGroup(title: "Also check an app's sound folders as the system searches them")
    var locationOptions: SoundLocationOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let collector = SoundFileCollector(includePatterns: include, excludePatterns: exclude)
        let formatter = format.formatter(quiet: quiet)
        let policy = policyOptions.policy
        let pipeline = ValidationPipeline(policy: policy, formatter: formatter, jobs: jobs)
        let locations = locationOptions.locations
        let searchRoots = locations.allRoots
        let listed = try pathList.allPaths(self.paths)
        if listed.isEmpty, let list = pathList.filesFrom, searchRoots.isEmpty {
            throw UsageFailure(message: "\(list == "-" ? "standard input" : list) lists no paths")
        }
        let given = listed.isEmpty && searchRoots.isEmpty ? ["."] : listed
        var paths: [String] = []
        var appFiles: [JudgedFile] = []
        var inputs = try given.map { path in (path, try AppInput.classify(path)) }
        if let archive = locationOptions.archivedBundle { inputs.append((archive, .appArchive(archive))) }
        for (path, input) in inputs {
            guard let input else {
                paths.append(path)
                continue
            }
            appFiles += try judge(input, policy: policy, formatter: formatter)
        }
        var folders: [Int] = []
        var files = try pipeline.run { found in
            folders = try collector.collect(paths, found: found)
            for (index, root) in searchRoots.enumerated() {
                collector.collectSearchFolder(root.folder, root: paths.count + index, found: found)
            }
        }
        for folder in folders where !files.contains(where: { $0.root == folder }) {
            throw SoundFileCollector.noSound(in: paths[folder])
        }
        if !searchRoots.isEmpty {
            guard files.contains(where: { $0.root >= paths.count }) else {
                throw UsageFailure(
                    message: "no sound files found in the search folders: \(searchRoots.map(\.folder).joined(separator: ", "))")
            }
            files = addTreeFindings(
                to: files, searchRoots: searchRoots, firstRoot: paths.count, locations: locations, policy: policy, formatter: formatter)
            if let bundle = locations.bundle {
                // The system looks only at the bundle root: sounds in its subfolders never play.
                files += AppBundleSounds(of: bundle).sounds.filter { !$0.isAtBundleRoot }.map {
                    judgeBundled($0, policy: policy, formatter: formatter)
                }
            }
        }
        files = (appFiles + files).sorted { ($0.report.path, $0.report.target ?? "") < ($1.report.path, $1.report.target ?? "") }
        try writeReport(files, with: formatter)
        if files.contains(where: { !$0.report.verdict.passed }) { throw ExitCode.failed }
    }
}

extension ValidateCommand {
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
            let files: [JudgedFile]
            do throws(ArchiveError) {
                files = try ArchiveCheck(policy: policy, formatter: formatter).judge(path)
            } catch {
                if case .readerMissing = error { throw ToolFailure(message: error.description) }
                return [unreadableInput(path, error.description, policy, formatter)]
            }
            guard !files.isEmpty else { throw SoundFileCollector.noSound(in: path) }
            return files
        }
    }

    /// The report for a sound in a built app: judged, and `not-at-bundle-root` in a subfolder.
    func judgeBundled(_ sound: AppBundleSounds.Sound, policy: Policy, formatter: any ReportFormatter) -> JudgedFile {
        var verdict = policy.verdict(forFileAt: sound.path)
        if !sound.isAtBundleRoot { verdict = policy.adding([.notAtBundleRoot(bundlePath: sound.bundlePath)], to: verdict) }
        let report = FileReport(path: sound.path, verdict: verdict)
        return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: -1)
    }

    /// A failing report for a project or config file that cannot be read: the run goes on, and fails.
    private func unreadableInput(_ path: String, _ problem: String, _ policy: Policy, _ formatter: any ReportFormatter)
        -> JudgedFile
    {
        let message = problem.hasPrefix(path + ": ") ? String(problem.dropFirst(path.count + 2)) : problem
        let verdict = policy.adding(
            [Finding(code: .malformed, message: message)], to: Verdict(description: nil, findings: [], passed: true))
        let report = FileReport(path: path, verdict: verdict)
        return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: -1)
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
            let report = FileReport(path: file.report.path, verdict: policy.adding(extra, to: file.report.verdict))
            return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: file.root)
        }
    }
}

/// The formats `validate` can report in.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, github

    func formatter(quiet: Bool) -> any ReportFormatter {
        switch self {
        case .text: return TextReport(style: .forStandardOutput(), showsPassing: !quiet)
        case .json: return JSONReport(detailed: false)
        case .junit: return JUnitReport()
        case .github: return GitHubReport()
        }
    }
}
