import AppValidation
import ArgumentParser
import SoundResolver

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
    var archivedBundle: String? { SoundLocations.archivedBundle(bundle) }

    /// The folders on disk; an archived bundle is searched separately.
    var locations: SoundLocations { SoundLocations.given(container: container, groups: group, bundle: bundle) }
}
