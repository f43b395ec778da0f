import Foundation
import Testing

@testable import SoundResolver

@Suite("Many tasks at once")
struct ConcurrencyTests {
    @Test("8 tasks resolve while files change underneath; every answer is one of the real states")
    func resolveWhileChanging() async throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "Busy.caf", in: app.containerSounds)
        try app.put(AppLayout.otherGoodSound, as: "Steady.wav", in: app.bundle)
        let resolver = SoundResolver(locations: app.locations)
        let layout = app
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<60 {
                    switch round % 3 {
                    case 0: try layout.put(AppLayout.longSound, as: "Busy.caf", in: layout.containerSounds)
                    case 1: try layout.remove("Busy.caf", in: layout.containerSounds)
                    default: try layout.put(AppLayout.goodSound, as: "Busy.caf", in: layout.containerSounds)
                    }
                    await Task.yield()
                }
            }
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<400 {
                        let busy = resolver.resolve(name: "Busy.caf", critical: index % 2 == 0)
                        #expect(busy.file != nil || [.invalidFile, .notFound, .unreadable].contains(busy.reason))
                        let steady = resolver.resolve(name: "Steady.wav")
                        #expect(steady.file?.location == .bundle, "task \(task)")
                        #expect(resolver.resolve(name: "missing-\(index % 7).caf").reason == .notFound)
                    }
                }
            }
            try await group.waitForAll()
        }
        try app.put(AppLayout.goodSound, as: "Busy.caf", in: app.containerSounds)
        try await Task.sleep(for: .milliseconds(5))  // past the default change-check interval
        #expect(resolver.resolve(name: "Busy.caf").file?.location == .container)
    }
}
