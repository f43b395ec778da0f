import SoundContainers
import SoundPolicy

/// Checks an app's sound folders as a whole: a name found in two folders plays only from the
/// one searched first, and names that differ only by case resolve differently on a device's
/// case-sensitive file system than in the Simulator.
public enum SoundTreeCheck {
    /// A sound file in one of the search folders.
    public struct Entry: Sendable {
        /// The folder it is in.
        public var root: SearchRoot
        /// Its file name.
        public var name: String

        /// Creates an entry.
        public init(root: SearchRoot, name: String) {
            self.root = root
            self.name = name
        }

        /// The folder joined with the name.
        public var path: String { joiningPath(root.folder, name) }
    }

    /// Findings for `entries`, keyed by path, with folders taken in `locations`' search order.
    public static func findings(for entries: [Entry], in locations: SoundLocations) -> [String: [Finding]] {
        let order = locations.allRoots
        let sorted = entries.sorted { lhs, rhs in
            let left = order.firstIndex(of: lhs.root) ?? order.count
            let right = order.firstIndex(of: rhs.root) ?? order.count
            return left != right ? left < right : lhs.name < rhs.name
        }
        var findings: [String: [Finding]] = [:]
        var firstByName: [String: Entry] = [:]
        var firstByFoldedName: [String: Entry] = [:]
        for entry in sorted {
            if let winner = firstByName[entry.name] {
                var message = "never plays: \(winner.path) has the same name and is searched first"
                if winner.root.kind == .group, entry.root.kind == .bundle {
                    message += " (critical alerts, which skip app groups, do play this one)"
                }
                findings[entry.path, default: []].append(
                    Finding(code: .shadowed, message: message, fix: .advice("rename or remove one of the two")))
            } else {
                firstByName[entry.name] = entry
            }
            let folded = entry.name.lowercased()
            if let other = firstByFoldedName[folded], other.name != entry.name {
                findings[entry.path, default: []].append(
                    Finding(
                        code: .caseConflict,
                        message: "differs from \(other.path) only by case: a device's file system tells them apart, "
                            + "the Simulator's may not",
                        fix: .advice("give one of them a different name")))
            } else if firstByFoldedName[folded] == nil {
                firstByFoldedName[folded] = entry
            }
        }
        return findings
    }
}
