import AppValidation
import ArgumentParser
import SoundPolicy
import SoundResolver

/// `soundcheck inventory`: the sounds a build ships, per platform, as one JSON document that a
/// push backend resolves bodies against (`resolve --inventory`, `InventoryResolver`).
struct InventoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventory",
        abstract: "Write the sounds an app ships, per platform, as JSON for a push backend.",
        discussion: """
            PATH is an Xcode project, a repository, a built .app, an .ipa, an .apk or an .aab. Each app \
            (iOS target or bundle, Android module or archive) is listed with every sound it ships: the \
            name a push body gives (the file name on iOS, the resource name on Android), where it lives \
            (bundle, bundle-subfolder, res/raw), its verdict and findings, and its header's facts. \
            Library/Sounds is filled at run time and is in no inventory. The format is versioned \
            (formatVersion); see docs/apps.md. Exit 0 when written, 2 for an input that is no app.
            """
    )

    @Argument(help: "The Xcode project, repository, .app, .ipa, .apk or .aab.")
    var path: String

    @Option(name: .shortAndLong, help: "Write the inventory to this file (replaced atomically) instead of standard output.")
    var output: String?

    func run() throws {
        // What plays is decided by each platform's rules, which a configuration's rules do not change.
        let inventory = try InventoryBuilder(policy: Policy()).inventory(of: path)
        try writeReport(inventory.json, to: output)
    }
}
