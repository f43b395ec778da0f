#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
@_spi(Benchmarking) import SoundResolver

/// `resolve-benchmark SOUND_FILE`: the latency of `SoundResolver.resolve` over an app layout of
/// 1,000 sounds (400 in the container, 300 in an app group, 300 in the bundle), measured against
/// a single `stat()` of the same file in the same run: first (uncached) resolves, cached hits and
/// misses (median and p99), a whole `aps` payload read and resolved (against Foundation's
/// `JSONSerialization` reading the same bytes), and throughput with 1 and 2 threads
/// (medians of alternating rounds). With `--inventory`, `InventoryBenchmark` instead.
@main
struct ResolveBenchmark {
    static func main() throws {
        guard CommandLine.arguments.count == 2 || CommandLine.arguments.dropFirst(2) == ["--inventory"] else {
            print("usage: resolve-benchmark SOUND_FILE [--inventory]")
            exit(2)
        }
        if CommandLine.arguments.count == 3 {
            try InventoryBenchmark.run(sound: CommandLine.arguments[1])
            return
        }
        let root = "/tmp/soundcheck-resolve-bench-\(getpid())"
        let layout = try Layout(root: root, sound: CommandLine.arguments[1])
        defer { layout.remove() }
        let names = layout.names
        let missing = (0..<200).map { "missing-\($0).caf" }

        let resolver = SoundResolver(locations: layout.locations)
        let first = names.prefix(500).map { name in time { _ = resolver.resolve(name: name) } }
        let firstMisses = missing.prefix(100).map { name in time { _ = resolver.resolve(name: name) } }
        for name in names + missing { _ = resolver.resolve(name: name) }

        var hits: [Double] = []
        var misses: [Double] = []
        var stats: [Double] = []
        let paths = names.map { layout.path(of: $0) }
        for round in 0..<100 {
            for index in stride(from: round % 10, to: names.count, by: 10) {
                hits.append(time { _ = resolver.resolve(name: names[index]) })
                stats.append(time { var status = stat(); _ = stat(paths[index], &status) })
            }
            for name in missing.prefix(20) { misses.append(time { _ = resolver.resolve(name: name) }) }
        }

        for name in names { _ = resolver.resolve(name: name, critical: true) }  // the payloads are critical alerts
        var payloads: [Double] = []
        var serializations: [Double] = []
        for round in 0..<2000 {
            let payload = Data(Self.payload(name: names[round % names.count]).utf8)
            payloads.append(time { _ = try? resolver.resolve(SoundRequest(payload: payload)) })
            serializations.append(time { _ = try? JSONSerialization.jsonObject(with: payload) })
        }

        // The peer: a loop that shares nothing, each thread looking names up in its own dictionary.
        let lookups: @Sendable () -> (Int) -> Int = {
            let table = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            return { index in table[names[index % names.count]] ?? 0 }
        }
        let resolves: @Sendable () -> (Int) -> Int = {
            { index in resolver.resolve(name: names[index % names.count]).hints.count }
        }
        // The same cache without its per-thread front tables, to see what they are worth here.
        let plain = SoundResolver(locations: layout.locations, threadFrontTables: false)
        for name in names { _ = plain.resolve(name: name) }
        let plainResolves: @Sendable () -> (Int) -> Int = {
            { index in plain.resolve(name: names[index % names.count]).hints.count }
        }
        var scalings: [Double] = []
        var peerScalings: [Double] = []
        var ones: [Double] = []
        var twos: [Double] = []
        var plainOnes: [Double] = []
        var plainTwos: [Double] = []
        for _ in 0..<9 {
            let one = throughput(threads: 1, calls: 2_000_000, resolves)
            let two = throughput(threads: 2, calls: 2_000_000, resolves)
            scalings.append(two / one)
            ones.append(one)
            twos.append(two)
            plainOnes.append(throughput(threads: 1, calls: 2_000_000, plainResolves))
            plainTwos.append(throughput(threads: 2, calls: 2_000_000, plainResolves))
            let peerOne = throughput(threads: 1, calls: 10_000_000, lookups)
            peerScalings.append(throughput(threads: 2, calls: 10_000_000, lookups) / peerOne)
        }
        let statMedian = median(stats)
        print("tree: 1000 sounds (400 container, 300 group, 300 bundle); times in µs; peer: one stat() of the file")
        report("stat() of the file (peer)", stats, peer: statMedian)
        report("first resolve, hit (parses)", first, peer: statMedian)
        report("first resolve, miss (hints)", firstMisses, peer: statMedian)
        report("cached resolve, hit", hits, peer: statMedian)
        report("cached resolve, miss", misses, peer: statMedian)
        report("payload read + cached resolve", payloads, peer: statMedian)
        report("JSONSerialization of it (peer)", serializations, peer: statMedian)
        let scaling = median(scalings)
        let peer = median(peerScalings)
        print(
            "throughput, cached hits: 1 thread \(Int(median(ones))) /s; 2 threads \(format(scaling))x that (target >= 1.6x); "
                + "a loop that shares nothing scales \(format(peer))x here, so the resolver gets \(Int((scaling - 1) / (peer - 1) * 100)) % "
                + "of the second core the machine gives (medians of 9 alternating rounds)")
        print(
            "cached hits with the per-thread front tables: 1 thread \(Int(median(ones))) /s, 2 threads \(Int(median(twos))) /s; "
                + "without them: 1 thread \(Int(median(plainOnes))) /s, 2 threads \(Int(median(plainTwos))) /s "
                + "(fronts \(format(median(twos) / median(plainTwos)))x on 2 threads)")
    }

