import AppContents
import AppRepository
import SoundContainers
import SoundPolicy

/// The names a repository's code asks for, checked against what each platform ships: an iOS
/// name against the file names the iOS apps ship, an Android name against the raw resource names,
/// a cross-platform name (a JavaScript call or a server's body) against each platform the
/// repository ships to. A name nothing answers is a report on the line that asks for it; calls
/// that name their sound at run time are counted; a shipped sound nothing asks for gets an
/// `unused-sound` note when the policy asks for them.
struct NameCrossCheck {
    /// A web folder's files (Cordova's `www/`, Capacitor's web files) by the name iOS or Android
    /// would ask for: the file's path and the folder it lies in.
    typealias WebFiles = (ios: [String: (path: String, folder: WebAppFolder)], android: [String: (path: String, folder: WebAppFolder)])

    let policy: Policy
    let formatter: any ReportFormatter
    let choice: PlatformChoice

    /// Whether any of the cross-check's findings can be reported under `policy`: with
    /// `unknown-sound-name` and `names-at-run-time` turned off (and `unused-sound` not asked for),
    /// the code is still read for what each sound is for, but not for the names it asks for.
    static func canReport(under policy: Policy) -> Bool {
        policy.rules[.unknownSoundName] != .off || policy.rules[.namesAtRunTime] != .off || reportsUnused(under: policy)
    }

    /// Whether `unused-sound` notes are asked for: a strict policy, or a rule that sets the code.
    private static func reportsUnused(under policy: Policy) -> Bool {
        policy.rules[.unusedSound] != .off && (policy.isStrict || policy.rules[.unusedSound] != nil)
    }

