import Foundation
import PackagePlugin

/// Checks the notification sounds among a target's resources at build time: each finding is a
/// diagnostic on the file, and a sound that will not play fails the build.
@main
struct SoundcheckBuildToolPlugin: BuildToolPlugin {
    /// The extensions of the files it checks (a plugin can depend on no library target, so the
    /// list of SniffedFormat.soundFileExtensions is repeated here and in the command plugin).
    static let soundExtensions: Set<String> = [
        "aif", "aiff", "aifc", "wav", "wave", "caf", "caff", "mp3", "m4a", "m4r", "aac", "ogg", "opus", "flac", "amr",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sounds = target.sourceFiles.filter { Self.soundExtensions.contains($0.url.pathExtension.lowercased()) }.map(\.url)
        guard !sounds.isEmpty else { return [] }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "SoundcheckStamp.swift")
        // The package's .soundcheck.yml, when it has one, sets the policy (and is an input, so
        // editing it checks the sounds again).
        let configuration = context.package.directoryURL.appending(path: ".soundcheck.yml")
        let configurations = FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []
        return [
            .buildCommand(
                displayName: "soundcheck: checking \(sounds.count) notification sounds of \(target.name)",
                executable: try context.tool(named: "soundcheck-validate").url,
                arguments: ["--stamp", stamp.path] + configurations.flatMap { ["--config", $0.path] } + sounds.map(\.path),
                inputFiles: sounds + configurations,
                outputFiles: [stamp])
        ]
    }
}
