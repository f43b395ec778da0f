import AppContents
import SoundContainers
import SoundPolicy

/// The build plugins' check of one target's code: the literal sound names it asks for, against
/// the sounds the target ships and, for an app extension, those of the app that embeds it (as
/// its project says). The code is read and the names judged as `validate` reads and judges a
/// repository's: the same finding (`unknown-sound-name`), the same certainty (a name found only
/// through a generic key is a warning), the policy's rules, and `soundcheck:ignore` comments.
package struct TargetNameCheck {
    package let policy: Policy

    package init(policy: Policy) {
        self.policy = policy
    }

    /// The reports on the names the code of `sources` asks for that none of `shipped` answers
    /// (paths, or bundle paths, whose file names are the sounds' names), in file and line order.
    package func reports(sources: [String], shipped: [String]) -> [FileReport] {
        var names: [String: String] = [:]
        for path in shipped where names[fileName(of: path)] == nil { names[fileName(of: path)] = path }
        let usage = SoundUsage(files: sources, soundFiles: Array(names.keys))
        let check = NameCrossCheck(policy: policy, formatter: UnrenderedReport(), choice: .ios)
        let found = check.reports(
            for: usage.nameUses, ios: names, android: [:], otherRawResources: [], shipsIOS: true, shipsAndroid: false, root: 0)
        return InlineIgnores.applying(to: found.reports, policy: policy, formatter: UnrenderedReport()).files.map(\.report)
            .sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
    }

    /// The bundle paths of the sounds that the apps embedding the target `name` of `project` ship
    /// (an app extension plays the sounds of the app it is in); none when no target embeds it.
    package static func soundsOfApps(embedding name: String, in project: XcodeProject) -> [String] {
        let hosts = Set(project.targets.filter { $0.buildsApp && $0.embeddedTargets.contains(name) }.map(\.name))
        guard !hosts.isEmpty else { return [] }
        return ProjectSounds(of: project).shipped.filter { hosts.contains($0.target) }.map(\.bundlePath)
    }
}