    /// The reports to add for `files` (the repository's, judged) and the names `usage` found,
    /// and `files` with the unused-sound notes added.
    func check(_ files: [JudgedFile], layout: RepositoryLayout, usage: SoundUsage, root: Int) -> [JudgedFile] {
        var iosNames: [String: String] = [:]
        var iosSubfolder: [String: SubfolderFile] = [:]
        var androidNames: [String: String] = [:]
        var looseIOS: [(name: String, path: String)] = []
        for file in files where file.report.purpose != .app && isShipped(file.report) {
            let name = fileName(of: file.report.path)
            if file.report.platform.usesAppleRules {
                // A copy in a subfolder of the bundle (a folder reference) answers no notification's name.
                if let bundlePath = file.report.bundlePath, !isAtBundleRoot(bundlePath) {
                    if iosSubfolder[name] == nil { iosSubfolder[name] = SubfolderFile(path: file.report.path, bundlePath: bundlePath) }
                } else if !file.report.showsPlatform {
                    looseIOS.append((name, file.report.path))
                } else if iosNames[name] == nil {
                    iosNames[name] = file.report.path
                }
            }
            if file.report.platform.usesAndroidRules {
                let resource = String(Policy.androidResourceName(ofFile: name))
                if androidNames[resource] == nil { androidNames[resource] = file.report.path }
            }
        }
        // A loose file (in a folder no app lies around, judged by iOS's rules) answers a name,
        // unless a target shows that its copy of the name lands in a subfolder of the bundle.
        for (name, path) in looseIOS where iosNames[name] == nil && iosSubfolder[name] == nil { iosNames[name] = path }
        // Every file of a res/raw folder is a raw resource, a sound or not (an MP4 a MediaPlayer
        // plays, `keep.xml`): a name that one answers is shipped, though no hint points to it.
        var otherRawResources = Set<String>()
        for folder in layout.androidRawFolders {
            for name in filesUnder(folder, limit: 10_000) where !name.contains("/") {
                otherRawResources.insert(String(Policy.androidResourceName(ofFile: name)))
            }
        }
        // The apps may ship nothing at all: a name asked of them is missing all the same.
        let shipsNoSound = (
            ios: !files.contains { isShipped($0.report) && $0.report.platform.usesAppleRules },
            android: otherRawResources.isEmpty && !files.contains { isShipped($0.report) && $0.report.platform.usesAndroidRules }
        )
        // A Cordova or Capacitor app's web files ship in a folder of their own, where no notification looks.
        var webIOS: [String: (path: String, folder: WebAppFolder)] = [:]
        var webAndroid: [String: (path: String, folder: WebAppFolder)] = [:]
        for file in files where file.report.isSound {
            guard let folder = layout.webAppFolder(holding: file.report.path) else { continue }
            let name = fileName(of: file.report.path)
            if webIOS[name] == nil { webIOS[name] = (file.report.path, folder) }
            let resource = String(Policy.androidResourceName(ofFile: name))
            if webAndroid[resource] == nil { webAndroid[resource] = (file.report.path, folder) }
        }
        let kinds = Set(layout.apps.map(\.kind))
        let shipsIOS =
            (!kinds.isDisjoint(with: [.xcode, .xcodeGen, .expo]) || !layout.tuistProjects.isEmpty
                || layout.cordovaPlatforms.contains("ios") || layout.dotNetShipsApple) && choice != .android
        let shipsAndroid =
            (layout.buildsAndroid || kinds.contains(.expo) || layout.cordovaPlatforms.contains("android") || layout.dotNetShipsAndroid)
            && choice != .ios
        // Only the code inside an app's folder asks for that app's sounds (a folder of code
        // samples beside the apps does not); a push sender's asks every app, wherever it lies.
        let hasApps = !layout.apps.isEmpty
        // Kotlin of a Kotlin Multiplatform module (`shared/src/iosMain`, KMPNotifier's iOS settings
        // in `commonMain`) runs in the iOS app beside the module (`iosApp/iosApp.xcodeproj`), which
        // embeds it as a framework.
        let asksApps = { (use: SoundNameUse) in
            layout.hasApp(around: use.file) || use.isFromServer && hasApps
                || shipsIOS && use.platform == .ios && KotlinSourceSets.isInSourceSet(use.file)
        }
        let named = reports(
            for: usage.nameUses.filter(asksApps), ios: iosNames,
            android: androidNames, otherRawResources: otherRawResources, shipsIOS: shipsIOS, shipsAndroid: shipsAndroid,
            shipsNoSound: shipsNoSound, web: (ios: webIOS, android: webAndroid), iosSubfolder: iosSubfolder, layout: layout,
            failures: Self.failures(of: files), outsideRaw: Self.androidResourcesOutsideRaw(in: files, layout: layout), root: root)
        var added = named.reports
        // A package spelled out in an android.resource:// URI, against the ids the variants install.
        if policy.rules[.androidResourcePackage] != .off, shipsAndroid {
            let modules = layout.apps.filter { $0.kind == .android }.map { RepositoryLayout.androidModuleFolder(of: $0.path) }
            added += ResourcePackageCheck(policy: policy, formatter: formatter).reports(
                for: usage.nameUses.filter { layout.hasApp(around: $0.file) }, appModules: modules, root: root)
        }
        if let first = usage.runTimeNames.first,
            case let verdict = policy.verdict(of: [.namesAtRunTime(usage.runTimeNames.count, firstIn: first)], path: first),
            !verdict.findings.isEmpty
        {
            added.append(
                JudgedFile(
                    FileReport(path: first, verdict: verdict, platform: .none, showsPlatform: true, isSound: false), renderedBy: formatter,
                    root: root))
        }
        return withUnusedNotes(files, asked: named.asked) + added
    }

