import AppRepository
import AppValidation
import ArgumentParser
import SoundContainers
import SoundcheckConfiguration

/// `soundcheck init`: writes a commented `.soundcheck.yml` to start from, with the apps found
/// in the folder and the platforms each ships to as comments; never replaces one.
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
            try output.write(Self.foundApps(in: folder))
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        try writeReport("wrote \(path): edit it, then run soundcheck validate")
    }

    /// Comments naming the apps a walk of `folder` finds, each with the platforms it ships to.
    static func foundApps(in folder: String) -> String {
        let markers = SoundFileCollector().collectFolder(folder, root: 0) { _ in }
        let apps = RepositoryLayout(markers).apps
        guard !apps.isEmpty else {
            return "# No app found here: validate judges every sound by Apple's rules (platforms: ios).\n"
        }
        let shown = apps.map { app in
            let path = folder == "." || !app.path.hasPrefix(folder) ? app.path : String(app.path.dropFirst(folder.count)).trimmingLeadingSlash()
            return "#   \(app.kind.rawValue): \(path) (\(app.kind.platforms))"
        }
        return "# The apps found here when this file was written; validate judges each sound by the platform\n"
            + "# that ships it.\n" + shown.joined(separator: "\n") + "\n"
    }
}

extension RepositoryLayout.AppKind {
    /// The platforms an app of this kind ships sounds to, in words.
    var platforms: String {
        switch self {
        case .xcode, .xcodeGen, .tuist: return "ios"
        case .android: return "android"
        case .expo, .flutter, .reactNative, .capacitor, .cordova, .dotNet: return "ios, android"
        }
    }
}

extension String {
    fileprivate func trimmingLeadingSlash() -> String {
        var text = Substring(self)
        while text.first == "/" { text = text.dropFirst() }
        return String(text)
    }
}