    /// A typical notification payload (alert, badge, critical sound, custom keys) asking for `name`.
    static func payload(name: String) -> String {
        """
        {"aps":{"alert":{"title":"Door","subtitle":"Front","body":"Someone is at the front door"},"badge":3,\
        "sound":{"critical":1,"name":"\(name)","volume":0.8},"thread-id":"doorbell"},\
        "event":{"id":"7f3e9c2a","camera":"front","at":1732300000}}
        """
    }

    /// Microseconds `body` takes.
    static func time(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
    }

    /// Calls per second over `calls` calls spread over `threads` threads: each thread makes its
    /// own work with `makeWork`, then calls it with successive indices (results are summed, so
    /// that no call can be optimised away).
    static func throughput(threads: Int, calls: Int, _ makeWork: @Sendable @escaping () -> (Int) -> Int) -> Double {
        let seconds = time {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let work = makeWork()
                var sum = 0
                var index = thread * 97
                for _ in 0..<(calls / threads) {
                    sum &+= work(index)
                    index += 1
                }
                if sum == Int.min { print(sum) }
            }
        } / 1e6
        return Double(calls) / seconds
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }

    static func report(_ label: String, _ values: [Double], peer: Double) {
        let padded = label + String(repeating: " ", count: max(0, 30 - label.count))
        print("\(padded) median \(format(median(values))) µs  p99 \(format(percentile(values, 0.99))) µs  (\(format(median(values) / peer))x stat, n=\(values.count))")
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The app layout the benchmark resolves in, made of copies of one sound file.
struct Layout {
    let root: String
    let names: [String]
    private let folders: [String: String]

    init(root: String, sound: String) throws {
        self.root = root
        let container = root + "/Data/Library/Sounds"
        let group = root + "/Group/Library/Sounds"
        let bundle = root + "/Example.app"
        for folder in [container, group, bundle] { try Self.makeFolders(folder) }
        let bytes = try Self.read(sound)
        var names: [String] = []
        var folders: [String: String] = [:]
        for index in 0..<1000 {
            let folder = index < 400 ? container : index < 700 ? group : bundle
            let name = "sound-\(index).caf"
            try Self.write(bytes, to: folder + "/" + name)
            names.append(name)
            folders[name] = folder
        }
        self.names = names
        self.folders = folders
    }

    var locations: SoundLocations {
        SoundLocations(container: root + "/Data", groups: [root + "/Group"], bundle: root + "/Example.app")
    }

    func path(of name: String) -> String { (folders[name] ?? root) + "/" + name }

    func remove() {
        _ = system("rm -rf '\(root)'")
    }

    private static func makeFolders(_ path: String) throws {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { throw BenchmarkError("cannot create \(partial)") }
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchmarkError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else { throw BenchmarkError("cannot write \(path)") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BenchmarkError("cannot write \(path)") }
    }
}

struct BenchmarkError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
