import SoundContainers
import Synchronization

/// Finds files that are almost what a request named: another case, another extension, or the
/// right name in a location this kind of sound does not search. Folder listings are remembered
/// until the folder changes.
final class NearMisses: Sendable {
    /// A folder's names, indexed for the two kinds of near miss.
    private struct Listing: Sendable {
        let stamp: FileIdentity?
        /// Names by their lowercased form.
        let byFoldedName: [String: [String]]
        /// Names by their lowercased stem (the name without its extension).
        let byFoldedStem: [Substring: [String]]

        init(stamp: FileIdentity?, names: [String]) {
            self.stamp = stamp
            var byFoldedName: [String: [String]] = [:]
            var byFoldedStem: [Substring: [String]] = [:]
            for name in names.sorted() {
                let folded = name.lowercased()
                byFoldedName[folded, default: []].append(name)
                byFoldedStem[NearMisses.stem(of: folded), default: []].append(name)
            }
            self.byFoldedName = byFoldedName
            self.byFoldedStem = byFoldedStem
        }
    }

    private let listings = Mutex<[String: Listing]>([:])

    /// Hints for `name`, which was not found in `searched`, looking in every root of `locations`.
    func hints(for name: String, searched: [SearchRoot], locations: SoundLocations) -> [String] {
        let folded = name.lowercased()
        let stem = Self.stem(of: folded)
        var hints: [String] = []
        for root in locations.allRoots {
            let listing = self.listing(of: root.folder)
            let place = "\(root.kind.rawValue) folder \(root.folder)"
            let sameFoldedName = listing.byFoldedName[folded] ?? []
            for candidate in sameFoldedName {
                if candidate == name {
                    if !searched.contains(root) {
                        hints.append("'\(candidate)' is in the \(place), which critical alerts do not search")
                    }
                } else {
                    hints.append("'\(candidate)' in the \(place) differs only by case; device file systems are case-sensitive")
                }
            }
            for candidate in listing.byFoldedStem[stem] ?? [] where !sameFoldedName.contains(candidate) {
                hints.append("'\(candidate)' in the \(place) has the same name with another extension")
            }
        }
        return hints
    }

    private func listing(of folder: String) -> Listing {
        let stamp = FileIdentity.of(folder)
        if let listing = listings.withLock({ $0[folder] }), listing.stamp == stamp, stamp != nil {
            return listing
        }
        let listing = Listing(stamp: stamp, names: FolderProbe(folder: folder).names() ?? [])
        listings.withLock { $0[folder] = listing }
        return listing
    }

    fileprivate static func stem(of name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
        return name[..<dot]
    }
}
