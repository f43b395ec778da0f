import Foundation
import SoundContainers
import TestSupport
import Testing

@testable import SoundResolver

/// A device's file system is case-sensitive, a Mac's default disk is not: the resolver answers as
/// the device does on both, from each folder's listing.
@Suite("Case-exact answers")
struct CaseExactTests {
    /// A layout with `Ding.caf` in the container's Library/Sounds and `Chime.caf` in the bundle.
    private static func layout() throws -> AppLayout {
        let layout = try AppLayout()
        try layout.put(AppLayout.goodSound, as: "Ding.caf", in: layout.containerSounds)
        try layout.put(AppLayout.otherGoodSound, as: "Chime.caf", in: layout.bundle)
        return layout
    }

    /// The layout's locations under `root` (its own root, or a mount of it).
    private static func locations(under root: String) -> SoundLocations {
        SoundLocations(container: root + "/Data", groups: [root + "/GroupA", root + "/GroupB"], bundle: root + "/Example.app")
    }

    /// What the resolver answers for the names the tests ask, over the layout at `root`.
    private static func expectCaseExact(under root: String) {
        let resolver = SoundResolver(locations: locations(under: root))
        let wrongCase = resolver.resolve(name: "ding.caf")
        #expect(wrongCase.outcome == .defaultSound)
        #expect(wrongCase.reason == .notFound)
        #expect(wrongCase.hints.contains(ResolutionHint.differsByCase("Ding.caf", in: "container folder \(root)/Data/Library/Sounds")))
        #expect(resolver.resolve(name: "CHIME.CAF").reason == .notFound)
        #expect(resolver.resolve(name: "Ding.caf").file?.path == root + "/Data/Library/Sounds/Ding.caf")
        #expect(resolver.resolve(name: "Chime.caf").file?.path == root + "/Example.app/Chime.caf")
    }

    @Test("over the plain folder: ding.caf is not Ding.caf")
    func plainFolder() throws {
        let layout = try Self.layout()
        Self.expectCaseExact(under: layout.root.path)
    }

    @Test(
        "over a case-insensitive mount, where lstat finds Ding.caf for ding.caf: the device's answer",
        .enabled(if: CaseInsensitiveMount.runs, "\(CaseInsensitiveMount.unavailableReason ?? "")"))
    func caseInsensitiveMount() throws {
        let layout = try Self.layout()
        let mount = try CaseInsensitiveMount(of: layout.root.path)
        // The mount is what a Mac's disk is: any case finds the file.
        #expect(FileIdentity.of(mount.path + "/Data/Library/Sounds/ding.caf") != nil)
        #expect(!folderListsName(of: mount.path + "/Data/Library/Sounds/ding.caf"))
        #expect(folderListsName(of: mount.path + "/Data/Library/Sounds/Ding.caf"))
        Self.expectCaseExact(under: mount.path)
    }
}
