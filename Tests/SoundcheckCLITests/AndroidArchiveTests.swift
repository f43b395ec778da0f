import Foundation
import TestSupport
import Testing

/// Built Android apps, `.apk` and `.aab`, read in place by `validate` and `resolve --apk`.
@Suite("validate and resolve on built Android apps")
struct AndroidArchiveTests {
    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.samples + "/" + name)))
    }

    static func write(_ entries: [ZipBytes.Entry], to name: String, in repository: RepositoryFixture) throws {
        try repository.write(bytes: ZipBytes.archive(entries), at: name)
    }

    @Test("an .apk: raw resources by Android's rules, an emptied one named, non-audio raw files left alone")
    func apk() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try Self.write(
            [
                ZipBytes.Entry("AndroidManifest.xml", Array("<manifest/>".utf8)),
                ZipBytes.Entry("res/raw/chime.wav", try Self.sample("valid/wav-LEI16-mono-22050.wav")),
                ZipBytes.Entry("res/raw/alert.mp3", []),
                ZipBytes.Entry("res/raw/bell.aiff", try Self.sample("valid/aiff-BEI16-mono-22050.aiff")),
                ZipBytes.Entry("res/raw/config.json", Array("{}".utf8)),
                ZipBytes.Entry("res/drawable/icon.png", [0x89, 0x50, 0x4E, 0x47]),
            ], to: "app.apk", in: repository)
        let (status, files) = try {
            let result = try Soundcheck.run(["validate", "--format", "json", "app.apk"], in: repository.root.path)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let files = (object?["files"] as? [[String: Any]] ?? []).reduce(into: [String: [String: Any]]()) { $0[$1["path"] as? String ?? ""] = $1 }
            return (result.status, files)
        }()
        #expect(status == 1)
        #expect(Set(files.keys) == ["app.apk/res/raw/chime.wav", "app.apk/res/raw/alert.mp3", "app.apk/res/raw/bell.aiff"])
        #expect(files["app.apk/res/raw/chime.wav"]?["verdict"] as? String == "pass")
        #expect(files["app.apk/res/raw/chime.wav"]?["platform"] as? String == "android")
        #expect(files["app.apk/res/raw/alert.mp3"]?.codes == ["android-removed-in-release"])
        #expect(files["app.apk/res/raw/bell.aiff"]?.codes == ["android-unsupported-format"])
        let resolved = try Soundcheck.run(["resolve", "--platform", "android", "--apk", "app.apk", "chime"], in: repository.root.path)
        #expect(resolved.status == 0)
        #expect(resolved.stdout.hasPrefix("chime [name]: plays app.apk/res/raw/chime.wav (res/raw)"))
        let emptied = try Soundcheck.run(["resolve", "--platform", "android", "--apk", "app.apk", "alert"], in: repository.root.path)
        #expect(emptied.status == 1)
        #expect(emptied.stdout.contains("the default sound plays (invalid-file)"))
    }

    @Test("an .aab: each module's res/raw; not an Android app, not a zip, a hostile name: a failing report naming the archive")
    func bundles() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try Self.write(
            [
                ZipBytes.Entry("base/manifest/AndroidManifest.xml", Array("<manifest/>".utf8)),
                ZipBytes.Entry("base/res/raw/ding.mp3", try Self.sample("invalid/mp3-with-id3.mp3")),
                ZipBytes.Entry("calls/res/raw/ring.wav", try Self.sample("valid/wav-LEI16-mono-22050.wav")),
            ], to: "app.aab", in: repository)
        let bundle = try Soundcheck.run(["validate", "app.aab"], in: repository.root.path)
        #expect(bundle.status == 0)
        #expect(bundle.stdout.contains("app.aab/base/res/raw/ding.mp3 (android): "))
        #expect(bundle.stdout.contains("app.aab/calls/res/raw/ring.wav (android): ok:"))
        try Self.write([ZipBytes.Entry("res/raw/a.wav", try Self.sample("valid/wav-LEI16-mono-22050.wav"))], to: "plain.apk", in: repository)
        let plain = try Soundcheck.run(["validate", "plain.apk"], in: repository.root.path)
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("plain.apk: error: no AndroidManifest.xml"))
        try repository.write("not a zip", at: "text.apk")
        let text = try Soundcheck.run(["validate", "text.apk"], in: repository.root.path)
        #expect(text.status == 1)
        #expect(text.stdout.contains("text.apk: error: not a zip archive"))
        try Self.write(
            [ZipBytes.Entry("AndroidManifest.xml", []), ZipBytes.Entry("../res/raw/x.wav", try Self.sample("valid/wav-LEI16-mono-22050.wav"))],
            to: "hostile.apk", in: repository)
        let hostile = try Soundcheck.run(["validate", "hostile.apk"], in: repository.root.path)
        #expect(hostile.status == 1)
        #expect(hostile.stdout.contains("climbs out of the archive"))
    }
}

