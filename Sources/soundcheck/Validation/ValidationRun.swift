import AppArchive
import AppContents
import AppRepository
import ArgumentParser
import SoundContainers
import SoundPolicy
import SoundResolver
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `validate` run with every option resolved to a plain value: made from the parsed command,
/// or, for a well-formed command line of the options CI uses (`init(commandLine:)`), without the
/// argument parser, whose reflection of the command's options was a quarter of a small run. The
/// two are held to each other by tests.
struct ValidationRun: Equatable {
    /// The number of cores: `--jobs`' default.
    static let defaultJobs = Int(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    var paths: [String]
    var filesFrom: String? = nil
    var nullSeparated = false
    var format: ReportFormat = .text
    var quiet = false
    /// The policy the flags ask for; a configuration file's settings fill in what no flag gave.
    var policy = Policy()
    /// Which of the policy's settings were flags.
    var policyFlags = PolicyFlags()
    /// `--config`: the configuration file to read instead of the nearest one.
    var configurationFile: String? = nil
    /// False with `--no-config`.
    var readsConfiguration = true
    var include: [String] = []
    var exclude: [String] = []
    var jobs = ValidationRun.defaultJobs
    var container: String? = nil
    var groups: [String] = []
    var bundle: String? = nil
    var output: String? = nil
    /// `--platform`; nil when not given (the configuration's `platforms:`, else all).
    var platform: PlatformChoice? = nil
    /// False with `--no-names`: a repository's code is not read for what its sounds are for.
    var readsCode = true
    /// `--baseline`: the file of findings to accept.
    var baseline: String? = nil
    /// `--write-baseline`: the file to record this run's findings in.
    var writesBaseline: String? = nil

    /// A run with every default, over `paths`.
    init(paths: [String]) {
        self.paths = paths
    }

    /// The run the parsed command asks for.
    init(_ command: ValidateCommand) throws {
        paths = command.paths + (command.useScriptInputFiles ? try Self.scriptInputFiles() : [])
        filesFrom = command.pathList.filesFrom
        nullSeparated = command.pathList.nullSeparated
        format = command.format
        quiet = command.quiet
        policy = command.policyOptions.policy(nil)
        policyFlags = command.policyOptions.flags
        configurationFile = command.configurationOptions.file
        readsConfiguration = !command.configurationOptions.isDisabled
        include = command.include
        exclude = command.exclude
        jobs = command.jobs
        container = command.locationOptions.container
        groups = command.locationOptions.group
        bundle = command.locationOptions.bundle
        output = command.output
        platform = command.platform
        readsCode = !command.noNames
        baseline = command.baseline
        writesBaseline = command.writeBaseline
    }

    /// The input files of an Xcode Run Script phase, from its environment.
    /// - Throws: `UsageFailure` when the count is missing or not a number, or an input is unset.
    static func scriptInputFiles(_ environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) throws -> [String] {
        guard let countText = environment("SCRIPT_INPUT_FILE_COUNT"), let count = Int(countText), count >= 0 else {
            throw UsageFailure(message: "--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set to a number (run it from an Xcode Run Script phase)")
        }
        return try (0..<count).map { index in
            guard let path = environment("SCRIPT_INPUT_FILE_\(index)") else {
                throw UsageFailure(message: "--use-script-input-files: SCRIPT_INPUT_FILE_\(index) is not set")
            }
            return path
        }
    }

    /// This run with the settings of the configuration file it reads filled in where no flag
    /// gave them, and the file's name.
    func configured() throws -> (run: ValidationRun, file: String?) {
        guard let configuration = try ConfigurationOptions.load(file: configurationFile, isDisabled: !readsConfiguration) else {
            return (self, nil)
        }
        var run = self
        run.policy = configuration.policy(overriding: policy, flags: policyFlags)
        if include.isEmpty { run.include = configuration.include }
        if exclude.isEmpty { run.exclude = configuration.exclude }
        run.container = container ?? configuration.container
        if groups.isEmpty { run.groups = configuration.groups }
        run.bundle = bundle ?? configuration.bundle
        run.platform = platform ?? configuration.platforms.flatMap(PlatformChoice.init(rawValue:))
        run.baseline = baseline ?? configuration.baseline
        if paths.isEmpty, filesFrom == nil {
            // A path the file lists is the file's mistake: say so, rather than only "no such file".
            if let missing = configuration.paths.first(where: { FileIdentity.of($0) == nil }) {
                throw UsageFailure(message: "\(configuration.file): paths: \(missing): no such file or folder")
            }
            run.paths = configuration.paths
        }
        return (run, configuration.file)
    }

    /// Runs it, and ends the process with its exit code once the report is written.
    func run() throws -> Never {
        let (run, configurationFile) = try configured()
        try run.judgeAll(configurationFile: configurationFile)
    }

    /// Whether the run may judge more than one batch of `batchSize` files: a list, a folder, search
    /// folders, or that many paths. A few files named like sounds are judged on this thread.
    private func mayFindMany(batchesOf batchSize: Int, searching searchRoots: Int) -> Bool {
        filesFrom != nil || searchRoots > 0 || paths.isEmpty || paths.count >= 2 * batchSize
            || paths.contains { !SniffedFormat.isNamedLikeSound($0) }
    }

    /// Judges every file the run names, writes the report, and exits.
    private func judgeAll(configurationFile: String?) throws -> Never {
        // A baseline that cannot be used is a usage error before anything is judged; one that
        // this run writes for the first time (named by the configuration too) accepts nothing yet.
        let accepted = try baseline.map { path in
            guard let written = writesBaseline, Baseline.areSameFile(written, path), FileIdentity.of(path) == nil else {
                return try BaselineFile.read(path)
            }
            return Baseline(at: path)
        }
        var collector = SoundFileCollector(includePatterns: include, excludePatterns: exclude, defersArgumentChecks: true)
        let checksNames = readsCode && NameCrossCheck.canReport(under: policy)
        let codeReading = readsCode ? CodeReading(readers: jobs, scansNames: checksNames) : nil
        collector.sourceFound = codeReading?.add
        let formatter = format.formatter(
            quiet: quiet, colored: output == nil, configurationFile: configurationFile, maxDuration: policy.maxDuration)
        var pipeline = ValidationPipeline(policy: policy, formatter: formatter, jobs: jobs)
        let locations = SoundLocationOptions.locations(container: container, groups: groups, bundle: bundle)
        let searchRoots = locations.allRoots
        // A list, a folder or many files: the workers start now, while the paths are read and walked.
        if jobs > 1, mayFindMany(batchesOf: formatter.filesPerBatch, searching: searchRoots.count) {
            pipeline.workers = WorkerThreads(count: jobs)
        }
        let listed = try self.paths + (filesFrom.map { try PathListOptions.paths(listedIn: $0, nullSeparated: nullSeparated) } ?? [])
        if listed.isEmpty, let list = filesFrom, searchRoots.isEmpty {
            throw UsageFailure(message: "\(list == "-" ? "standard input" : list) lists no paths")
        }
        let given = listed.isEmpty && searchRoots.isEmpty ? ["."] : listed
        var paths: [String] = []
        var pathsNamedLikeSound: [Bool] = []
        var appFiles: [JudgedFile] = []
        // A sound's name is never an app's. The name is tested once a path, here, for the paths CI
        // passes by the thousand (the app test and the walk each tested it again).
        var apps: [AppInput] = []
        paths.reserveCapacity(given.count)
        pathsNamedLikeSound.reserveCapacity(given.count)
        for path in given {
            let namedLikeSound = SniffedFormat.isNamedLikeSound(path)
            if !namedLikeSound, let app = try AppInput.classify(path) {
                apps.append(app)
            } else {
                paths.append(path)
                pathsNamedLikeSound.append(namedLikeSound)
            }
        }
        if let archive = SoundLocationOptions.archivedBundle(bundle) { apps.append(.appArchive(archive)) }
        // An Xcode project whose app targets copy no sound has nothing to check either.
        var idleProjects: [String] = []
        for app in apps {
            let judged = try judge(app, policy: policy, formatter: formatter)
            if judged.isEmpty, case .xcodeProjects(let projects) = app { idleProjects += projects }
            appFiles += judged
        }
        var markers: [Int: RepositoryMarkers] = [:]
        var candidates: [SoundCandidate] = []
        candidates.reserveCapacity(paths.count)
        let folders = try collector.collect(paths, namedLikeSound: pathsNamedLikeSound, markers: &markers) { candidates.append($0) }
        for (index, root) in searchRoots.enumerated() {
            collector.collectSearchFolder(root.folder, root: paths.count + index) { candidates.append($0) }
        }
        let choice = platform ?? .all
        codeReading?.walkEnded()
        var layouts: [Int: RepositoryLayout] = [:]
        var usages: [Int: SoundUsage] = [:]
        for (root, noticed) in markers {
            let layout = RepositoryLayout(noticed)
            guard !layout.isEmpty else { continue }
            layouts[root] = layout
        }
        let repositoryCheck = RepositoryCheck(policy: policy, formatter: formatter, choice: choice)
        let judgesByPlatform = !layouts.isEmpty || choice == .android
        if judgesByPlatform {
            var judgedByApps: [Int: Set<String>] = [:]
            var modules: [Int: [String: AndroidModule]] = [:]
            var bundled: [Int: [String: String]] = [:]
            var mentions: [Int: [String: [String: RawResourceMentions.Mention]]] = [:]
            for (root, layout) in layouts.sorted(by: { $0.key < $1.key }) {
                let sounds = candidates.filter { $0.root == root }.map { fileName(of: $0.path) }
                // Only compiled code is the apps' (`CompiledSources` reads the projects again: only when
                // code is read, or Android modules, whose shrinker sees compiled code alone).
                let compiled = codeReading != nil || !layout.androidRawFolders.isEmpty ? CompiledSources(layout) : nil
                let usage = compiled.flatMap { codeReading?.usage(of: root, soundFiles: sounds, keeping: $0.compiles) } ?? SoundUsage()
                let (reports, judged) = repositoryCheck.judgeApps(layout, root: root, usage: usage)
                appFiles += reports
                judgedByApps[root] = judged
                usages[root] = usage
                // The shrinker sees compiled code alone: R.raw in a loose file keeps nothing.
                modules[root] = compiled.map { layout.readAndroidModules(compiling: $0.compiles) } ?? layout.readAndroidModules()
                bundled[root] = readsCode ? layout.readScriptBundledSounds() : [:]
                if let compiled, codeReading != nil {
                    mentions[root] = repositoryCheck.removalMentions(
                        among: candidates.filter { $0.root == root }, in: layout, modules: modules[root] ?? [:], keeping: compiled.compiles)
                }
            }
            candidates = candidates.compactMap { candidate in
                let judged = judgedByApps[candidate.root] ?? []
                guard !judged.contains(normalizedPath(candidate.path)) else { return nil }
                guard let layout = layouts[candidate.root], layout.hasApp(around: candidate.path) else {
                    var plain = candidate
                    plain.platform = choice.plainFolderPlatform
                    plain.showsPlatform = choice == .android
                    return plain
                }
                return repositoryCheck.placing(
                    candidate, in: layout, modules: modules[candidate.root] ?? [:], usage: usages[candidate.root] ?? SoundUsage(),
                    bundled: bundled[candidate.root] ?? [:], mentions: mentions[candidate.root])
            }
        }
        var files = pipeline.run(candidates)
        // Paths named like sounds were not checked before judging; the rare one that is missing or
        // a folder is dealt with now, as the walk would have.
        let surprises = pipeline.surprises.withLock { $0 }
        let missing = surprises.filter { if case .missing = $0 { true } else { false } }
        if case .missing(_, let path)? = missing.min(by: { $0.root < $1.root }) {
            throw UsageFailure(message: "\(path): no such file or folder")
        }
        let folderArguments = surprises.compactMap { surprise -> (root: Int, path: String)? in
            if case .folder(let root, let path) = surprise { return (root, path) }
            return nil
        }
        if !folderArguments.isEmpty {
            files += try pipeline.run { found in
                for folder in folderArguments.sorted(by: { $0.root < $1.root }) {
                    _ = collector.collectFolder(folder.path, root: folder.root, found: found)
                }
            }
        }
        // A folder with no sound is a typo'd path, unless it holds apps: an app that ships no
        // custom sound has nothing to fail.
        for folder in folders + folderArguments.map(\.root)
        where layouts[folder] == nil && !files.contains(where: { $0.root == folder }) && !appFiles.contains(where: { $0.root == folder }) {
            throw SoundFileCollector.noSound(in: paths[folder])
        }
        if judgesByPlatform { files = repositoryCheck.addingDuplicateResources(to: files) }
        if checksNames {
            // Each repository's names, checked against what its apps ship.
            let crossCheck = NameCrossCheck(policy: policy, formatter: formatter, choice: choice)
            for (root, layout) in layouts.sorted(by: { $0.key < $1.key }) {
                let own = (appFiles + files).filter { $0.root == root }
                let checked = crossCheck.check(own, layout: layout, usage: usages[root] ?? SoundUsage(), root: root)
                appFiles = appFiles.filter { $0.root != root }
                files = files.filter { $0.root != root } + checked
            }
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
        // The pipeline's files come sorted by path: only files from more than one source need sorting again.
        if !appFiles.isEmpty || !folderArguments.isEmpty || !searchRoots.isEmpty || !layouts.isEmpty {
            files = (appFiles + files).sorted {
                ($0.report.path, $0.report.line ?? 0, $0.report.target ?? "") < ($1.report.path, $1.report.line ?? 0, $1.report.target ?? "")
            }
        }
        // A folder whose apps ship no sound and ask for none has nothing to check: said, and no failure.
        let idle =
            idleProjects.map { "\($0): nothing to check: its targets copy no sound, so their notifications play the default sound" }
            + (folders + folderArguments.map(\.root)).sorted().compactMap { root in
                layouts[root].flatMap { files.contains(where: { $0.root == root }) ? nil : Self.nothingToCheck(in: paths[root], $0) }
            }
        let accepting = try acceptingKnownFindings(in: files, baseline: accepted, policy: policy, formatter: formatter)
        files = accepting.files
        // GitHub shows a workflow command's notice on the run; every other format keeps its report as it is.
        let notices = format == .github ? idle.map { "::notice title=soundcheck::" + GitHubReport.data($0) } : []
        try writeReport(files, with: formatter, to: output, leading: notices)
        if format != .github { for message in idle { printError("soundcheck: " + message) } }
        for message in accepting.messages { printError(message) }
        let code = files.contains(where: { !$0.passed }) ? ExitCode.failed : ExitCode.passed
        // The report is out and the process ends here: freeing every report first was a tenth of
        // the instructions of a run over 2,000 files.
        withExtendedLifetime(files) { exit(code.rawValue) }
    }
}


extension ValidationRun {
    /// `files` without the findings `soundcheck:ignore` comments silence, recorded (with
    /// `--write-baseline`), then without those `baseline` accepts; and the lines that say what was
    /// recorded and accepted, for standard error, where every report format leaves them alone.
    func acceptingKnownFindings(in files: [JudgedFile], baseline: Baseline?, policy: Policy, formatter: any ReportFormatter) throws
        -> (files: [JudgedFile], messages: [String])
    {
        var files = InlineIgnores.applying(to: files, policy: policy, formatter: formatter).files
        var messages: [String] = []
        if let path = writesBaseline {
            let recorded = Baseline(at: path, recording: files)
            try BaselineFile.write(recorded, to: path)
            messages.append("soundcheck: recorded \(count(recorded.total, "finding")) in the baseline \(path)")
        }
        if let baseline, let path = self.baseline {
            let applied = baseline.applying(to: files, policy: policy, formatter: formatter)
            files = applied.files
            var message = "soundcheck: \(count(applied.matched, "finding")) accepted by the baseline \(path)"
            if applied.unmatched > 0 {
                let one = applied.unmatched == 1
                message += "; \(applied.unmatched) of its findings no longer \(one ? "occurs" : "occur")"
                    + " (--write-baseline \(path) drops \(one ? "it" : "them"))"
            }
            messages.append(message)
        }
        return (files, messages)
    }

    /// The line for a folder argument whose apps (`layout`) ship no sound and ask for none.
    static func nothingToCheck(in folder: String, _ layout: RepositoryLayout) -> String {
        let shown = layout.apps.prefix(3).map { "\($0.kind.article) \($0.kind.rawValue) (\($0.path))" }
        let more = layout.apps.count > shown.count ? ", and \(layout.apps.count - shown.count) more" : ""
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.joined()
        return "\(folder): nothing to check: found \(list)\(more), shipping no sound of \(layout.apps.count == 1 ? "its" : "their") own "
            + "and asking for none, so \(layout.apps.count == 1 ? "its" : "their") notifications play the default sound"
    }

    /// "1 finding", "3 findings".
    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

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

