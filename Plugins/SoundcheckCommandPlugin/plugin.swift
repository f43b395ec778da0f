import Foundation
import PackagePlugin

/// `swift package soundcheck [SUBCOMMAND] [OPTIONS]`: runs soundcheck on the package's sound
/// resources (every target's, or those of `--target NAME`); with no subcommand, `validate`.
@main
struct SoundcheckCommandPlugin: CommandPlugin {
    /// The extensions of the files it passes (a plugin can depend on no library target, so the
    /// list of SniffedFormat.soundFileExtensions is repeated here and in the build-tool plugin).
    static let soundExtensions: Set<String> = [
        "aif", "aiff", "aifc", "wav", "wave", "caf", "caff", "mp3", "m4a", "m4r", "aac", "ogg", "opus", "flac", "amr",
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let files = targets.compactMap { $0 as? SourceModuleTarget }.flatMap(\.sourceFiles).map(\.url)
        try Self.run(try context.tool(named: "soundcheck").url, arguments: extractor.remainingArguments, files: files)
    }

    /// Runs soundcheck at `tool` with `arguments` (a subcommand first, `validate` when there is
    /// none); `validate`, `info` and `fix` get the sounds among `files` too.
    static func run(_ tool: URL, arguments: [String], files: [URL]) throws {
        var rest = arguments
        let subcommands: Set<String> = ["validate", "info", "convert", "fix", "resolve", "names", "codes", "explain"]
        let subcommand = rest.first.map { subcommands.contains($0) ? rest.removeFirst() : "validate" } ?? "validate"
        let sounds = files.filter { soundExtensions.contains($0.pathExtension.lowercased()) }.map(\.path)
        let process = Process()
        process.executableURL = tool
        process.arguments = [subcommand] + rest + (["validate", "info", "fix"].contains(subcommand) ? sounds : [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("soundcheck \(subcommand) exited with status \(process.terminationStatus)")
            return
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same from an Xcode project (right-click the project → soundcheck): the sounds of every
    /// target, or of `--target NAME` (a target's name as Xcode shows it).
    extension SoundcheckCommandPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let targetNames = Set(extractor.extractOption(named: "target"))
            let targets = context.xcodeProject.targets.filter { targetNames.isEmpty || targetNames.contains($0.displayName) }
            try Self.run(
                try context.tool(named: "soundcheck").url, arguments: extractor.remainingArguments,
                files: targets.flatMap { $0.inputFiles.map(\.url) })
        }
    }
#endif
