import AppArchive
import AppContents
import AppRepository
import SoundContainers
import SoundPolicy
import SoundResolver

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the inventory of what an input ships: an Xcode project, a repository, a built `.app`,
/// an `.ipa`, an `.apk` or `.aab`. Each sound is judged by its platform's rules, as `validate`
/// judges it, and placed where the build puts it.
public struct InventoryBuilder: Sendable {
    /// The rules each sound is judged by.
    public let policy: Policy

    /// A builder that judges each sound under `policy`.
    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// The inventory of the input at `path`.
    /// - Throws: `UsageFailure` for an input that is missing, unreadable, or ships no app.
    public func inventory(of path: String) throws -> SoundInventory {
        var apps: [SoundInventory.App]
        switch try AppInput.classify(path) {
        case .appBundle(let bundle): apps = [app(ofBundle: bundle)]
        case .appArchive(let archive): apps = [try app(ofArchive: archive)]
        case .androidArchive(let archive): apps = [try app(ofAndroidArchive: archive)]
        case .xcodeProjects(let projects): apps = try projects.flatMap { appTargets(of: try readProject($0)) }
        case .expoConfig: throw UsageFailure(message: "\(path): an Expo config lists sounds, not a build; give the repository or the built app")
        case nil: apps = try appsOfRepository(path)
        }
        guard !apps.isEmpty else { throw UsageFailure(message: "\(path): no app was found (an Xcode project, an Android module with res/raw, an Expo config with sounds)") }
        let ordered = apps.sorted { (Self.rank($0.platform), $0.name) < (Self.rank($1.platform), $1.name) }
        return SoundInventory(generator: "soundcheck \(SoundcheckVersion.current)", input: path, apps: ordered)
    }

    /// Where a platform's apps come in the inventory: iOS, macOS, Android.
    private static func rank(_ platform: SoundPlatform) -> Int {
        switch platform {
        case .ios: return 0
        case .macos: return 1
        default: return 2
        }
    }

