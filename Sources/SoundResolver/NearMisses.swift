import Synchronization

/// Finds files that are almost what a request named: another case, another extension, or the
/// right name in a location this kind of sound does not search. Folder listings are remembered
/// until the folder changes.
final class NearMisses: Sendable {
    private struct Listing: Sendable {
        let stamp: FileStamp?
        let names: [String]
    }

    private let listings = Mutex<[String: Listing]>([:])

    /// Hints for `name`, which was not found in `searched`, looking in every root of `locations`.
    func hints(for name: String, searched: [SearchRoot], locations: SoundLocations) -> [String] {
        let lowered = name.lowercased()
        let stem = Self.stem(of: lowered)
        var hints: [String] = []
        for root in locations.allRoots {
            for candidate in names(in: root.folder) {
                let place = "\(root.kind.rawValue) folder \(root.folder)"
                if candidate == name {
                    if !searched.contains(root) {
                        hints.append("'\(candidate)' is in the \(place), which critical alerts do not search")
                    }
                } else if candidate.lowercased() == lowered {
                    hints.append(
                        "'\(candidate)' in the \(place) differs only by case; device file systems are case-sensitive")
                } else if Self.stem(of: candidate.lowercased()) == stem {
                    hints.append("'\(candidate)' in the \(place) has the same name with another extension")
                }
            }
        }
        return hints
    }

    private func names(in folder: String) -> [String] {
        let stamp = FileStamp.of(folder)
        if let listing = listings.withLock({ $0[folder] }), listing.stamp == stamp, stamp != nil {
            return listing.names
        }
        let names = (FolderProbe(folder: folder).names() ?? []).sorted()
        listings.withLock { $0[folder] = Listing(stamp: stamp, names: names) }
        return names
    }

    private static func stem(of name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
        return name[..<dot]
    }
}
