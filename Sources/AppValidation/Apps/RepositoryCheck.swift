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
    /// claim are still theirs, never the walk's. `usage` tells each project sound's purpose. The
    /// Xcode projects come from `compiled` when the code reading read them (each is parsed once).
    func judgeApps(_ layout: RepositoryLayout, root: Int, usage: SoundUsage, compiled: CompiledSources? = nil)
        -> (files: [JudgedFile], judged: Set<String>)
    {
        var files: [JudgedFile] = []
        var projectFiles: [JudgedFile] = []
        let projects = ProjectCheck(policy: policy, formatter: formatter, showsPlatform: true)
        for path in layout.xcodeProjects {
            do throws(ProjectError) {
                if let compiled {
                    projectFiles += projects.judge(try compiled.project(at: path))
                } else {
                    projectFiles += projects.judge(try XcodeProject.read(path))
                }
            } catch {
                projectFiles.append(unreadable(joiningPath(path, "project.pbxproj"), error.description))
            }
        }
        for project in layout.xcodeGenProjects + layout.tuistProjects { projectFiles += projects.judge(project) }
        // A file a target copies out of an Android raw folder ships on both platforms.
        projectFiles = projectFiles.map { file in
            layout.androidRawFolder(holding: file.report.path) == nil || file.report.platform != .ios ? file : onBothPlatforms(file)
        }
        var judged = Set(projectFiles.map { normalizedPath($0.report.path) })
        if choice != .android { files += merged(projectFiles.map { withPurpose($0, usage: usage) }) }
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
                let what =
                    fileName(of: config.path) == "Project.swift"
                    ? "a Tuist project that computes its targets or resources" : "an Expo config in JavaScript or TypeScript"
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

    /// Where the repository names each raw sound among `candidates` that release shrinking
    /// removes because nothing keeps it, by module folder and resource name, in the files
    /// `compiles` keeps (`CompiledSources`): a name found nowhere has no entry. Another app that
    /// ships a resource of the same name names its own when its files spell it (a phone module's
    /// `R.raw.chime` is not its watch module's `chime`; a React Native example's `'hollow'` is not
    /// a Flutter example's).
    func removalMentions(
        among candidates: [SoundCandidate], in layout: RepositoryLayout, modules: [String: AndroidModule],
        keeping compiles: (String) -> Bool
    ) -> [String: [String: RawResourceMentions.Mention]] {
        var removed: [String: Set<String>] = [:]
        var shippers: [String: Set<String>] = [:]
        for candidate in candidates {
            guard let rawFolder = layout.androidRawFolder(holding: candidate.path) else { continue }
            let folder = RepositoryLayout.moduleFolder(ofRawFolder: rawFolder)
            let name = String(Policy.androidResourceName(ofFile: fileName(of: candidate.path)))
            shippers[name, default: []].insert(folder)
            if case .unseen? = modules[folder]?.removal(ofRawResource: name) { removed[folder, default: []].insert(name) }
        }
        let appFolders = layout.appFolders
        // Code no build compiles (a loose MainActivity.java) is no app's: it names nothing.
        let textFiles = removed.isEmpty ? [] : layout.textFiles.filter(compiles)
        var mentions: [String: [String: RawResourceMentions.Mention]] = [:]
        for (folder, names) in removed {
            mentions[folder] = RawResourceMentions.first(of: names, in: textFiles) { name, file in
                let others = (shippers[name] ?? []).subtracting([folder])
                // Skipped: a file of an app that holds another module shipping the name, not this one.
                return others.isEmpty
                    || !appFolders.contains { app in
                        Self.isPath(file, within: app) && !Self.isPath(folder, within: app)
                            && others.contains { Self.isPath($0, within: app) }
                    }
            }
        }
        return mentions
    }

    /// True when `path` is `folder` or inside it (both as the walk shows them; "." holds everything).
    private static func isPath(_ path: String, within folder: String) -> Bool {
        let folder = normalizedPath(folder)
        let path = normalizedPath(path)
        return folder == "." || folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    /// `candidate`, which no app's own check judged, with the platform and purpose the layout
    /// gives it (and what its Android module's release build does to it), or nil when `--platform`
    /// leaves it out. `bundled` holds the sounds the apps' JavaScript requires, with where;
    /// `mentions` tells where the repository names each raw resource that shrinking removes, by
    /// module folder (`removalMentions`), nil when the code was not read.
    func placing(
        _ candidate: SoundCandidate, in layout: RepositoryLayout, modules: [String: AndroidModule], usage: SoundUsage,
        bundled: [String: String], mentions: [String: [String: RawResourceMentions.Mention]]?
    ) -> SoundCandidate? {
        var placed = candidate
        placed.showsPlatform = true
        if let rawFolder = layout.androidRawFolder(holding: candidate.path) {
            guard let platform = choice.judging(.android) else { return nil }
            placed.platform = platform
            Self.givePurpose(to: &placed, usage: usage)
            let name = String(Policy.androidResourceName(ofFile: fileName(of: candidate.path)))
            if let module = modules[RepositoryLayout.moduleFolder(ofRawFolder: rawFolder)],
                let removal = module.removal(ofRawResource: name)
            {
                switch removal {
                case .discarded(let file):
                    placed.addedFindings.append(.androidDiscarded(name, by: file))
                case .unseen(let reason):
                    let keepFile = joiningPath(
                        module.folder == "." ? "src/main/res/raw" : joiningPath(module.folder, "src/main/res/raw"), "keep.xml")
                    if let mentions {
                        // Named somewhere the shrinker does not look: it is asked for, and will be missing.
                        // Named nowhere: maybe a leftover, maybe a server's; it goes either way.
                        placed.addedFindings.append(
                            mentions[module.folder]?[name].map {
                                .androidRemovedInRelease(name, shrinking: reason, keepFile: keepFile, namedAt: "\($0.file):\($0.line)")
                            }
                                ?? .androidUnnamedRemovedInRelease(name, shrinking: reason, keepFile: keepFile))
                    } else {
                        placed.addedFindings.append(.androidRemovedInRelease(name, shrinking: reason, keepFile: keepFile))
                    }
                }
            }
        } else if let held = layout.dotNetProject(holding: candidate.path) {
            return placingDotNet(placed, in: held.project, at: held.relativePath, usage: usage)
        } else if let named = layout.cordovaResources[normalizedPath(candidate.path)] {
            guard let platform = choice.judging(named == "android" ? .android : .ios) else { return nil }
            placed.platform = platform
            Self.givePurpose(to: &placed, usage: usage)
        } else if layout.isFlutterAsset(candidate.path) {
            guard let platform = choice.judging(.both) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.flutterAsset()]
        } else if let web = layout.webAppFolder(holding: candidate.path) {
            guard let platform = choice.judging(.both) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.webAppFile(of: web.framework.name, bundleFolder: web.framework.bundleFolder)]
        } else if let place = bundled[normalizedPath(candidate.path)] {
            guard let platform = choice.judging(.both) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.bundledByScript(at: place)]
        } else if let shape = layout.unreadShape(holding: candidate.path) {
            placed.platform = .none
            placed.unreadShipperNote = .shippedByUnreadProject(shape.description)
        } else {
            placed.platform = .none
        }
        return placed
    }

    /// `candidate`, a sound in a repository that no app's check judged, and outside every app
    /// of `layout`: a note in place of any judgement inside a project soundcheck does not read;
    /// else judged by `plainPlatform`'s rules with the purpose the code shows (a sound only
    /// a player names is the app's own; one nothing names has what would fail it as a
    /// notification sound as warnings).
    func placingOutsideApps(
        _ candidate: SoundCandidate, in layout: RepositoryLayout, plainPlatform: SoundPlatform, usage: SoundUsage
    ) -> SoundCandidate {
        var placed = candidate
        if let shape = layout.unreadShape(holding: candidate.path) {
            placed.platform = .none
            placed.showsPlatform = true
            placed.unreadShipperNote = .shippedByUnreadProject(shape.description)
            return placed
        }
        placed.platform = plainPlatform
        placed.showsPlatform = choice == .android
        Self.givePurpose(to: &placed, usage: usage)
        return placed
    }

    /// Sets `candidate`'s purpose from what the code shows of it (`SoundUsage.evidence`): a
    /// notification call's name makes it a notification sound, a player's the app's own (with
    /// the note naming the line); named nowhere, or only where no call shows what for, it gets
    /// the `purpose-unknown` note, and what would fail it as a notification sound is a warning.
    static func givePurpose(to candidate: inout SoundCandidate, usage: SoundUsage) {
        switch usage.evidence(forSoundNamed: fileName(of: candidate.path)) {
        case .notification?: candidate.purpose = .notification
        case .app(let use)?:
            candidate.purpose = .app
            candidate.addedFindings = [.playedByApp(at: "\(use.file):\(use.line)")]
        case .named(let use)?: candidate.unknownPurposeNote = .purposeUnknown(namedAt: "\(use.file):\(use.line)")
        case nil: candidate.unknownPurposeNote = .purposeUnknown()
        }
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
            var added = [Finding.androidDuplicateResource(String(name), otherFiles: others.map(fileName(of:)))]
            if report.purpose == .unknown, !report.verdict.findings.contains(where: { $0.code == .purposeUnknown }) {
                added.append(.purposeUnknown())
            }
            report.verdict = policy.adding(added, to: report.verdict, path: path)
            return JudgedFile(report, renderedBy: formatter, root: file.root)
        }
    }

    /// A project's report on a file that is also an Android raw resource, judged by both
    /// platforms' rules, with what the project showed about its way into the bundle.
    private func onBothPlatforms(_ file: JudgedFile) -> JudgedFile {
        var report = file.report
        let shipping: Set<FindingCode> = [.notAtBundleRoot, .duplicateName, .missing]
        report.verdict = policy.adding(
            report.verdict.findings.filter { shipping.contains($0.code) }, to: policy.verdict(forFileAt: report.path, platform: .both),
            path: report.path)
        report.platform = .both
        return JudgedFile(report, renderedBy: formatter, root: file.root)
    }

    /// A project's report with the purpose the code shows: a sound only the app's own playback
    /// names keeps only what breaks the build or the bundle (`missing`, `duplicate-name`) and says
    /// where it is played, unless the policy is strict; a failing sound nothing names says so.
    private func withPurpose(_ file: JudgedFile, usage: SoundUsage) -> JudgedFile {
        var report = file.report
        guard report.platform.usesAppleRules else { return file }
        switch usage.evidence(forSoundNamed: fileName(of: report.path)) {
        case .notification?:
            report.purpose = .notification
        case .app(let use)?:
            report.purpose = .app
            guard !policy.holdsToNotificationRules(report.path) else { break }
            let kept = report.verdict.findings.filter { $0.code == .missing || $0.code == .duplicateName }
            let unjudged = Verdict(description: report.verdict.description, findings: [], passed: true)
            report.verdict = policy.adding(kept + [.playedByApp(at: "\(use.file):\(use.line)")], to: unjudged, path: report.path)
        case .named(let use)?:
            return withPurposeUncertain(file, note: .purposeUnknown(namedAt: "\(use.file):\(use.line)"))
        case nil:
            return withPurposeUncertain(file, note: .purposeUnknown())
        }
        return JudgedFile(report, renderedBy: formatter, root: file.root)
    }

    /// A report on a sound nothing showed the purpose of, with what would fail it as a
    /// notification sound made warnings and `note` saying why (`Policy.withPurposeUncertain`).
    private func withPurposeUncertain(_ file: JudgedFile, note: Finding) -> JudgedFile {
        var report = file.report
        let uncertain = policy.withPurposeUncertain(report.verdict, path: report.path)
        guard uncertain.demoted else { return file }
        report.verdict = policy.adding([note], to: uncertain.verdict, path: report.path)
        return JudgedFile(report, renderedBy: formatter, root: file.root)
    }

    /// `files` with the reports of one file that several targets copy, with the same findings,
    /// made one that names every target.
    private func merged(_ files: [JudgedFile]) -> [JudgedFile] {
        var firstIndex: [String: Int] = [:]
        var result: [JudgedFile] = []
        for file in files {
            let findings = file.report.verdict.findings.map { "\($0.code.rawValue):\($0.message)" }.joined(separator: "\u{0}")
            let key = file.report.path + "\u{0}" + file.report.platform.rawValue + "\u{0}" + findings
            guard file.report.target != nil, let index = firstIndex[key] else {
                firstIndex[key] = result.count
                result.append(file)
                continue
            }
            var report = result[index].report
            guard let target = file.report.target, target != report.target, !report.moreTargets.contains(target) else { continue }
            report.moreTargets.append(target)
            result[index] = JudgedFile(report, renderedBy: formatter, root: file.root)
        }
        return result
    }

    private func note(_ path: String, _ finding: Finding) -> JudgedFile {
        shippedByNone(FileReport(path: path, verdict: policy.verdict(of: [finding], path: path)))
    }

    private func unreadable(_ path: String, _ problem: String) -> JudgedFile {
        shippedByNone(.unreadableInput(path, problem: problem, policy: policy))
    }

    /// A report on a file no app ships (a config, a project), as a repository run shows it.
    private func shippedByNone(_ report: FileReport) -> JudgedFile {
        var report = report
        report.platform = .none
        report.showsPlatform = true
        report.isSound = false
        return JudgedFile(report, renderedBy: formatter, root: -1)
    }
}