    /// The reports on the notification names of `uses` that no sound answers (`ios` and
    /// `android`: the names shipped, each with a path that ships it), and every name they ask for.
    /// `shipsNoSound` says which platform's apps ship no sound at all, `web` the files of a
    /// Cordova or Capacitor app's web folder by name, and `iosSubfolder` the files an iOS target
    /// copies only into a subfolder of its bundle, by name, for the hints; `layout` is the
    /// repository's, where a `file://` name of a web app's assets is looked for (without one, none
    /// is judged).
    func reports(
        for uses: [SoundNameUse], ios iosNames: [String: String], android androidNames: [String: String],
        otherRawResources: Set<String>, shipsIOS: Bool, shipsAndroid: Bool,
        shipsNoSound: (ios: Bool, android: Bool) = (false, false), web: WebFiles = (ios: [:], android: [:]),
        iosSubfolder: [String: SubfolderFile] = [:], layout: RepositoryLayout? = nil, failures: [String: PlatformFailures] = [:],
        outsideRaw: [String: String] = [:], root: Int
    ) -> (reports: [JudgedFile], asked: Set<String>) {
        let (webIOS, webAndroid) = (web.ios, web.android)
        var added: [JudgedFile] = []
        var asked = Set<String>()
        // The shipped iOS files' names without their extensions (`tone` for `tone.wav`).
        let iosStems = Set(iosNames.keys.map { name in name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name })
        // A player's name (`MediaPlayer.create(context, R.raw.tone)`) asks for no notification sound.
        for use in uses where use.purpose == .notification {
            asked.insert(use.name)
            asked.insert(String(Policy.androidResourceName(ofFile: use.name)))
            // cordova-plugin-local-notification's file:// names a file of the app's web assets.
            if use.name.hasPrefix("file://") {
                if let layout, let missing = WebAssetSound.missing(use.name, askedIn: use.file, layout: layout) {
                    added += webAssetReports(missing, use: use, root: root)
                }
                continue
            }
            var missing: [(platform: SoundPlatform, hints: [String])] = []
            // A generic key's name with no extension is taken for Android's (a raw resource's);
            // a known API that asks both asks iOS for it as it is written.
            let asksIOS =
                use.platform == .ios || (use.platform == .crossPlatform && (use.isCertain || SniffedFormat.isNamedLikeSound(use.name)))
            let asksAndroid = use.platform == .android || use.platform == .crossPlatform
            // A generic key's name that a shipped iOS file answers but for its extension (`sound:
            // 'tone'` beside `tone.wav`) is no warning: the call soundcheck does not know may add the
            // extension, as an app's own alarm module does. A known call is judged by its library's mapping.
            let stemShips = !use.isCertain && !use.name.contains(".") && iosStems.contains(use.name)
            if asksIOS, shipsIOS, !stemShips, iosNames[use.name] == nil, !shipsPath(use.name, ios: iosNames),
                !shipsPath(use.name, ios: iosSubfolder.mapValues(\.path))
            {
                let nothing = shipsNoSound.ios ? ["no app here ships a sound to iOS at all"] : []
                if let web = webIOS[fileName(of: use.name)] {
                    missing.append(
                        (.ios, nothing + [web.folder.iosRemedy(for: web.path)] + iosHints(use.name, ios: iosNames, android: androidNames)))
                } else if let subfolder = iosSubfolder[use.name] {
                    missing.append((.ios, [subfolder.remedy]))
                } else {
                    missing.append((.ios, nothing + Self.libraryHints(for: use) + iosHints(use.name, ios: iosNames, android: androidNames)))
                }
            }
            let resource = String(Policy.androidResourceName(ofFile: use.name))
            // awesome_notifications' Android core looks `resource://raw/NAME` up as `res_NAME` first
            // (AndroidAwnCore's AudioUtils.getAudioResourceId), then as `NAME`.
            let awesomeAlternative = Self.isAwesomeRequest(use) && androidNames["res_" + resource] != nil
            if asksAndroid, shipsAndroid, !awesomeAlternative,
                androidNames[resource] == nil && !otherRawResources.contains(resource)
                    || use.platform == .android && use.name.contains(".")
                        && (use.foundBy.hasPrefix("RawResourceAndroidNotificationSound") || use.foundBy == "/raw/")
            {
                let nothing = shipsNoSound.android ? ["no app here ships a raw resource at all"] : []
                let web = webAndroid[resource].map { [$0.folder.androidRemedy(for: $0.path)] } ?? []
                // A .NET project's resource of that name outside res/raw (`Resources/values/raw/x.mp3`) is near.
                let elsewhere = outsideRaw[resource].map { ["\($0), not in res/raw"] } ?? []
                missing.append((.android, nothing + web + elsewhere + androidHints(use.name, android: androidNames, ios: iosNames)))
            }
            // A certain request for a file that ships but fails the platform's rules: the line that asks says so too.
            var failing: [(platform: String, path: String, failure: Finding)] = []
            if use.isCertain, asksIOS, shipsIOS, let path = iosNames[use.name], let failure = failures[path]?.ios {
                failing.append(("iOS", path, failure))
            }
            if use.isCertain, asksAndroid, shipsAndroid, let path = androidNames[resource], let failure = failures[path]?.android {
                failing.append(("Android", path, failure))
            }
            for (platform, path, failure) in failing {
                let finding = Finding.requestedSoundFails(use.name, platform: platform, path: path, failure: failure)
                let verdict = policy.verdict(of: [finding], path: use.file)
                guard !verdict.findings.isEmpty else { continue }
                var report = FileReport(
                    path: use.file, verdict: verdict, platform: platform == "iOS" ? .ios : .android, showsPlatform: true,
                    purpose: .notification)
                report.line = use.line
                report.isSound = false
                added.append(JudgedFile(report, renderedBy: formatter, root: root))
            }
            for (platform, hints) in missing {
                let finding = Finding.unknownSoundName(
                    use.name, platform: platform == .ios ? "iOS" : "Android", hints: hints, genericKey: use.isCertain ? nil : use.foundBy)
                let verdict = policy.verdict(of: [finding], path: use.file)
                // A rule or an exemption that drops the finding leaves nothing to report on the code.
                guard !verdict.findings.isEmpty else { continue }
                var report = FileReport(
                    path: use.file, verdict: verdict, platform: platform, showsPlatform: true, purpose: .notification)
                report.line = use.line
                report.isSound = false
                added.append(JudgedFile(report, renderedBy: formatter, root: root))
            }
        }
        return (added, asked)
    }

