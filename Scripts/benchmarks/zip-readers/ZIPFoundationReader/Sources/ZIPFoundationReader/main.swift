// The same as read_libzip.c with ZIPFoundation: the consumer stops the extraction after 4 KiB.
import Foundation
import ZIPFoundation

struct Enough: Error {}
let path = CommandLine.arguments[1]
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1 : 1
var times: [Double] = []
var sum = 0
var sounds = 0
let soundExtensions: Set<String> = ["caf", "wav", "aiff", "aifc"]
for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    sounds = 0
    for entry in archive where entry.path.hasPrefix("Payload/") && soundExtensions.contains((entry.path as NSString).pathExtension) {
        var taken = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 4096, skipCRC32: true) { chunk in
                taken.append(chunk)
                if taken.count >= 4096 { throw Enough() }
            }
        } catch is Enough {}
        if let last = taken.prefix(4096).last { sum += Int(last) }
        sounds += 1
    }
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
}
times.sort()
print(String(format: "%.0f", times[times.count / 2]), sounds, sum)
