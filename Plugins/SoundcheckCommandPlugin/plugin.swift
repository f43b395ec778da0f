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
        var rest = extractor.remainingArguments
        let subcommands: Set<String> = ["validate", "info", "convert", "fix", "resolve", "names", "codes", "explain"]
        let subcommand = rest.first.map { subcommands.contains($0) ? rest.removeFirst() : "validate" } ?? "validate"
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let sounds = targets.compactMap { $0 as? SourceModuleTarget }.flatMap(\.sourceFiles).map(\.url)
            .filter { Self.soundExtensions.contains($0.pathExtension.lowercased()) }.map(\.path)
        let tool = try context.tool(named: "soundcheck")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [subcommand] + rest + (["validate", "info", "fix"].contains(subcommand) ? sounds : [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("soundcheck \(subcommand) exited with status \(process.terminationStatus)")
            return
        }
    }
}