    /// The reports on `use`, a `file://` URI naming `missing`: one for each platform the app
    /// builds (under the platform choice), an error when no build step can write the file, or
    /// one warning with no platform when the app's platforms are not known.
    private func webAssetReports(_ missing: WebAssetSound, use: SoundNameUse, root: Int) -> [JudgedFile] {
        let platforms: [SoundPlatform] = missing.platforms.compactMap { name in
            let platform: SoundPlatform = name == "ios" ? .ios : .android
            return choice.judging(platform)
        }
        let asked: [SoundPlatform] = missing.platforms.isEmpty ? [.none] : platforms
        return asked.compactMap { platform in
            let name = platform == .ios ? "iOS" : platform == .android ? "Android" : nil
            let finding =
                missing.isCertain && name != nil
                ? Finding.missingWebAsset(use.name, path: missing.path, platform: name ?? "")
                : Finding.unknownFileURI(use.name, path: missing.path, platform: name)
            let verdict = policy.verdict(of: [finding], path: use.file)
            guard !verdict.findings.isEmpty else { return nil }
            var report = FileReport(path: use.file, verdict: verdict, platform: platform, showsPlatform: true, purpose: .notification)
            report.line = use.line
            report.isSound = false
            return JudgedFile(report, renderedBy: formatter, root: root)
        }
    }

    /// The first error of a shipped sound under each platform's rules: Android's own codes for
    /// Android, the others for iOS.
    struct PlatformFailures {
        var ios: Finding?
        var android: Finding?
    }

