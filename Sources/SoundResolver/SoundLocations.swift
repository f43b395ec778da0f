import SoundContainers

/// Where an app's notification sounds can be, in the order the system searches them.
public struct SoundLocations: Sendable, Equatable {
    /// The app's data container; sounds are in its `Library/Sounds`.
    public var container: String?
    /// App group containers, in the order given; sounds are in each one's `Library/Sounds`.
    public var groups: [String]
    /// The app bundle; sounds are at its root.
    public var bundle: String?

    /// Creates a set of locations. Any of them may be absent.
    public init(container: String? = nil, groups: [String] = [], bundle: String? = nil) {
        self.container = container
        self.groups = groups
        self.bundle = bundle
    }

    /// The folders searched for a sound, in order: the container's `Library/Sounds`, each group's
    /// `Library/Sounds` (not for critical alerts), then the bundle root.
    public func searchRoots(critical: Bool) -> [SearchRoot] {
        var roots: [SearchRoot] = []
        if let container { roots.append(SearchRoot(kind: .container, folder: soundsFolder(in: container))) }
        if !critical {
            roots += groups.map { SearchRoot(kind: .group, folder: soundsFolder(in: $0)) }
        }
        if let bundle { roots.append(SearchRoot(kind: .bundle, folder: bundle)) }
        return roots
    }

    /// Every folder, searched or not for a critical alert (for hints about sounds in the wrong place).
    public var allRoots: [SearchRoot] { searchRoots(critical: false) }

    private func soundsFolder(in container: String) -> String {
        joiningPath(container, "Library/Sounds")
    }
}

/// One folder the system searches for sounds.
public struct SearchRoot: Sendable, Hashable {
    /// Which kind of location it is.
    public var kind: SoundLocationKind
    /// The folder itself.
    public var folder: String

    /// Creates a search root.
    public init(kind: SoundLocationKind, folder: String) {
        self.kind = kind
        self.folder = folder
    }
}

/// The kinds of location a sound can be found in (a stable contract in JSON: `location`).
public enum SoundLocationKind: String, Sendable, Hashable {
    /// The app's data container, `Library/Sounds`.
    case container
    /// An app group container, `Library/Sounds`.
    case group
    /// The app bundle's root.
    case bundle
}
