import AppArchive
import AppContents
import AppRepository
import SoundContainers
import SoundPolicy
import SoundResolver

extension ValidationRequest {
    /// Runs the request: each file's part of the report rendered by `formatter` where it was
    /// judged; `morePaths` (a list the caller reads from a file) is read once the workers are
    /// started (it throws when it lists nothing the run can judge); with `baselineToRecord`, the findings are also recorded as a baseline for that file.
    package func run(formatter: any ReportFormatter, morePaths: (() throws -> [String])? = nil, baselineToRecord: String? = nil)
        throws -> ValidationReport
    {
        // A baseline that cannot be used is a usage error before anything is judged; one that
        // this run writes for the first time (named by the configuration too) accepts nothing yet.
        let accepted = try baseline.map { path in
            guard let written = baselineToRecord, Baseline.areSameFile(written, path), FileIdentity.of(path) == nil else {
                return try BaselineFile.read(path)
            }
            return Baseline(at: path)
        }
        var collector = SoundFileCollector(includePatterns: include, excludePatterns: exclude, defersArgumentChecks: true)
        let checksNames = readsCode && NameCrossCheck.canReport(under: policy)
        let codeReading = readsCode ? CodeReading(readers: jobs, scansNames: checksNames) : nil
        collector.sourceFound = codeReading?.add
        var pipeline = ValidationPipeline(policy: policy, formatter: formatter, jobs: jobs)
        let locations = SoundLocations.given(container: container, groups: groups, bundle: bundle)
        let searchRoots = locations.allRoots
        // A list, a folder or many files: the workers start now, while the paths are read and walked.
        if jobs > 1,
            mayFindMany(
                batchesOf: policy.listening.isOn ? 1 : formatter.filesPerBatch, searching: searchRoots.count, listsMore: morePaths != nil)
        {
            pipeline.workers = WorkerThreads(count: jobs)
        }
        // Threads the run did not use (too few files, or a usage error) end with it.
        defer { pipeline.workers?.dismiss() }
        let listed = try self.paths + (morePaths?() ?? [])
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
        if let archive = SoundLocations.archivedBundle(bundle) { apps.append(.appArchive(archive)) }
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
                // A folder that holds only projects soundcheck does not read has no app whose code to read: its
                // sounds outside them have no purpose to show (reading it cost ngDesk's root 2.6 times its time).
                let compiled =
                    layout.apps.isEmpty ? nil : codeReading != nil || !layout.androidRawFolders.isEmpty ? CompiledSources(layout) : nil
                let usage = compiled.flatMap { codeReading?.usage(of: root, soundFiles: sounds, keeping: $0.compiles) } ?? SoundUsage()
                let (reports, judged) = repositoryCheck.judgeApps(layout, root: root, usage: usage, compiled: codeReading != nil ? compiled : nil)
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
                guard let layout = layouts[candidate.root] else {
                    var plain = candidate
                    plain.platform = choice.plainFolderPlatform
                    plain.showsPlatform = choice == .android
                    return plain
                }
                guard layout.hasApp(around: candidate.path) else {
                    return repositoryCheck.placingOutsideApps(
                        candidate, in: layout, plainPlatform: choice.plainFolderPlatform, usage: usages[candidate.root] ?? SoundUsage())
                }
                return repositoryCheck.placing(
                    candidate, in: layout, modules: modules[candidate.root] ?? [:], usage: usages[candidate.root] ?? SoundUsage(),
                    bundled: bundled[candidate.root] ?? [:], mentions: mentions[candidate.root])
            }
        }
        var files = pipeline.run(candidates)
        // The walk's files were heard where they were judged; the apps' own sounds are heard now.
        if policy.listening.isOn { appFiles = SoundListening.hearing(appFiles, policy: policy, formatter: formatter, jobs: jobs) }
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
                ($0.report.path, $0.report.line ?? 0, $0.report.target ?? "") < (
                    $1.report.path, $1.report.line ?? 0, $1.report.target ?? ""
                )
            }
        }
        // A folder whose apps ship no sound and ask for none has nothing to check: said, and no failure.
        let idle =
            idleProjects.map { "\($0): nothing to check: its targets copy no sound, so their notifications play the default sound" }
            + (folders + folderArguments.map(\.root)).sorted().compactMap { root in
                layouts[root].flatMap { files.contains(where: { $0.root == root }) ? nil : Self.nothingToCheck(in: paths[root], $0) }
            }
        return acceptingKnownFindings(
            in: files, baseline: accepted, recordingAt: baselineToRecord, formatter: formatter, nothingToCheck: idle)
    }

    /// The line for a folder argument whose apps (`layout`) ship no sound and ask for none.
    static func nothingToCheck(in folder: String, _ layout: RepositoryLayout) -> String {
        if layout.apps.isEmpty, let shape = layout.unreadShapes.first {
            let more = layout.unreadShapes.count > 1 ? " and \(layout.unreadShapes.count - 1) more" : ""
            return "\(folder): nothing to check: found \(shape.description)\(more), which soundcheck does not read, and no sound"
        }
        let shown = layout.apps.prefix(3).map { "\($0.kind.article) \($0.kind.rawValue) (\($0.path))" }
        let more = layout.apps.count > shown.count ? ", and \(layout.apps.count - shown.count) more" : ""
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.joined()
        return "\(folder): nothing to check: found \(list)\(more), shipping no sound of \(layout.apps.count == 1 ? "its" : "their") own "
            + "and asking for none, so \(layout.apps.count == 1 ? "its" : "their") notifications play the default sound"
    }

    /// Whether the run may judge more than one batch of `batchSize` files: a list, a folder, search
    /// folders, or that many paths. A few files named like sounds are judged on this thread.
    private func mayFindMany(batchesOf batchSize: Int, searching searchRoots: Int, listsMore: Bool) -> Bool {
        listsMore || searchRoots > 0 || paths.isEmpty || paths.count >= 2 * batchSize
            || paths.contains { !SniffedFormat.isNamedLikeSound($0) }
    }

    /// The report of `files` without the findings `soundcheck:ignore` comments silence, recorded
    /// (for a baseline at `recordingAt`), then without those `baseline` accepts.
    private func acceptingKnownFindings(
        in files: [JudgedFile], baseline: Baseline?, recordingAt recordedPath: String?, formatter: any ReportFormatter,
        nothingToCheck: [String]
    ) -> ValidationReport {
        var files = InlineIgnores.applying(to: files, policy: policy, formatter: formatter).files
        let recorded = recordedPath.map { Baseline(at: $0, recording: files) }
        var matched = 0
        var unmatched = 0
        if let baseline {
            let applied = baseline.applying(to: files, policy: policy, formatter: formatter)
            files = applied.files
            matched = applied.matched
            unmatched = applied.unmatched
        }
        return ValidationReport(
            judged: files, acceptedByBaseline: matched, staleInBaseline: unmatched, recorded: recorded, nothingToCheck: nothingToCheck)
    }
}