    /// Android's own finding codes: the rest, on a sound Apple's rules judge, are Apple's.
    private static let androidCodes: Set<FindingCode> = [
        .androidResourceName, .androidDuplicateResource, .androidUnsupportedFormat, .androidRemovedInRelease,
    ]

    /// The codes that say how a file ships or builds, not whether its platform plays it: each
    /// already names where it is asked for, or fails the build itself.
    private static let shippingCodes: Set<FindingCode> = [
        .missing, .duplicateName, .notAtBundleRoot, .androidRemovedInRelease, .androidDuplicateResource, .androidResourceName,
    ]

    /// The failures of `files` by path: each shipped notification sound's (or unknown one's) first
    /// error under the rules of each platform that judges it.
    static func failures(of files: [JudgedFile]) -> [String: PlatformFailures] {
        var found: [String: PlatformFailures] = [:]
        for file in files where file.report.purpose != .app && file.report.line == nil {
            let errors = file.report.verdict.findings.filter { $0.severity == .error && !shippingCodes.contains($0.code) }
            guard !errors.isEmpty else { continue }
            var failures = PlatformFailures()
            if file.report.platform.usesAppleRules { failures.ios = errors.first { !androidCodes.contains($0.code) } }
            if file.report.platform.usesAndroidRules {
                failures.android = errors.first { androidCodes.contains($0.code) || file.report.platform == .android }
            }
            if failures.ios != nil || failures.android != nil { found[file.report.path] = failures }
        }
        return found
    }

    /// The .NET projects' Android resources outside `res/raw` among `files`, by resource name: where
    /// each lands (`lands at res/values/raw/x.mp3 (from PATH)`), for the hint on a name asked of raw.
    static func androidResourcesOutsideRaw(in files: [JudgedFile], layout: RepositoryLayout) -> [String: String] {
        guard !layout.dotNetProjects.isEmpty else { return [:] }
        var found: [String: String] = [:]
        for file in files where file.report.purpose == .app && file.report.platform.usesAndroidRules {
            guard let held = layout.dotNetProject(holding: file.report.path) else { continue }
            for case .androidResource(let resourcePath) in held.project.shipments(ofFile: held.relativePath) {
                let name = String(Policy.androidResourceName(ofFile: fileName(of: resourcePath)))
                if found[name] == nil { found[name] = "\(file.report.path) lands at res/\(resourcePath.lowercased())" }
            }
        }
        return found
    }

    /// A sound an iOS target copies into a subfolder of its bundle (a folder reference's): its
    /// path and where it lands in the bundle.
    struct SubfolderFile {
        let path: String
        let bundlePath: String

        /// Why a notification that names the file plays the default sound, and what to do.
        /// Apple's UNNotificationSound: the sound file must be in the app's main bundle (its
        /// root, where `UNNotificationSound(named:)` looks) or in the Library/Sounds folder of
        /// the app's container; a file in a subfolder of the bundle is in neither.
        var remedy: String {
            "'\(fileName(of: bundlePath))' lands only at \(bundlePath) in the bundle (copied from \(path)); a notification looks "
                + "for it at the bundle root or in Library/Sounds only: copy the file itself, not its folder"
        }
    }

    /// What the library that asked for `use` does with its name on iOS, where that explains why
    /// the default sound plays: awesome_notifications looks for `NAME.aiff` alone at the bundle
    /// root and never plays an `asset://` sound (rafaelsetragni/awesome_notifications,
    /// ios/AwnCore/Classes/utils/AudioUtils.swift: `getSoundFromResource`, `getSoundFromAsset`).
    static func libraryHints(for use: SoundNameUse) -> [String] {
        guard use.platform == .ios, isAwesomeRequest(use) else { return [] }
        if use.name.hasPrefix("asset://") {
            return ["awesome_notifications never plays an asset:// sound on iOS: write resource://raw/NAME and bundle NAME.aiff"]
        }
        return [
            "awesome_notifications plays only '\(use.name)' at the bundle root for resource://raw/\(removingExtension(from: use.name)); "
                + "a file of any other extension plays the default sound"
        ]
    }

