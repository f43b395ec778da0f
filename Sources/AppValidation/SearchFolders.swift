import SoundContainers
import SoundResolver

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SoundLocations {
    /// `bundle` when it names an archive (`.ipa`).
    package static func archivedBundle(_ bundle: String?) -> String? {
        bundle.flatMap { fileExtension(of: $0) == "ipa" ? $0 : nil }
    }

    /// The folders on disk that the locations name (an archived bundle is not one). A macOS
    /// app's sounds are in its `Contents/Resources`, the root of its bundle's resources.
    package static func given(container: String?, groups: [String], bundle: String?) -> SoundLocations {
        SoundLocations(container: container, groups: groups, bundle: archivedBundle(bundle) == nil ? bundle.map(resourcesFolder) : nil)
    }

    /// `bundle`'s `Contents/Resources` when it has one (a macOS app), else `bundle` itself.
    private static func resourcesFolder(of bundle: String) -> String {
        let resources = joiningPath(bundle, "Contents/Resources")
        var status = stat()
        return stat(resources, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? resources : bundle
    }
}
