import AppValidation
import ArgumentParser
import SoundPolicy

/// `soundcheck validate`: judges every sound under the given paths and fails when any fails.
struct ValidateCommand: TakesPaths {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        _superCommandName: "soundcheck",
        abstract: "Check that sound files will play as notification sounds.",
        discussion: """
            Folders are searched recursively for sound files (.aiff .aif .aifc .wav .caf .mp3 .m4a \
            .m4r .aac .ogg .opus .flac .amr) and for files of other names that are audio by content \
            (never images, fonts, source or data); a folder with no sound and no app is an error \
            (exit 2: most likely a wrong path). A folder whose apps ship no sound and ask for none \
            has nothing to check: one line says so, naming the apps found (their notifications \
            play the default sound), on standard error, or as a ::notice with --format github, and \
            the run passes (exit 0); the reports stay valid and empty. \
            Only headers are read. Never walked: hidden folders, Pods, node_modules, \
            bower_components, Carthage, vendor, build, Build, DerivedData, and the inside of \
            .xcodeproj, .xcworkspace, .framework, .xcframework and .xcarchive folders.

            A repository is checked as its apps ship it: a folder whose walk finds apps (Xcode \
            projects, XcodeGen specs and Tuist manifests, Android modules (a res/raw folder, or a source set's res \
            folder or AndroidManifest.xml), Expo, Flutter, React Native, Capacitor or Cordova \
            configs) has each sound judged by the platform that ships it: an \
            Xcode target's copies by Apple's rules (target named, a macOS target's platform macos, \
            sounds no target copies reported), \
            an Android res/raw folder's by Android's (names, formats, release shrinking), an Expo \
            plugin's sounds by both, a Flutter asset, a sound the app's JavaScript requires or \
            imports, or a file of a Cordova app's www/ or a Capacitor app's web files (a folder of \
            the bundle, not its root) as the app's own sound, and a sound no app ships with a warning. The apps' code is read for what each sound is for (a call tone the app \
            plays itself is held to no notification rule) and for the names it asks for, each \
            checked against what its platform ships, even when that is nothing (--no-names reads \
            no code). Each name goes to \
            the platform its API serves (a channel is Android's, DarwinNotificationDetails iOS's, \
            FCM's android.notification and APNs' aps each one's) or that an if (Platform.OS === \
            'android', Platform.isIOS) around it selects; each literal branch of a conditional is a \
            name of its own. A name an API soundcheck knows asks for, or a push body's platform \
            field, is an error when nothing ships it; one found only through a generic key (sound: \
            in a file about notifications) is a warning that says so (--strict, or \
            unknown-sound-name: error in rules, makes it fail). What a sound is for comes from the \
            call that names it: a player or a bundle lookup makes it the app's own. An app.config.js \
            or .ts is read as text where its expo-notifications sounds are string literals, and a \
            Tuist Project.swift where its targets' names, products and resources are; a config \
            that computes them is a note, and the walk goes on. A folder with no app is \
            judged by Apple's rules.

            Code that is no app's is not read for names or purposes (the sounds in its folders are \
            still judged): test code, in folders named __tests__, __mocks__, test, tests, Tests, \
            androidTest, integration_test or test_driver, an Android test source set \
            (src/testDebug, src/androidTestFree, src/testFixtures), and files named *.test.*, \
            *.spec.* or *_test.dart; and generated copies: Cordova's platforms/ and plugins/ \
            beside its config.xml, Capacitor's public/ beside a copied capacitor.config.json (no package.json). \
            Nor is code no build compiles: Java and Kotlin outside a Gradle module's source sets \
            (src/<set>/java, src/<set>/kotlin, and the java.srcDirs or kotlin.srcDirs its build \
            file sets), Swift and Objective-C in an Xcode project's folder that no target but a \
            test bundle compiles (unless a Swift package holds them).

            An .xcodeproj has each sound its app targets copy judged; an Expo app.json, \
            app.config.json, or app.config.js/.ts with literal sounds has the sounds of its \
            expo-notifications plugin judged; a built .app \
            folder or .ipa archive (read in place, nothing extracted) has its sounds judged, and \
            those in subfolders reported; a built .apk or .aab has its raw resources judged by \
            Android's rules.

            A repository that already has findings adopts soundcheck with a baseline: \
            --write-baseline FILE records this run's errors and warnings, each by its file, its code \
            and the sound name it asks for (never its line), and --baseline FILE then accepts them: \
            only findings not in it are reported and fail; how many it accepted is said on standard \
            error. A finding on a line of code is silenced where it is made by a comment on that line, \
            or alone on the line above, that names its code: // soundcheck:ignore \
            unknown-sound-name (Swift, Objective-C, Kotlin, Java, Dart, JavaScript, TypeScript, \
            Gradle), # soundcheck:ignore … (YAML), <!-- soundcheck:ignore … --> (XML); JSON has no \
            comments (use a baseline, or .soundcheck.yml's ignore).

            Settings come from the nearest .soundcheck.yml from the current folder upward \
            (soundcheck init writes one); a flag given here wins over the file.
            """
    )

    @Argument(help: "Files or folders to check (default: the current folder, unless search folders are given).")
    var paths: [String] = []

    @OptionGroup var pathList: PathListOptions

    @Flag(help: "Also check the Run Script phase's input files (SCRIPT_INPUT_FILE_COUNT, SCRIPT_INPUT_FILE_0…), as SwiftLint does.")
    var useScriptInputFiles = false

    @Option(help: "Report format: text, json, junit, github, xcode, sarif, markdown, checkstyle, gitlab or html.")
    var format: ReportFormat = .text

    @OptionGroup var policyOptions: PolicyOptions

    @OptionGroup(title: "Listening (decodes every sound; without --listen only headers are read)")
    var listeningOptions: ListeningOptions

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(help: "Only check files in folders whose path or name matches this glob (repeatable).")
    var include: [String] = []

    @Option(help: "Skip files in folders whose path or name matches this glob (repeatable).")
    var exclude: [String] = []

    @Option(
        help:
            "Which platforms' sounds to judge: ios (macOS apps' too), android or all (default: all, each sound by the platform that ships it)."
    )
    var platform: PlatformChoice?

    @Flag(
        help:
            "In a repository, do not read the apps' code for what each sound is for (every sound's purpose is then unknown: what would fail it as a notification sound is a warning)."
    )
    var noNames = false

    @Option(help: "Files to check at once (default: the number of cores).")
    var jobs: Int = ValidationRun.defaultJobs

    @Flag(name: .shortAndLong, help: "In text output, list only files with findings.")
    var quiet = false

    @Option(name: .shortAndLong, help: "Write the report to FILE (replaced atomically) instead of standard output.")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Accept the findings recorded in FILE by --write-baseline: only findings not in it are reported and fail (baseline: in .soundcheck.yml).",
            valueName: "file"))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Record this run's errors and warnings in FILE (replaced atomically), by file, code and sound name, for --baseline.",
            valueName: "file"))
    var writeBaseline: String?

    @OptionGroup(title: "Also check an app's sound folders as the system searches them")
    var locationOptions: SoundLocationOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        try ValidationRun(self).run()
    }
}

/// The formats `validate` can report in.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, github, xcode, sarif, markdown, checkstyle, gitlab, html

    /// The formatter; `colored` allows terminal colours (text only, and only on a terminal);
    /// `configurationFile` is named where the format has a place for it (JSON); `maxDuration` is
    /// the limit pictures mark and `loudnessTarget` the loudness their meters mark (HTML).
    func formatter(
        quiet: Bool, colored: Bool = true, configurationFile: String? = nil, maxDuration: Double = Policy.appleMaxDuration,
        loudnessTarget: Double = ListeningRules.defaultTarget
    ) -> any ReportWriter {
        switch self {
        case .text: return TextReport(style: colored ? .forStandardOutput() : TerminalStyle(isEnabled: false), showsPassing: !quiet)
        case .json: return JSONReport(detailed: false, configurationFile: configurationFile)
        case .junit: return JUnitReport()
        case .github: return GitHubReport()
        case .xcode: return XcodeReport()
        case .sarif: return SARIFReport()
        case .markdown: return MarkdownReport()
        case .checkstyle: return CheckstyleReport()
        case .gitlab: return GitLabReport()
        case .html: return HTMLReport(maxDuration: maxDuration, loudnessTarget: loudnessTarget)
        }
    }
}
