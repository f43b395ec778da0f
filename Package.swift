// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "soundcheck",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "NotificationSounds", targets: ["SoundContainers", "SoundPolicy", "SoundResolver", "AppContents"]),
        .library(name: "SoundConverter", targets: ["SoundConverter", "SoundDecoding", "IMA4Codec", "SoundLoudness"]),
        .library(name: "AppValidation", targets: ["AppValidation"]),
        .executable(name: "soundcheck", targets: ["soundcheck"]),
        .executable(name: "soundcheck-validate", targets: ["soundcheck-validate"]),
        .plugin(name: "SoundcheckBuildToolPlugin", targets: ["SoundcheckBuildToolPlugin"]),
        .plugin(name: "SoundcheckCommandPlugin", targets: ["SoundcheckCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation` (Scripts/docs). No target depends on it, so a
        // package that uses soundcheck's libraries or plugins never fetches it (SE-0226).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .target(name: "SoundContainers"),
        .target(name: "SoundPolicy", dependencies: ["SoundContainers", "SoundLoudness"]),
        .target(name: "AppContents", dependencies: ["SoundContainers", "SharedState"]),
        // A repository as input: which apps it holds and where each ships sounds from (reads
        // Flutter's pubspec.yaml with Yams, so it is not part of the NotificationSounds product).
        .target(name: "AppRepository", dependencies: ["SoundContainers", "AppContents", .product(name: "Yams", package: "Yams")]),
        .target(name: "AppArchive", dependencies: ["SoundContainers", "AppContents", "CMiniZip", "SharedLibraries"]),
        // Judging apps, repositories, archives and inventories: the walk, the code reading, the
        // cross-check of names, the baseline and the inline ignores, on worker threads.
        .target(
            name: "AppValidation",
            dependencies: [
                "SoundContainers", "SoundPolicy", "SoundResolver", "AppContents", "AppArchive", "AppRepository",
                "SoundcheckConfiguration", "SharedState", "SoundConverter",
            ]),
        .target(name: "IMA4Codec"),
        .target(name: "SoundDecoding", dependencies: ["SoundContainers", "IMA4Codec"]),
        // Loudness, true peak and silence of decoded samples (ITU-R BS.1770-4, EBU Tech 3342):
        // pure Swift, no dependency, fed in blocks by SoundConverter's `measureLoudness(ofFileAt:)`.
        .target(name: "SoundLoudness"),
        .target(
            name: "SoundConverter",
            dependencies: [
                "SoundContainers", "SoundPolicy", "IMA4Codec", "SoundDecoding", "SoundLoudness", "CSndFile", "CSampleRate", "CSoxr",
                "CFFmpeg", "CVorbis", "SharedLibraries",
            ]),
        // .soundcheck.yml, read with Yams: shared by the CLI and the plugins' tool.
        .target(
            name: "SoundcheckConfiguration", dependencies: ["SoundContainers", "SoundPolicy", .product(name: "Yams", package: "Yams")]),
        // Where the C libraries below are found at run time (never the current folder), and how to install them.
        .target(name: "SharedLibraries"),
        // The locks and atomics the libraries and the CLI share (pthread and the compiler's atomic
        // builtins, not Synchronization, which needs macOS 15 and iOS 18).
        .target(name: "CAtomics"),
        .target(name: "SharedState", dependencies: ["CAtomics"]),
        .target(name: "SoundResolver", dependencies: ["SoundPolicy", "SoundContainers", "AppContents", "SharedState"]),
        // Each C library's own declarations and a loader (`shim.h`): the library is opened at run time
        // when a conversion or an archive needs it (see Sources/CSndFile/shim.h), so validate, info
        // and resolve load none of them, and no header of theirs is needed to build.
        .systemLibrary(name: "CSndFile"),
        .systemLibrary(name: "CSampleRate"),
        .systemLibrary(name: "CSoxr"),
        .systemLibrary(name: "CFFmpeg"),
        .systemLibrary(name: "CMiniZip"),
        // libvorbisenc, libvorbis and libogg, for Ogg Vorbis output.
        .systemLibrary(name: "CVorbis"),
        .executableTarget(
            name: "soundcheck",
            dependencies: [
                "SoundContainers",
                "SoundPolicy",
                "SoundResolver",
                "SoundConverter",
                "SoundLoudness",
                "AppContents",
                "AppArchive",
                "AppRepository",
                "AppValidation",
                "SoundcheckConfiguration",
                "SharedState",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tool the SwiftPM plugins run: the parsers, the policy, the configuration and the check
        // of the names a target's code asks for; no C library (AppArchive's minizip is only opened
        // when an archive is read, and the tool reads none).
        .executableTarget(
            name: "soundcheck-validate",
            dependencies: ["SoundContainers", "SoundPolicy", "SoundcheckConfiguration", "AppContents", "AppValidation"]),
        .plugin(name: "SoundcheckBuildToolPlugin", capability: .buildTool(), dependencies: ["soundcheck-validate"]),
        .plugin(
            name: "SoundcheckCommandPlugin",
            capability: .command(
                intent: .custom(verb: "soundcheck", description: "Run soundcheck on the package's sound resources"),
                permissions: [.writeToPackageDirectory(reason: "soundcheck fix rewrites sounds when asked to")]),
            dependencies: ["soundcheck"]),
        .executableTarget(name: "scheduler-example", dependencies: ["SoundResolver"], path: "Samples/SchedulerExample"),
        .executableTarget(name: "server-scheduler-example", dependencies: ["SoundResolver"], path: "Samples/ServerSchedulerExample"),
        .executableTarget(
            name: "resolve-benchmark", dependencies: ["SoundResolver", "SoundContainers"], path: "Scripts/benchmarks/ResolveBenchmark"),
        .testTarget(name: "SoundContainersTests", dependencies: ["SoundContainers", "TestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "SoundPolicyTests", dependencies: ["SoundPolicy", "SoundContainers", "SoundLoudness", "TestSupport"]),
        .testTarget(name: "SoundResolverTests", dependencies: ["SoundResolver", "SoundPolicy", "SoundContainers", "TestSupport"]),
        .testTarget(name: "SchedulerExampleTests", dependencies: ["scheduler-example", "SoundResolver", "SharedState", "TestSupport"]),
        .testTarget(
            name: "ServerSchedulerExampleTests",
            dependencies: ["server-scheduler-example", "SoundResolver", "SoundPolicy", "SoundContainers"]),
        .testTarget(name: "IMA4CodecTests", dependencies: ["IMA4Codec", "SoundContainers"]),
        .testTarget(name: "SoundConverterTests", dependencies: ["SoundConverter", "SoundContainers", "SoundPolicy", "SoundLoudness", "TestSupport"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SoundLoudnessTests", dependencies: ["SoundLoudness", "SoundConverter", "TestSupport"]),
        .testTarget(name: "SoundDecodingTests", dependencies: ["SoundDecoding", "SoundContainers", "TestSupport"], exclude: ["Fuzz"]),
        .testTarget(
            name: "CLibraryLinkTests",
            dependencies: ["CSndFile", "CSampleRate", "CSoxr", "CFFmpeg", "CMiniZip", "CVorbis", "SharedLibraries", "TestSupport"]),
        .testTarget(name: "AppContentsTests", dependencies: ["AppContents", "SoundContainers", "TestSupport"]),
        .testTarget(name: "AppRepositoryTests", dependencies: ["AppRepository", "AppContents", "TestSupport"]),
        .testTarget(name: "AppArchiveTests", dependencies: ["AppArchive", "SoundContainers", "TestSupport"]),
        .testTarget(name: "SoundcheckConfigurationTests", dependencies: ["SoundcheckConfiguration", "SoundPolicy", "TestSupport"]),
        .testTarget(name: "AppValidationTests", dependencies: ["AppValidation", "AppContents", "SoundPolicy", "TestSupport"]),
        .testTarget(name: "SoundcheckCLITests", dependencies: ["soundcheck", "AppValidation", "TestSupport"]),
    ]
)
