import Foundation
import Testing

@testable import SoundResolver

/// These resolvers check for changes on every call (`changeCheckInterval: .zero`), so each change
/// must be seen by the very next call; the last test checks the default interval.
@Suite("Cached answers follow the file system")
struct RevalidationTests {
    @Test("replace with a 45 s file, delete, add back: each change is seen by the next call")
    func replaceDeleteRestore() throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "Ding.caf", in: app.containerSounds)
        let resolver = SoundResolver(locations: app.locations, changeCheckInterval: .zero)
        #expect(resolver.resolve(name: "Ding.caf").file != nil)
        #expect(resolver.resolve(name: "Ding.caf").file != nil)  // cached

        try app.put(AppLayout.longSound, as: "Ding.caf", in: app.containerSounds)
        let replaced = resolver.resolve(name: "Ding.caf")
        #expect(replaced.reason == .invalidFile)
        #expect(replaced.findings.map(\.code.rawValue).contains("too-long"))

        try app.remove("Ding.caf", in: app.containerSounds)
        #expect(resolver.resolve(name: "Ding.caf").reason == .notFound)

        try app.put(AppLayout.goodSound, as: "Ding.caf", in: app.containerSounds)
        #expect(resolver.resolve(name: "Ding.caf").file?.location == .container)
    }

    @Test("a cached miss is dropped when the file appears, and a new file in an earlier folder shadows a cached hit")
    func negativeCacheAndShadowing() throws {
        let app = try AppLayout()
        let resolver = SoundResolver(locations: app.locations, changeCheckInterval: .zero)
        #expect(resolver.resolve(name: "Late.caf").reason == .notFound)
        try app.put(AppLayout.goodSound, as: "Late.caf", in: app.bundle)
        #expect(resolver.resolve(name: "Late.caf").file?.location == .bundle)
        try app.put(AppLayout.goodSound, as: "Late.caf", in: app.groupSounds[1])
        #expect(resolver.resolve(name: "Late.caf").file?.location == .group)
    }

    @Test("a file rewritten in place (same inode) is judged again")
    func rewrittenInPlace() throws {
        let app = try AppLayout()
        let path = app.containerSounds.appendingPathComponent("Tone.caf")
        try Data(contentsOf: AppLayout.goodSound).write(to: path)
        let resolver = SoundResolver(locations: app.locations, changeCheckInterval: .zero)
        #expect(resolver.resolve(name: "Tone.caf").file != nil)
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: AppLayout.longSound))
        try handle.close()
        #expect(resolver.resolve(name: "Tone.caf").reason == .invalidFile)
    }

    @Test("a search folder created after the resolver is watched once it exists")
    func folderCreatedLater() throws {
        let app = try AppLayout()
        try FileManager.default.removeItem(at: app.containerSounds)
        let resolver = SoundResolver(locations: app.locations, changeCheckInterval: .zero)
        #expect(resolver.resolve(name: "New.caf").reason == .notFound)
        try FileManager.default.createDirectory(at: app.containerSounds, withIntermediateDirectories: true)
        try app.put(AppLayout.goodSound, as: "New.caf", in: app.containerSounds)
        #expect(resolver.resolve(name: "New.caf").file?.location == .container)
        try app.put(AppLayout.longSound, as: "New.caf", in: app.containerSounds)
        #expect(resolver.resolve(name: "New.caf").reason == .invalidFile)
    }

    @Test("with the default interval, a change is seen once the interval has passed, and the cache answers meanwhile")
    func defaultInterval() async throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "Soon.caf", in: app.containerSounds)
        let resolver = SoundResolver(locations: app.locations)
        #expect(resolver.changeCheckInterval == .milliseconds(1))
        #expect(resolver.resolve(name: "Soon.caf").file != nil)
        try app.remove("Soon.caf", in: app.containerSounds)
        try await Task.sleep(for: .milliseconds(5))
        #expect(resolver.resolve(name: "Soon.caf").reason == .notFound)
    }
}
