internal import SharedLibraries

/// Why an app archive (`.ipa`, `.apk`, `.aab`) cannot be read; every case names the archive and says what is wrong.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The zip reader (minizip) cannot be loaded.
    case readerMissing(String)
    /// The file is not a zip archive, or its central directory is damaged or cut short.
    case notAZipArchive(path: String)
    /// An entry's name is absolute or climbs out of the archive with `..`: the archive is refused.
    case unsafeName(path: String, name: String)
    /// An entry declares far more data than it compresses: a zip bomb.
    case zipBomb(path: String, name: String, size: UInt64, compressedSize: UInt64)
    /// An entry's name is not UTF-8 or is longer than a path can be.
    case badName(path: String, index: Int)
    /// More entries than any app has.
    case tooManyEntries(path: String, count: UInt64)
    /// No `Payload/NAME.app/` folder.
    case noApp(path: String)
    /// No Android manifest: no Android app.
    case noAndroidApp(path: String)
    /// Reading the archive failed.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .readerMissing(let name):
            let advice = SharedLibrarySearch.installAdvice(brew: "minizip", apt: "libminizip1")
            return "reading .ipa archives needs minizip, and \(name) cannot be loaded (\(advice))"
        case .notAZipArchive(let path):
            return "\(path): not a zip archive, or its central directory is damaged or cut short"
        case .unsafeName(let path, let name):
            return "\(path): the entry '\(name)' has an absolute name or climbs out of the archive with '..'; the archive is refused"
        case .zipBomb(let path, let name, let size, let compressed):
            return "\(path): the entry '\(name)' declares \(size) bytes from \(compressed) compressed (a zip bomb); the archive is refused"
        case .badName(let path, let index):
            return "\(path): entry \(index + 1) has a name that is not UTF-8 or is too long"
        case .tooManyEntries(let path, let count):
            return "\(path): \(count) entries, more than soundcheck reads (\(ZipArchive.maximumEntries))"
        case .noApp(let path):
            return "\(path): no Payload/NAME.app folder; an .ipa holds the app there"
        case .noAndroidApp(let path):
            return "\(path): no AndroidManifest.xml; an .apk holds it at its root, an .aab in MODULE/manifest/"
        case .readFailed(let path, let reason):
            return "\(path): reading failed: \(reason)"
        }
    }
}
