// libFuzzer entry point for the app archive readers: any bytes, written to a file as an .ipa, an
// .apk or an .aab would be, either read or are refused with an ArchiveError naming the archive;
// every entry an app's sounds come from stays inside the archive, and reading one never returns
// more bytes than it declares. Built by Scripts/fuzz against SoundContainers, AppContents and
// AppArchive (minizip opened at run time).

import AppArchive
import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let fuzzArchivePath = "/tmp/soundcheck-fuzz-archive-\(getpid()).zip"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let file = fopen(fuzzArchivePath, "wb") else { return 0 }
    fwrite(start, 1, count, file)
    fclose(file)
    defer { unlink(fuzzArchivePath) }
    guard let archive = try? ZipArchive(path: fuzzArchivePath) else { return 0 }
    for entry in archive.entries {
        precondition(!entry.name.hasPrefix("/") && !entry.name.split(separator: "/").contains(".."), "an entry outside the archive")
    }
    var entries: [ZipArchive.Entry] = []
    if let sounds = try? AppArchiveSounds(of: archive) { entries += sounds.sounds.map(\.entry) }
    if let sounds = try? AndroidArchiveSounds(of: archive) { entries += sounds.sounds.map(\.entry) }
    for entry in entries.prefix(8) {
        let source = ArchiveEntrySource(entry, in: archive)
        if let bytes = try? source.read(at: 0, length: 4096) {
            precondition(UInt64(bytes.count) <= entry.size, "more bytes than the entry declares")
        }
        _ = try? AudioFileParser.describe(source)
    }
    return 0
}
