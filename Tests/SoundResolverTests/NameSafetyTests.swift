import Foundation
import Testing

@testable import SoundResolver

@Suite("Names never escape the search folders")
struct NameSafetyTests {
    @Test(
        "paths, parents, schemes, encodings and NUL are refused as invalid names",
        arguments: [
            "../x.caf", "/etc/passwd", "a/b.caf", "file:///etc/passwd", "%2e%2e/x.caf", "x.caf\0.wav", "..", ".",
            "ipod-library://item/1.caf", "assets\\ding.caf", "", "ding",
        ])
    func refused(_ name: String) throws {
        let app = try AppLayout()
        let resolved = SoundResolver(locations: app.locations).resolve(name: name)
        #expect(resolved.reason == .invalidName)
        #expect(resolved.outcome == .defaultSound)
        #expect(resolved.file == nil)
        #expect(!resolved.hints.isEmpty)
    }

    @Test("a name with a folder suggests the bare name, and says where it would play from")
    func suggestion() throws {
        let app = try AppLayout()
        try app.put(AppLayout.goodSound, as: "ding.caf", in: app.containerSounds)
        let resolved = SoundResolver(locations: app.locations).resolve(name: "assets/ding.caf")
        #expect(
            resolved.hints == [
                "the name carries a folder; sounds are looked up by file name alone",
                "use the bare file name 'ding.caf', which would play \(app.containerSounds.appendingPathComponent("ding.caf").path)",
            ])
    }

    @Test("a URL's last component is suggested with its %XX escapes decoded, as it is when they are not UTF-8")
    func percentEncodedSuggestion() {
        #expect(SoundName.problem(with: "file:///Sounds/caf%C3%A9.caf")?.suggestedName == "café.caf")
        #expect(SoundName.problem(with: "file:///Sounds/caf%E9.caf")?.suggestedName == "caf%E9.caf")
        #expect(SoundName.problem(with: "file:///Sounds/caf%C3.caf")?.suggestedName == "caf%C3.caf")
        #expect(SoundName.problem(with: "file:///Sounds/caf%G1.caf")?.suggestedName == "caf%G1.caf")
    }

    @Test("a symbolic link out of the search folder is not followed; one inside it is")
    func symlinks() throws {
        let app = try AppLayout()
        let outside = app.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try app.put(AppLayout.goodSound, as: "secret.caf", in: outside)
        try FileManager.default.createSymbolicLink(
            atPath: app.containerSounds.appendingPathComponent("escape.caf").path,
            withDestinationPath: outside.appendingPathComponent("secret.caf").path)
        let inside = app.containerSounds.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try app.put(AppLayout.goodSound, as: "real.caf", in: inside)
        try FileManager.default.createSymbolicLink(
            atPath: app.containerSounds.appendingPathComponent("alias.caf").path, withDestinationPath: "sub/real.caf")

        let resolver = SoundResolver(locations: app.locations)
        let escape = resolver.resolve(name: "escape.caf")
        #expect(escape.file == nil)
        #expect(escape.reason == .notFound)
        #expect(escape.hints.contains { $0.contains("is a symbolic link that leaves") })
        #expect(resolver.resolve(name: "alias.caf").file?.location == .container)
    }

    @Test("a symbolic link loop is unreadable, not a hang")
    func symlinkLoop() throws {
        let app = try AppLayout()
        let a = app.containerSounds.appendingPathComponent("a.caf").path
        let b = app.containerSounds.appendingPathComponent("b.caf").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let resolved = SoundResolver(locations: app.locations).resolve(name: "a.caf")
        #expect(resolved.reason == .unreadable)
        #expect(resolved.file == nil)
    }
}
