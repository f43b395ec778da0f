import Foundation
import Testing

@testable import SoundResolver

@Suite("Search order and outcomes")
struct SearchOrderTests {
    @Test("container, then each group in order, then the bundle")
    func order() throws {
        let app = try AppLayout()
        for folder in [app.containerSounds, app.groupSounds[0], app.groupSounds[1], app.bundle] {
            try app.put(AppLayout.goodSound, as: "Ding.caf", in: folder)
        }
        let resolver = SoundResolver(locations: app.locations, changeCheckInterval: .zero)
        for (folder, kind) in [
            (app.containerSounds, SoundLocationKind.container), (app.groupSounds[0], .group), (app.groupSounds[1], .group),
            (app.bundle, .bundle),
        ] {
            let resolved = resolver.resolve(name: "Ding.caf")
            #expect(resolved.file?.path == folder.appendingPathComponent("Ding.caf").path)
            #expect(resolved.file?.location == kind)
            #expect(resolved.reason == nil)
            try app.remove("Ding.caf", in: folder)
        }
        let gone = resolver.resolve(name: "Ding.caf")
        #expect(gone.outcome == .defaultSound)
        #expect(gone.reason == .notFound)
        #expect(gone.searched == [app.containerSounds.path] + app.groupSounds.map(\.path) + [app.bundle.path])
    }

    @Test("the first file with the name wins even if it cannot play: the default sound plays, with the findings")
    func invalidWinner() throws {
        let app = try AppLayout()
        try app.put(AppLayout.longSound, as: "Alarm.caf", in: app.containerSounds)
        try app.put(AppLayout.goodSound, as: "Alarm.caf", in: app.bundle)
        let resolved = SoundResolver(locations: app.locations).resolve(name: "Alarm.caf")
        #expect(resolved.outcome == .defaultSound)
        #expect(resolved.reason == .invalidFile)
        #expect(resolved.findings.map(\.code.rawValue).contains("too-long"))
        #expect(resolved.hints.contains { $0.contains("is the first file with this name") })
    }

    @Test("critical alerts skip app groups and fall back to the default critical sound")
    func critical() throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "Siren.caf", in: app.groupSounds[0])
        let resolver = SoundResolver(locations: app.locations)
        #expect(resolver.resolve(name: "Siren.caf").file?.location == .group)
        let critical = resolver.resolve(name: "Siren.caf", critical: true)
        #expect(critical.outcome == .defaultCriticalSound)
        #expect(critical.reason == .notFound)
        #expect(critical.searched == [app.containerSounds.path, app.bundle.path])
        #expect(critical.hints.contains { $0.contains("which critical alerts do not search") })
    }

    @Test("\"default\" asks for the default sound; no sound key asks for none")
    func requestedDefaults() throws {
        let app = try AppLayout()
        let resolver = SoundResolver(locations: app.locations)
        #expect(resolver.resolve(name: "default").reason == .requested)
        #expect(resolver.resolve(name: "default").outcome == .defaultSound)
        let critical = try SoundRequest(payload: Data(#"{"aps":{"sound":{"critical":1,"name":"default"}}}"#.utf8))
        #expect(resolver.resolve(critical).outcome == .defaultCriticalSound)
        let silent = try SoundRequest(payload: Data(#"{"aps":{"alert":"hi"}}"#.utf8))
        #expect(resolver.resolve(silent).outcome == .none)
        #expect(resolver.resolve(silent).reason == nil)
    }

    @Test("near misses: another case, another extension")
    func nearMisses() throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "Ding.caf", in: app.containerSounds)
        try app.put(AppLayout.otherGoodSound, as: "chime.wav", in: app.bundle)
        let resolver = SoundResolver(locations: app.locations)
        let wrongCase = resolver.resolve(name: "ding.caf")
        #expect(wrongCase.reason == .notFound)
        #expect(
            wrongCase.hints == [
                "'Ding.caf' in the container folder \(app.containerSounds.path) differs only by case; device file systems are case-sensitive"
            ])
        let wrongExtension = resolver.resolve(name: "chime.caf")
        #expect(wrongExtension.hints == ["'chime.wav' in the bundle folder \(app.bundle.path) has the same name with another extension"])
    }

    @Test("an unreadable winner and a folder named like a sound give the default sound with reason unreadable")
    func unreadable() throws {
        let app = try AppLayout()
        try FileManager.default.createDirectory(
            at: app.containerSounds.appendingPathComponent("Folder.caf"), withIntermediateDirectories: false)
        let resolved = SoundResolver(locations: app.locations).resolve(name: "Folder.caf")
        #expect(resolved.reason == .unreadable)
        #expect(resolved.outcome == .defaultSound)
    }

    @Test("the cache stays within its bound")
    func boundedCache() throws {
        let app = try AppLayout()
        let resolver = SoundResolver(locations: app.locations, cacheLimit: 64)
        for index in 0..<2000 { _ = resolver.resolve(name: "missing-\(index).caf") }
        #expect(resolver.cachedResolutionCount <= 64)
        #expect(resolver.cachedResolutionCount > 0)
        #expect(resolver.largestFrontCacheCount <= 64)
        #expect(resolver.largestFrontCacheCount > 0)
    }
}