    /// True when awesome_notifications' keys asked for `use` (`soundSource:`, `customSound:`).
    static func isAwesomeRequest(_ use: SoundNameUse) -> Bool {
        SoundNameScanner.awesomePrefixes.contains { use.foundBy.hasSuffix($0) }
    }

    /// True when `name` is a path (`media/kick.wav`) that a shipped sound's path ends with: a
    /// folder reference copies the folder into the bundle whole, and where it lands is judged on
    /// the sound itself (`not-at-bundle-root`).
    private func shipsPath(_ name: String, ios: [String: String]) -> Bool {
        guard name.contains("/"), let path = ios[fileName(of: name)] else { return false }
        return path == name || path.hasSuffix("/" + name)
    }

    /// True when an app ships the file: a target copies it, an Expo config lists it, it is a raw resource.
    private func isShipped(_ report: FileReport) -> Bool {
        report.platform != .none && !report.verdict.findings.contains { $0.code == .missing }
    }

    private func iosHints(_ name: String, ios: [String: String], android: [String: String]) -> [String] {
        var hints: [String] = []
        let stem = removingExtension(from: fileName(of: name))
        if name.contains("/") { hints.append("a notification names a file, not a path: '\(fileName(of: name))'") }
        if let other = ios.keys.sorted().first(where: { $0 != name && $0.lowercased() == name.lowercased() }) {
            hints.append("'\(other)' differs only by case")
        }
        if let other = ios.keys.sorted().first(where: { removingExtension(from: $0) == stem && $0 != name }) {
            hints.append("the app ships '\(other)'")
        }
        // Where iOS ships the stem in another file, that hint says more, and Android's copy is not the only one.
        if let path = android[Policy.androidResourceName(ofFile: fileName(of: name)).description], !ios.values.contains(path),
            !ios.keys.contains(where: { removingExtension(from: $0) == stem })
        {
            hints.append("only Android ships it (\(path))")
        }
        if hints.isEmpty, let near = ios.keys.sorted().first(where: { Self.folded($0) == Self.folded(name) }) {
            hints.append("did you mean '\(near)'?")
        }
        return hints
    }

    private func androidHints(_ name: String, android: [String: String], ios: [String: String]) -> [String] {
        var hints: [String] = []
        let resource = String(Policy.androidResourceName(ofFile: name))
        if resource != name, android[resource] != nil { hints.append("write '\(resource)': a raw resource is named without its extension") }
        if let other = android.keys.sorted().first(where: { $0 != resource && $0.lowercased() == resource.lowercased() }) {
            hints.append("'\(other)' differs only by case")
        }
        if android[resource] == nil,
            let path = ios.sorted(by: { $0.key < $1.key }).first(where: { removingExtension(from: $0.key) == resource })?.value,
            !android.values.contains(path)
        {
            hints.append("only iOS ships it (\(path))")
        }
        return hints
    }

    /// `name` lower-cased with everything but letters, digits and the dot taken out: `Order-Ready.caf`
    /// and `order_ready.caf` fold alike.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." })
    }

    /// `files` with an `unused-sound` note on each shipped sound nothing asks for, when the
    /// policy is strict or a rule names the code (it is off otherwise).
    private func withUnusedNotes(_ files: [JudgedFile], asked: Set<String>) -> [JudgedFile] {
        guard Self.reportsUnused(under: policy) else { return files }
        return files.map { file in
            let name = fileName(of: file.report.path)
            guard isShipped(file.report), file.report.purpose == .unknown, file.report.line == nil, !asked.contains(name),
                !asked.contains(String(Policy.androidResourceName(ofFile: name)))
            else { return file }
            var report = file.report
            report.verdict = policy.adding([.unusedSound()], to: report.verdict, path: report.path)
            return JudgedFile(report, renderedBy: formatter, root: file.root)
        }
    }
}