    /// A built `.app`: its sounds at the root and in subfolders. A macOS app keeps its resources
    /// and its `Info.plist` in `Contents/`.
    private func app(ofBundle bundle: String) -> SoundInventory.App {
        func isFolder(_ path: String) -> Bool {
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
        let isMacOS = isFolder(joiningPath(bundle, "Contents/Resources"))
        let resources = isMacOS ? joiningPath(bundle, "Contents/Resources") : bundle
        var sounds = AppBundleSounds(of: bundle).sounds.map { sound in
            self.sound(named: fileName(of: sound.bundlePath), at: sound.path, atRoot: sound.isAtBundleRoot, header: describe(sound.path))
        }
        _ = forEachEntry(inFolder: resources) { rawName, type in
            let name = String(cString: rawName)
            let path = joiningPath(resources, name)
            if SniffedFormat.isNamedLikeSound(name), isFolder(path) { sounds.append(Self.notAFile(named: name, at: path)) }
        }
        let info = (try? readWholeFile(atPath: joiningPath(bundle, isMacOS ? "Contents/Info.plist" : "Info.plist"), limit: 1 << 20)) ?? []
        let app = SoundInventory.App(platform: isMacOS ? .macos : .ios, name: fileName(of: bundle), bundle: resources, sounds: sounds)
        return Self.identified(app, info: info)
    }

    /// `app` with the identity its `Info.plist` (the bytes `info`) gives.
    private static func identified(_ app: SoundInventory.App, info: [UInt8]) -> SoundInventory.App {
        let strings = PropertyListStrings.strings(in: info)
        var app = app
        app.identifier = strings["CFBundleIdentifier"]
        app.version = strings["CFBundleShortVersionString"]
        app.build = strings["CFBundleVersion"]
        return app
    }

    /// An `.ipa`, read in place.
    private func app(ofArchive path: String) throws -> SoundInventory.App {
        try readingArchive(path) { archive throws(ArchiveError) in
            let contents = try AppArchiveSounds(of: archive)
            let bundle = joiningPath(path, contents.app)
            var sounds = contents.sounds.map { sound in
                self.sound(
                    named: fileName(of: sound.bundlePath), at: joiningPath(path, sound.entry.name), atRoot: sound.isAtBundleRoot,
                    header: Result { () throws(ParseError) in try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive)) },
                    inArchive: true)
            }
            for entry in archive.entries where entry.isFolder && entry.name.hasPrefix(contents.app + "/") {
                let inner = entry.name.dropFirst(contents.app.count + 1)
                let name = String(inner.hasSuffix("/") ? inner.dropLast() : inner)
                if !name.contains("/"), SniffedFormat.isNamedLikeSound(name) {
                    sounds.append(Self.notAFile(named: name, at: joiningPath(path, entry.name)))
                }
            }
            let plist = archive.entries.first { $0.name == contents.app + "/Info.plist" }
            let info = plist.flatMap { entry in
                let source = ArchiveEntrySource(entry, in: archive)
                return entry.size <= 1 << 20 ? (try? Array(source.read(at: 0, length: Int(entry.size)))) : nil
            }
            return Self.identified(
                SoundInventory.App(platform: .ios, name: fileName(of: contents.app), bundle: bundle, sounds: sounds), info: info ?? [])
        }
    }

    /// An `.apk` or `.aab`, read in place: the base module's raw resources win a name.
    private func app(ofAndroidArchive path: String) throws -> SoundInventory.App {
        try readingArchive(path) { archive throws(ArchiveError) in
            let sounds = try AndroidArchiveSounds(of: archive).sounds.sorted {
                ($0.module == "base" ? 0 : 1, $0.entry.name) < ($1.module == "base" ? 0 : 1, $1.entry.name)
            }
            return SoundInventory.App(
                platform: .android, name: fileName(of: path),
                sounds: rawSounds(
                    sounds.map { sound in
                        (joiningPath(path, sound.entry.name), Result { () throws(ParseError) in
                            try AudioFileParser.describe(ArchiveEntrySource(sound.entry, in: archive))
                        })
                    }, inArchive: true))
        }
    }

    /// The app targets of an Xcode project (or a project read from an XcodeGen spec), those that
    /// ship no sound too: every name sent to them plays the default sound.
    private func appTargets(of project: XcodeProject) -> [SoundInventory.App] {
        let shipped = ProjectSounds(of: project).shipped
        return project.targets.filter(\.buildsApp).map { target in
            let sounds = shipped.filter { $0.target == target.name }.map { sound in
                let path = sound.source.onDisk(projectFolder: project.folder) ?? sound.source.description
                return self.sound(
                    named: fileName(of: sound.bundlePath), at: joiningPath(target.name + ".app", sound.bundlePath),
                    atRoot: sound.isAtBundleRoot, header: describeListed(path), judgedPath: path)
            }
            // A setting that names another (`$(FLUTTER_BUILD_NAME)`) is known only to the build.
            func literal(_ key: String) -> String? { target.releaseSettings[key].flatMap { $0.contains("$") ? nil : $0 } }
            return SoundInventory.App(
                platform: target.buildsForMacOS ? .macos : .ios, name: target.name, identifier: literal("PRODUCT_BUNDLE_IDENTIFIER"),
                version: literal("MARKETING_VERSION"),
                build: literal("CURRENT_PROJECT_VERSION"), bundle: target.name + ".app", sounds: sounds)
        }
    }

    /// The apps a repository's walk finds: its Xcode projects (and XcodeGen specs) and the
    /// Android modules whose `res/raw` folders hold sounds.
    private func appsOfRepository(_ path: String) throws -> [SoundInventory.App] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw UsageFailure(message: "\(path): no such file or folder") }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw UsageFailure(message: "\(path): not an app (give an Xcode project, a repository, a .app, an .ipa, an .apk or an .aab)")
        }
        // The walk's candidates are the files `validate` would judge: a raw folder's sounds among them.
        var candidatesByFolder: [String: [SoundCandidate]] = [:]
        let layout = RepositoryLayout(
            SoundFileCollector().collectFolder(path, root: 0) { candidatesByFolder[parentFolder(of: $0.path), default: []].append($0) })
        let projects = try layout.xcodeProjects.map { try readProject($0) } + layout.xcodeGenProjects + layout.tuistProjects
        let targets: [(project: String, apps: [SoundInventory.App])] = projects.map { ($0.path, appTargets(of: $0)) }
        // Two projects' targets of one name (a Flutter repository's ios/ and macos/ Runner) are
        // told apart by their project.
        let names = Dictionary(grouping: targets.flatMap { $0.apps.map(\.name) }) { $0 }.mapValues(\.count)
        var apps = targets.flatMap { project, found in
            found.map { app in
                var app = app
                if names[app.name, default: 0] > 1 { app.name += " (\(project))" }
                return app
            }
        }
        // A module's source sets (main, debug, flavours) merge into one app: main's files first.
        let modules = Dictionary(grouping: layout.androidRawFolders) { folder in
            parentFolder(of: parentFolder(of: parentFolder(of: parentFolder(of: folder))))
        }
        for (module, folders) in modules.sorted(by: { $0.key < $1.key }) {
            let ordered = folders.sorted { ($0.contains("/src/main/") ? 0 : 1, $0) < ($1.contains("/src/main/") ? 0 : 1, $1) }
            let files = ordered.flatMap { folder in
                (candidatesByFolder[folder] ?? []).sorted { $0.path < $1.path }.compactMap { candidate in
                    candidate.describe().map { (candidate.path, $0) }
                }
            }
            let sounds = rawSounds(files)
            guard !sounds.isEmpty else { continue }
            let gradle = ["build.gradle.kts", "build.gradle"].map { joiningPath(module, $0) }.first { FileIdentity.of($0) != nil }
            let text = gradle.map { String(decoding: (try? readWholeFile(atPath: $0, limit: 4 << 20)) ?? [], as: UTF8.self) } ?? ""
            let language = gradle.flatMap { CodeLanguage(fileExtension: fileExtension(of: $0)) } ?? .groovy
            func setting(_ name: String) -> String? { AndroidBuildRules.literalSetting(name, in: text, language: language) }
            apps.append(
                SoundInventory.App(
                    platform: .android, name: module, identifier: setting("applicationId"), version: setting("versionName"),
                    build: setting("versionCode"), sounds: sounds))
        }
        // An Expo app with no native projects committed: prebuild copies its plugin's sounds to
        // the bundle's root and to res/raw.
        for config in layout.expoConfigs where !config.sounds.isEmpty {
            let files = config.sounds.map(config.location(of:))
            if !apps.contains(where: { $0.platform == .ios }) {
                // The file Android gets too: Apple's conversion alone (a CAF) would not play there.
                let sounds = files.map { file in
                    var shared = sound(named: fileName(of: file), at: file, atRoot: true, header: describe(file))
                    shared.findings = shared.findings.map(\.forBothPlatforms)
                    return shared
                }
                apps.append(SoundInventory.App(platform: .ios, name: config.path, sounds: sounds))
            }
            if !apps.contains(where: { $0.platform == .android }) {
                apps.append(SoundInventory.App(platform: .android, name: config.path, sounds: rawSounds(files.map { ($0, describe($0)) })))
            }
        }
        return apps
    }

    /// Raw resources in merge order, the first of each resource name winning.
    private func rawSounds(_ files: [(path: String, header: Result<AudioDescription, ParseError>)], inArchive: Bool = false)
        -> [SoundInventory.Sound]
    {
        var seen = Set<String>()
        return files.compactMap { file in
            let resource = String(Policy.androidResourceName(ofFile: fileName(of: file.path)))
            guard seen.insert(resource).inserted else { return nil }
            let judged = policy.verdict(for: file.header, path: file.path, platform: .android)
            let verdict = inArchive ? ArchiveCheck.withoutFixes(judged) : judged
            return SoundInventory.Sound(
                name: resource, location: .raw, path: file.path, passed: verdict.passed, findings: verdict.findings,
                audio: verdict.description.map(SoundInventory.Audio.init))
        }
    }

    /// A sound of a bundle, judged by Apple's rules at `judgedPath` (its source, for a project);
    /// a sound inside an archive gets no fix: the file to fix is the one the archive was built from.
    private func sound(
        named name: String, at path: String, atRoot: Bool, header: Result<AudioDescription, ParseError>, judgedPath: String? = nil,
        inArchive: Bool = false
    ) -> SoundInventory.Sound {
        let judged = policy.verdict(for: header, path: judgedPath ?? path)
        let verdict = inArchive ? ArchiveCheck.withoutFixes(judged) : judged
        return SoundInventory.Sound(
            name: name, location: atRoot ? .bundle : .bundleSubfolder, path: path, passed: verdict.passed, findings: verdict.findings,
            audio: verdict.description.map(SoundInventory.Audio.init))
    }

    /// A folder named like a sound at a bundle's root: it wins the lookup and cannot play.
    private static func notAFile(named name: String, at path: String) -> SoundInventory.Sound {
        SoundInventory.Sound(name: name, location: .bundle, path: path, passed: false, findings: [], audio: nil)
    }

    private func describe(_ path: String) -> Result<AudioDescription, ParseError> {
        Result { () throws(ParseError) in try AudioFileParser.describeFile(atPath: path) }
    }

    /// The same for a file a project names: "no such file" unless its folder lists the name as the
    /// project spells it, as a build on a case-sensitive disk finds it (a Mac's case-insensitive
    /// disk would open `ding.caf` for `Ding.caf`).
    private func describeListed(_ path: String) -> Result<AudioDescription, ParseError> {
        guard folderListsName(of: path) || FileIdentity.of(path) == nil else { return .failure(.unreadable(reason: "no such file")) }
        return describe(path)
    }

    private func readProject(_ path: String) throws -> XcodeProject {
        do throws(ProjectError) {
            return try XcodeProject.read(path)
        } catch {
            throw UsageFailure(message: "\(path): \(error)")
        }
    }

    private func readingArchive<T>(_ path: String, _ body: (ZipArchive) throws(ArchiveError) -> T) throws -> T {
        do throws(ArchiveError) {
            return try body(try ZipArchive(path: path))
        } catch {
            if case .readerMissing = error { throw ToolFailure(message: error.description) }
            throw UsageFailure(message: "\(path): \(error.description)")
        }
    }
}
