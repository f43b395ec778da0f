import SoundContainers

/// The raw resources of a built Android app, read in place: `res/raw/NAME` in an `.apk`,
/// `MODULE/res/raw/NAME` in an `.aab` (the base module and feature modules). The packager keeps a
/// raw resource's path and bytes, so each is judged as the file it was; one that resource
/// shrinking emptied is a 0-byte entry.
public struct AndroidArchiveSounds {
    /// One raw resource: its entry and its resource name.
    public struct Sound {
        /// The archive entry.
        public let entry: ZipArchive.Entry
        /// The module it belongs to in an `.aab` (`base`); nil in an `.apk`.
        public let module: String?
    }

    /// Every raw resource, in archive order.
    public let sounds: [Sound]

    /// The raw resources of `archive`.
    /// - Throws: `ArchiveError.noAndroidApp` when it holds no `AndroidManifest.xml` (an `.apk`) or
    ///   `MODULE/manifest/AndroidManifest.xml` (an `.aab`): it is no Android app.
    public init(of archive: ZipArchive) throws(ArchiveError) {
        let names = Set(archive.entries.map(\.name))
        let isBundle = names.contains { $0.hasSuffix("/manifest/AndroidManifest.xml") }
        guard isBundle || names.contains("AndroidManifest.xml") else { throw .noAndroidApp(path: archive.path) }
        sounds = archive.entries.compactMap { entry in
            guard !entry.isFolder else { return nil }
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            if !isBundle, parts.count == 3, parts[0] == "res", parts[1] == "raw" {
                return Sound(entry: entry, module: nil)
            }
            if isBundle, parts.count == 4, parts[1] == "res", parts[2] == "raw" {
                return Sound(entry: entry, module: String(parts[0]))
            }
            return nil
        }.filter { !fileName(of: $0.entry.name).hasPrefix(".") }
    }
}
