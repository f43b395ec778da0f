import ArgumentParser
import SoundContainers
import SoundcheckConfiguration

/// `soundcheck init`: writes a commented `.soundcheck.yml` to start from; never replaces one.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .soundcheck.yml to start from (never over an existing one).")

    @Argument(help: "The folder to write it in (default: the current folder).")
    var folder: String = "."

    func run() throws {
        let path = folder == "." ? Configuration.fileName : joiningPath(folder, Configuration.fileName)
        var output = try ReportOutput(replacing: path, replacesExisting: false)
        do {
            try output.write(Configuration.starterText)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        try writeReport("wrote \(path): edit it, then run soundcheck validate")
    }
}
