import Foundation
import TestSupport
import Testing

/// `resolve`, `validate` and `inventory` answer as a device's case-sensitive file system does,
/// over a plain folder and over a case-insensitive mount of it (a Mac's default disk).
@Suite("Case-exact answers from the CLI")
struct CaseExactCommandTests {
    /// A repository with an Xcode project whose target copies `Sounds/Ding.caf`, while the disk
    /// holds `Sounds/ding.caf`, and a built bundle holding `Ding.caf`.
    private static func repository() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.add(.cafULaw, at: "App/Sounds/ding.caf")
        try repository.addXcodeProject("App/App.xcodeproj", target: "App", copying: ["Sounds/Ding.caf"])
        try repository.add(.cafULaw, at: "Built/App.app/Ding.caf")
        return repository
    }

    private static func expectCaseExact(under root: String) throws {
        let bundle = root + "/Built/App.app"
        let wrongCase = try Soundcheck.run(["resolve", "--bundle", bundle, "ding.caf"])
        #expect(wrongCase.status == 1)
        #expect(wrongCase.stdout.hasPrefix("ding.caf: the default sound plays (not-found)"))
        #expect(wrongCase.stdout.contains("hint: 'Ding.caf' in the bundle folder \(bundle) differs only by case"))
        let exact = try Soundcheck.run(["resolve", "--bundle", bundle, "Ding.caf"])
        #expect(exact.status == 0)
        #expect(exact.stdout.hasPrefix("Ding.caf: plays \(bundle)/Ding.caf (bundle;"))

        let project = root + "/App"
        let validated = try Soundcheck.run(["validate", project])
        #expect(
            validated.stdout.contains(
                "\(project)/Sounds/Ding.caf (target App, ios): error: target App copies this sound, but there is no such file [missing]"))

        let inventory = try Soundcheck.run(["inventory", project + "/App.xcodeproj"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inventory.stdout.utf8)) as? [String: Any])
        let sounds = try #require(((object["apps"] as? [[String: Any]])?.first?["sounds"]) as? [[String: Any]])
        let ding = try #require(sounds.first { $0["name"] as? String == "Ding.caf" })
        #expect(ding["passed"] as? Bool == false)
        #expect(ding["audio"] is NSNull)
    }

    @Test("over the plain folder")
    func plainFolder() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        try Self.expectCaseExact(under: repository.root.path)
    }

    @Test(
        "over a case-insensitive mount: resolve --bundle MOUNT ding.caf does not play Ding.caf; a project's Ding.caf is missing",
        .enabled(if: CaseInsensitiveMount.runs, "\(CaseInsensitiveMount.unavailableReason ?? "")"))
    func caseInsensitiveMount() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        let mount = try CaseInsensitiveMount(of: repository.root.path)
        #expect(FileManager.default.fileExists(atPath: mount.path + "/Built/App.app/ding.caf"), "the mount finds any case")
        try Self.expectCaseExact(under: mount.path)
    }
}
