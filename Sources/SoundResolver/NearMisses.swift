import SharedState
import SoundContainers

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
                byFoldedStem[ResolutionHint.stem(of: folded), default: []].append(name)
            }
            self.byFoldedName = byFoldedName
            self.byFoldedStem = byFoldedStem
        }
    }

    private let listings = LockedState<[String: Listing]>([:])
    /// For each bundle: the files in its subfolders (to `subfolderDepth`), by lowercased name.
    private let subfolderFiles = LockedState<[String: (stamp: FileIdentity?, byFoldedName: [String: [String]])]>([:])
    /// How deep below the bundle root a misplaced sound is looked for.
    static let subfolderDepth = 3

    /// Hints for a name without an extension: the files, in any location, whose name is that
    /// name plus an extension.
    func filesWithStem(_ name: String, locations: SoundLocations) -> [String] {
        let stem = name.lowercased()[...]
        return locations.allRoots.flatMap { root in
            (listing(of: root.folder).byFoldedStem[stem] ?? []).map { candidate in
                ResolutionHint.withExtension(candidate, in: "\(root.kind.rawValue) folder \(root.folder)")
            }
        }
    }

    /// Hints for files named `name` (in any case) in subfolders of the bundle, where the system
    /// never looks.
    func subfolderHints(for name: String, bundle: String) -> [String] {
        let stamp = FileIdentity.of(bundle)
        var index = subfolderFiles.withLock { $0[bundle] }
        if index == nil || index?.stamp != stamp || stamp == nil {
            var byFoldedName: [String: [String]] = [:]
            Self.walkSubfolders(of: bundle, relative: "", depth: 1) { relative in
                byFoldedName[fileName(of: relative).lowercased(), default: []].append(relative)
            }
            index = (stamp, byFoldedName)
            subfolderFiles.withLock { $0[bundle] = index }
        }
        return (index?.byFoldedName[name.lowercased()] ?? []).sorted().map { relative in
            ResolutionHint.inSubfolder(relative, of: bundle)
        }
    }

    /// Calls `found` with the path, relative to `folder`, of each file in its subfolders down to
    /// `subfolderDepth` levels (not the files at its top).
    private static func walkSubfolders(of folder: String, relative: String, depth: Int, found: (String) -> Void) {
        guard depth <= subfolderDepth else { return }
        let probe = FolderProbe(folder: relative.isEmpty ? folder : joiningPath(folder, relative))
        for name in probe.names() ?? [] {
            let child = relative.isEmpty ? name : relative + "/" + name
            switch probe.probe(listedName: name) {
            case .notRegularFile:
                walkSubfolders(of: folder, relative: child, depth: depth + 1, found: found)
            case .file where !relative.isEmpty:
                found(child)
            default:
                continue
            }
        }
    }

    /// Hints for `name`, which was not found in `searched`, looking in every root of `locations`.
    func hints(for name: String, searched: [SearchRoot], locations: SoundLocations) -> [String] {
        let folded = name.lowercased()
        let stem = ResolutionHint.stem(of: folded)
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
                    hints.append(ResolutionHint.differsByCase(candidate, in: place))
                }
            }
            for candidate in listing.byFoldedStem[stem] ?? [] where !sameFoldedName.contains(candidate) {
                hints.append(ResolutionHint.otherExtension(candidate, in: place))
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

}
