import Benchmark
import Foundation
@_spi(Benchmarking) import AppContents
import SoundContainers
import SoundResolver

/// The hot paths of soundcheck's libraries, each measured as wall time (p50, p99) and malloc
/// calls per batch. A batch is 1,000 calls where one call is short (`scalingFactor: .kilo`), one
/// 1 MiB lex otherwise. The baseline in `.benchmarkBaselines/HotPaths/main` is checked by
/// `Scripts/bench package`: more than 10 % slower at p25, or any malloc more at p50 or p90, fails.
///
/// Environment: `SOUNDCHECK_BENCHMARK_SHORT=1` runs each benchmark for a short time (the CI form);
/// `SOUNDCHECK_BENCHMARK_PLANT=slowdown` makes every batch do 20 % more work, and
/// `SOUNDCHECK_BENCHMARK_PLANT=allocation` adds one allocation per call: what the check must
/// catch (`Scripts/bench package --self-test`).
let benchmarks: @Sendable () -> Void = {
    let environment = ProcessInfo.processInfo.environment
    let short = environment["SOUNDCHECK_BENCHMARK_SHORT"] != nil
    let plant = environment["SOUNDCHECK_BENCHMARK_PLANT"] ?? ""
    let slowdown = plant == "slowdown"
    let allocation = plant == "allocation"

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: short ? .milliseconds(500) : .seconds(2),
        maxIterations: short ? 200 : 1000,
        thresholds: [
            // p25, not p50: on cores shared with other builds a run's upper half is their noise.
            .wallClock: BenchmarkThresholds(relative: [.p25: 10]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 0, .p90: 0]),
        ])

    /// Runs `call` over the batch's indices (20 % more of them under a planted slowdown).
    func batch(_ benchmark: Benchmark, _ call: (Int) throws -> Void) rethrows {
        let count = benchmark.scaledIterations.count
        for index in 0..<(slowdown ? count + count / 5 : count) {
            try call(index)
            if allocation { blackHole([UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 32)) }
        }
    }

    // The push-body check: a body read and resolved against a build's inventory of 1,000 sounds,
    // in each of the three kinds backends send.
    let resolver = PushBodies.resolver
    for (kind, bodies) in [("aps", PushBodies.aps), ("FCM v1", PushBodies.fcmV1), ("Expo", PushBodies.expo)] {
        Benchmark("push body, \(kind): read and resolved", configuration: .init(scalingFactor: .kilo)) { benchmark in
            try batch(benchmark) { index in
                let answer = try resolver.resolve(pushBody: bodies[index % bodies.count])
                blackHole(answer)
            }
        }
    }
    // The peer, not checked: Foundation parsing the same aps body into its objects.
    let apsData = PushBodies.aps.map { Data($0) }
    Benchmark(
        "push body, aps: JSONSerialization parse (peer)",
        configuration: .init(scalingFactor: .kilo, thresholds: [.wallClock: .none, .mallocCountTotal: .none])
    ) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: apsData[index % apsData.count]))
        }
    }

    // The resolvers by name: an inventory's, and a cached one over the folders of an app.
    Benchmark("InventoryResolver.resolve(name:), shipped", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let names = (0..<PushBodies.count).map(PushBodies.iosName)
        benchmark.startMeasurement()
        batch(benchmark) { index in blackHole(resolver.resolve(name: names[index % names.count])) }
    }
    Benchmark("SoundResolver.resolve(name:), cached hit", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let layout = AppFolders.shared
        let names = layout.names
        for name in names { blackHole(layout.resolver.resolve(name: name)) }
        benchmark.startMeasurement()
        batch(benchmark) { index in blackHole(layout.resolver.resolve(name: names[index % names.count])) }
    }

    // The header parsers, from bytes in memory.
    for (container, bytes) in [
        ("WAV", SoundHeaders.wav), ("RF64", SoundHeaders.rf64), ("AIFF", SoundHeaders.aiff), ("AIFF-C ima4", SoundHeaders.aifc),
        ("CAF", SoundHeaders.caf),
    ] {
        let source = MemoryByteSource(bytes)
        Benchmark("header, \(container): AudioFileParser.describe", configuration: .init(scalingFactor: .kilo)) { benchmark in
            try batch(benchmark) { _ in blackHole(try AudioFileParser.describe(source)) }
        }
    }

    // The lexer over 1 MiB of each language it reads (1.2 MiB under a planted slowdown).
    for language in CodeLanguage.allCases {
        let source = SourceSnippets.source(language, size: slowdown ? SourceSnippets.size * 6 / 5 : SourceSnippets.size)
        Benchmark("lexer, \(language.rawValue): 1 MiB") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(CodeLexing.spanCount(in: source, language: language))
            }
        }
    }
}

/// An app's folders with 1,000 sounds in its bundle, made once in a temporary folder, and a
/// resolver over them.
final class AppFolders: Sendable {
    static let shared = AppFolders()

    let names: [String]
    let resolver: SoundResolver

    private init() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-benchmarks-\(getpid())")
        let bundle = root.appendingPathComponent("Example.app")
        let bytes = Data(SoundHeaders.caf)
        do {
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Data/Library/Sounds"), withIntermediateDirectories: true)
            names = try (0..<PushBodies.count).map { index in
                let name = PushBodies.iosName(index)
                try bytes.write(to: bundle.appendingPathComponent(name))
                return name
            }
        } catch {
            fatalError("cannot write the benchmark's app folders: \(error)")
        }
        resolver = SoundResolver(locations: SoundLocations(container: root.path + "/Data", groups: [], bundle: bundle.path))
        atexit { try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory.path + "/soundcheck-benchmarks-\(getpid())") }
    }
}