/// Debian's `aapt` (installed by Scripts/test) as an independent packager: the APK it builds is
/// read as soundcheck reads any, and the names it refuses are the ones soundcheck reports.
@Suite("aapt as an oracle for raw resources", .enabled(if: AaptOracle.available, "aapt and android-framework-res are not installed"))
struct AaptOracleTests {
    @Test("an APK aapt packages (entries stored or deflated) is read in place")
    func packaged() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "res/raw/chime.wav")
        try repository.add(.mp3, at: "res/raw/ding.mp3")
        #expect(try AaptOracle.package(repository, into: "app.apk"))
        let result = try Soundcheck.run(["validate", "app.apk"], in: repository.root.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("app.apk/res/raw/chime.wav (android): ok: WAV, LEI16, 22050 Hz, mono, 0.500 s"))
        #expect(result.stdout.contains("app.apk/res/raw/ding.mp3 (android): ok: an MP3 file"))
    }

    @Test(
        "the names aapt refuses are the names soundcheck reports; a leading digit is the one name soundcheck alone refuses",
        arguments: ["chime", "a_b1", "_x", "mySound", "new-message", "Chime", "2tone"])
    func names(_ name: String) throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.add(.wav16, at: "res/raw/\(name).wav")
        let aaptAccepts = try AaptOracle.package(repository, into: "app.apk")
        let result = try Soundcheck.run(["validate", "--platform", "android", "res/raw"], in: repository.root.path)
        let reported = result.stdout.contains("[android-resource-name]")
        if name == "2tone" {
            #expect(aaptAccepts && reported, "aapt packages it; R.raw.2tone does not compile")
        } else {
            #expect(aaptAccepts == !reported, "\(name): aapt \(aaptAccepts ? "accepts" : "refuses"), soundcheck \(reported ? "reports" : "accepts")")
        }
    }
}

/// Runs Debian's `aapt`.
enum AaptOracle {
    static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"
    static let available = ExternalTools.run(["aapt", "version"]) != nil && FileManager.default.fileExists(atPath: frameworkResources)

    /// Packages the resources folder `resources` into the APK `apk`, with a minimal manifest
    /// written beside them; false when aapt refuses.
    static func package(resources: String, into apk: String) -> Bool {
        let manifest = resources + "/../AndroidManifest.xml"
        let text = #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.soundcheck"/>"#
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: manifest))) != nil else { return false }
        return ExternalTools.run(["aapt", "package", "-f", "-M", manifest, "-S", resources, "-I", frameworkResources, "-F", apk]) != nil
    }

    /// Packages the repository's `res/` into `name` with a minimal manifest; false when aapt refuses.
    static func package(_ repository: RepositoryFixture, into name: String) throws -> Bool {
        try repository.write(
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.soundcheck"/>"#,
            at: "AndroidManifest.xml")
        let root = repository.root.path
        return ExternalTools.run([
            "aapt", "package", "-f", "-M", root + "/AndroidManifest.xml", "-S", root + "/res", "-I", frameworkResources, "-F", root + "/" + name,
        ]) != nil
    }
}
