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
        return try Self.commands(
            checking: target.sourceFiles.map(\.url), of: target.name, in: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "soundcheck-validate").url)
    }

    /// The command that checks the sounds among `files`, under the `.soundcheck.yml` of
    /// `directory` (the package's, or the Xcode project's folder) when it has one; none when no
    /// file is a sound.
    static func commands(checking files: [URL], of targetName: String, in directory: URL, workDirectory: URL, tool: URL) throws
        -> [Command]
    {
        let sounds = files.filter { soundExtensions.contains($0.pathExtension.lowercased()) }
        guard !sounds.isEmpty else { return [] }
        let stamp = workDirectory.appending(path: "SoundcheckStamp.swift")
        // The .soundcheck.yml, when there is one, sets the policy (and is an input, so editing it
        // checks the sounds again).
        let configuration = directory.appending(path: ".soundcheck.yml")
        let configurations = FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []
        return [
            .buildCommand(
                displayName: "soundcheck: checking \(sounds.count) notification sounds of \(targetName)",
                executable: tool,
                arguments: ["--stamp", stamp.path] + configurations.flatMap { ["--config", $0.path] } + sounds.map(\.path),
                inputFiles: sounds + configurations,
                outputFiles: [stamp])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same check on an Xcode app target (Build Phases → Run Build Tool Plug-ins): its sounds
    /// are the target's input files (what its Copy Bundle Resources phase copies among them), and
    /// the `.soundcheck.yml` beside the `.xcodeproj` sets the policy.
    extension SoundcheckBuildToolPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                checking: target.inputFiles.map(\.url), of: target.displayName, in: context.xcodeProject.directoryURL,
                workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "soundcheck-validate").url)
        }
    }
#endif
