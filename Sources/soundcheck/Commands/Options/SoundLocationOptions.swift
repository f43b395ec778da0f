import ArgumentParser
import SoundContainers
import SoundResolver

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The flags that say where an app's sounds are, shared by `validate` and `resolve`.
struct SoundLocationOptions: ParsableArguments {
    @Option(help: "The app's data container (its Library/Sounds is searched first).")
    var container: String?

    @Option(help: "An app group container (its Library/Sounds; repeatable, in search order).")
    var group: [String] = []

    @Option(
        help: "The app bundle: a .app folder (a macOS app's Contents/Resources), or an .ipa read in place (the sounds at its root are searched last)."
    )
    var bundle: String?

    /// True when no location was given.
    var isEmpty: Bool { container == nil && group.isEmpty && bundle == nil }

    /// The bundle when it is an archive (`.ipa`) rather than a folder.
    var archivedBundle: String? { Self.archivedBundle(bundle) }

    /// The folders on disk; an archived bundle is searched separately.
    var locations: SoundLocations { Self.locations(container: container, groups: group, bundle: bundle) }

    /// `bundle` when it names an archive (`.ipa`).
    static func archivedBundle(_ bundle: String?) -> String? {
        bundle.flatMap { fileExtension(of: $0) == "ipa" ? $0 : nil }
    }

    /// The folders on disk that the locations name (an archived bundle is not one). A macOS
    /// app's sounds are in its `Contents/Resources`, the root of its bundle's resources.
    static func locations(container: String?, groups: [String], bundle: String?) -> SoundLocations {
        SoundLocations(container: container, groups: groups, bundle: archivedBundle(bundle) == nil ? bundle.map(resourcesFolder) : nil)
    }

    /// `bundle`'s `Contents/Resources` when it has one (a macOS app), else `bundle` itself.
    static func resourcesFolder(of bundle: String) -> String {
        let resources = joiningPath(bundle, "Contents/Resources")
        var status = stat()
        return stat(resources, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? resources : bundle
    }
}
