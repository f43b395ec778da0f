import Dispatch
import Foundation
import SoundContainers
import SoundResolver

/// `resolve-benchmark SOUND_FILE --inventory`: a push backend's check of a body against the
/// inventory of a build (1,000 shipped sounds, one body in ten asking for one it does not ship),
/// `InventoryResolver.resolve(pushBody:)`:
/// bodies read and resolved per second on 1 and 2 threads, beside Foundation's
/// `JSONSerialization` merely parsing the same bodies in the same run (medians of 9 alternating
/// rounds).
enum InventoryBenchmark {
    static func run(sound: String) throws {
        let description = try AudioFileParser.describeFile(atPath: sound)
        let sounds = (0..<1000).map { index in
            SoundInventory.Sound(
                name: "sound-\(index).caf", location: .bundle, path: "Example.app/sound-\(index).caf", passed: true, findings: [],
                audio: SoundInventory.Audio(description))
        }
        let inventory = SoundInventory(
            generator: "resolve-benchmark", input: "Example.app",
            apps: [SoundInventory.App(platform: .ios, name: "Example.app", bundle: "Example.app", sounds: sounds)])
        // The resolver a backend builds from the JSON it stored.
        let resolver = try InventoryResolver(inventory: SoundInventory(json: Array(inventory.json.utf8)))
        let bodies = (0..<1000).map { index in
            Array(ResolveBenchmark.payload(name: index % 10 == 9 ? "missing-\(index).caf" : "sound-\(index).caf").utf8)
        }
        let datas = bodies.map { Data($0) }
        let checks: @Sendable () -> (Int) -> Int = {
            { index in
                (try? resolver.resolve(pushBody: bodies[index % bodies.count]))?.file == nil ? 0 : 1
            }
        }
        let parses: @Sendable () -> (Int) -> Int = {
            { index in (try? JSONSerialization.jsonObject(with: datas[index % datas.count])) == nil ? 0 : 1 }
        }
        var checkOnes: [Double] = []
        var checkTwos: [Double] = []
        var parseOnes: [Double] = []
        var parseTwos: [Double] = []
        for _ in 0..<9 {
            checkOnes.append(ResolveBenchmark.throughput(threads: 1, calls: 200_000, checks))
            checkTwos.append(ResolveBenchmark.throughput(threads: 2, calls: 200_000, checks))
            parseOnes.append(ResolveBenchmark.throughput(threads: 1, calls: 200_000, parses))
            parseTwos.append(ResolveBenchmark.throughput(threads: 2, calls: 200_000, parses))
        }
        let (checkOne, checkTwo) = (ResolveBenchmark.median(checkOnes), ResolveBenchmark.median(checkTwos))
        let (parseOne, parseTwo) = (ResolveBenchmark.median(parseOnes), ResolveBenchmark.median(parseTwos))
        print("inventory of 1,000 sounds; bodies of \(bodies[0].count) bytes, one in ten naming a sound the build does not ship")
        print("body read + resolved against the inventory: 1 thread \(Int(checkOne)) /s (\(ResolveBenchmark.format(1e6 / checkOne)) µs), 2 threads \(Int(checkTwo)) /s")
        print("JSONSerialization parse of the same body:  1 thread \(Int(parseOne)) /s (\(ResolveBenchmark.format(1e6 / parseOne)) µs), 2 threads \(Int(parseTwo)) /s")
        print("check / parse: \(ResolveBenchmark.format(checkOne / parseOne))x on 1 thread, \(ResolveBenchmark.format(checkTwo / parseTwo))x on 2 (medians of 9 alternating rounds)")
    }
}
