import Foundation
import PackagePlugin

/// Checks the notification sounds among a target's resources at build time, and the sound names
/// its code asks for against the sounds it ships: each finding is a diagnostic on the file (a
/// name's on the line that asks for it), and a sound that will not play fails the build.
@main
struct SoundcheckBuildToolPlugin: BuildToolPlugin {
    /// The extensions of the files it checks (a plugin can depend on no library target, so the
    /// list of SniffedFormat.soundFileExtensions is repeated here and in the command plugin).
    static let soundExtensions: Set<String> = [
        "aif", "aiff", "aifc", "wav", "wave", "caf", "caff", "mp3", "m4a", "m4r", "aac", "ogg", "opus", "flac", "amr",
    ]
    /// The extensions of the code whose sound names it checks: Swift and Objective-C (the Apple
    /// languages of SoundUsage.sourceExtensions).
    static let codeExtensions: Set<String> = ["swift", "m", "mm"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            checking: target.sourceFiles.map(\.url), of: target.name, in: context.package.directoryURL, xcodeTarget: nil,
            workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "soundcheck-validate").url)
    }

    /// The command that checks the sounds among `files` and the names their code asks for, under
    /// the `.soundcheck.yml` of `directory` (the package's, or the Xcode project's folder) when it
    /// has one; none when no file is a sound and the target is no Xcode target with code.
    /// `xcodeTarget` names an Xcode target, whose project in `directory` says which app embeds it.
    static func commands(
        checking files: [URL], of targetName: String, in directory: URL, xcodeTarget: String?, workDirectory: URL, tool: URL
    ) throws -> [Command] {
        let sounds = files.filter { soundExtensions.contains($0.pathExtension.lowercased()) }
        let code = files.filter { codeExtensions.contains($0.pathExtension.lowercased()) }
        guard !sounds.isEmpty || (xcodeTarget != nil && !code.isEmpty) else { return [] }
        let stamp = workDirectory.appending(path: "SoundcheckStamp.swift")
        // The .soundcheck.yml, when there is one, sets the policy (and is an input, so editing it
        // checks the sounds again).
        let configuration = directory.appending(path: ".soundcheck.yml")
        let configurations = FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []
        // An Xcode target's project says which app embeds it (an edit to it checks the names again).
        var projectArguments: [String] = []
        var projects: [URL] = []
        if let xcodeTarget {
            projectArguments = ["--project-folder", directory.path, "--target", xcodeTarget]
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            projects = entries.filter { $0.hasSuffix(".xcodeproj") }.map { directory.appending(path: $0).appending(path: "project.pbxproj") }
        }
        return [
            .buildCommand(
                displayName: "soundcheck: checking \(sounds.count) notification sounds of \(targetName) and the names its code asks for",
                executable: tool,
                arguments: ["--stamp", stamp.path] + configurations.flatMap { ["--config", $0.path] } + projectArguments
                    + code.flatMap { ["--source", $0.path] } + sounds.map(\.path),
                inputFiles: sounds + code + configurations + projects,
                outputFiles: [stamp])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same check on an Xcode app target (Build Phases → Run Build Tool Plug-ins): its sounds
    /// are the target's input files (what its Copy Bundle Resources phase copies among them), its
    /// code the Swift and Objective-C among them, and the `.soundcheck.yml` beside the
    /// `.xcodeproj` sets the policy. An app extension's code may name the sounds of the app that
    /// embeds it.
    extension SoundcheckBuildToolPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                checking: target.inputFiles.map(\.url), of: target.displayName, in: context.xcodeProject.directoryURL,
                xcodeTarget: target.displayName, workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "soundcheck-validate").url)
        }
    }
#endif
