import Foundation
import TestSupport

/// A repository laid out in a temporary folder as a real app's is, for `validate .` at its root:
/// sounds copied from Samples/, project and config files written as their tools write them.
struct RepositoryFixture {
    /// The repository's root.
    let root: URL

    /// Sounds to copy in, by what they are.
    enum Sound: String {
        /// Passes Apple's rules; Android does not play a CAF.
        case cafULaw = "valid/caf-ulaw-mono-8000.caf"
        /// 16-bit WAV: passes both.
        case wav16 = "valid/wav-LEI16-mono-22050.wav"
        /// MP3: fails Apple's rules, plays on Android.
        case mp3 = "invalid/mp3-with-id3.mp3"
        /// Raw AAC (ADTS): fails Apple's rules, plays on Android.
        case aacADTS = "invalid/aac-adts.aac"
        /// AIFF: passes Apple's rules, Android does not play it.
        case aiff = "valid/aiff-BEI16-mono-22050.aiff"
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// An Expo app as a public one ships its reminder: raw AAC, which Android plays and Apple does
    /// not, listed by the `expo-notifications` plugin (`assets/sounds/reminder.aac`).
    static func expoWithRawAAC() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(
            #"{"expo": {"name": "a", "plugins": [["expo-notifications", {"sounds": ["./assets/sounds/reminder.aac"]}]]}}"#, at: "app.json")
        try repository.add(.aacADTS, at: "assets/sounds/reminder.aac")
        return repository
    }

    /// Copies `sound` to `path` (relative to the root).
    func add(_ sound: Sound, at path: String) throws {
        let destination = try prepared(path)
        try FileManager.default.copyItem(atPath: TestPaths.samples + "/" + sound.rawValue, toPath: destination.path)
    }

    /// Writes `text` to `path`.
    func write(_ text: String, at path: String) throws {
        try Data(text.utf8).write(to: try prepared(path))
    }

    /// Writes `bytes` to `path`.
    func write(bytes: [UInt8], at path: String) throws {
        try Data(bytes).write(to: try prepared(path))
    }

    /// Writes an Xcode project at `xcodeproj` (a path ending in `.xcodeproj`) with one app target
    /// `target` whose Resources phase copies `files`, each relative to the project's folder.
    func addXcodeProject(_ xcodeproj: String, target: String, copying files: [String]) throws {
        try addXcodeProject(xcodeproj, targets: [target], copying: files)
    }

    /// Writes an Xcode project whose app `targets` each copy all of `files`, with the Release build
    /// settings `projectSettings` for the project and `targetSettings` for a target (by name).
    func addXcodeProject(
        _ xcodeproj: String, targets: [String], copying files: [String], projectSettings: [String: String] = [:],
        targetSettings: [String: [String: String]] = [:]
    ) throws {
        var objects: [String] = []
        var references: [String] = []
        for (index, file) in files.enumerated() {
            let reference = String(format: "AA%022d", index)
            objects.append("\(reference) = {isa = PBXFileReference; lastKnownFileType = file; path = \"\(file)\"; sourceTree = \"<group>\"; };")
            references.append(reference)
        }
        var targetIDs: [String] = []
        for (number, target) in targets.enumerated() {
            let buildFiles = files.indices.map { String(format: "B%01d%022d", number, $0) }
            for (index, build) in buildFiles.enumerated() {
                objects.append("\(build) = {isa = PBXBuildFile; fileRef = \(references[index]); };")
            }
            let phase = String(format: "CP%022d", number)
            let id = String(format: "CT%022d", number)
            objects.append(
                "\(phase) = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (\(buildFiles.map { $0 + ", " }.joined())); runOnlyForDeploymentPostprocessing = 0; };")
            let list = String(format: "CL%022d", number)
            objects += Self.configurationList(list, id: String(format: "CB%022d", number), settings: targetSettings[target] ?? [:])
            objects.append(
                "\(id) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase), ); name = \(target); productName = \(target); productType = \"com.apple.product-type.application\"; };"
            )
            targetIDs.append(id)
        }
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\t\(objects.joined(separator: "\n\t\t"))
            \t\tCC0000000000000000000001 = {isa = PBXGroup; children = (\(references.map { $0 + ", " }.joined())); sourceTree = "<group>"; };
            \t\t\(Self.configurationList("CC0000000000000000000005", id: "CC0000000000000000000006", settings: projectSettings).joined(separator: "\n\t\t"))
            \t\tCC0000000000000000000004 = {isa = PBXProject; buildConfigurationList = CC0000000000000000000005; mainGroup = CC0000000000000000000001; targets = (\(targetIDs.map { $0 + ", " }.joined())); };
            \t};
            \trootObject = CC0000000000000000000004;
            }
            """
        try write(text, at: xcodeproj + "/project.pbxproj")
    }

    /// An `XCConfigurationList` `list` holding one Release `XCBuildConfiguration` `id` with `settings`.
    private static func configurationList(_ list: String, id: String, settings: [String: String]) -> [String] {
        let written = settings.sorted { $0.key < $1.key }.map { "\($0.key) = \"\($0.value)\"; " }.joined()
        return [
            "\(id) = {isa = XCBuildConfiguration; buildSettings = {\(written)}; name = Release; };",
            "\(list) = {isa = XCConfigurationList; buildConfigurations = (\(id), ); defaultConfigurationName = Release; };",
        ]
    }

    /// `validate ARGUMENTS .` run at the root.
    func validate(_ arguments: [String] = []) throws -> Soundcheck.Result {
        try Soundcheck.run(["validate"] + arguments + ["."], in: root.path)
    }

    /// `validate --format json ARGUMENTS .` at the root: each file's path with its JSON object.
    func validateJSON(_ arguments: [String] = []) throws -> (status: Int32, files: [String: [String: Any]]) {
        let result = try Soundcheck.run(["validate", "--format", "json"] + arguments + ["."], in: root.path)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var files: [String: [String: Any]] = [:]
        for file in object?["files"] as? [[String: Any]] ?? [] {
            guard let path = file["path"] as? String else { continue }
            // A file an app copies twice (two targets) keeps its first report here.
            if files[path] == nil { files[path] = file }
        }
        return (result.status, files)
    }

    private func prepared(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return url
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The finding codes of a JSON file report.
    var codes: [String] { (self["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
}
