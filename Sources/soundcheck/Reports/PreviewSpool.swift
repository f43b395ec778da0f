import SharedState
import SoundContainers
import SoundConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Previews on their way into a page. The worker that draws a file writes its preview into a
/// temporary folder and puts a reference in the file's part of the page; when the page is written,
/// in page order, each reference becomes a `data:` URI while the page's previews stay under
/// `limit` (browsers slow to a crawl on pages of hundreds of megabytes), and a note after that.
/// So a page is the same every run, and memory holds one preview at a time, however many files.
final class PreviewSpool: Sendable {
    /// The most bytes of previews (as Base64) a page holds: 48 MiB, about 150 previews of
    /// 30-second sounds.
    static let limit = 48 << 20
    /// What a reference's `src` starts with.
    private static let scheme = "soundcheck-preview:"

    /// The temporary folder; nil when none could be made (every preview is then left out).
    private let folder: String?
    private let state = LockedState((next: 0, used: 0, leftOut: 0))

    init() {
        folder = try? makeTemporaryFolder()
    }

    deinit {
        removeFiles()
    }

    /// Removes the temporary folder and what is left in it. The page's writer calls it when the
    /// page is written (a run may end with `exit`, which runs no deinitializer); again, it does nothing.
    func removeFiles() {
        guard let folder, access(folder, F_OK) == 0 else { return }
        removeFolder(folder)
    }

    /// A new file for a preview, and the `src` that refers to it in a page's part.
    func reserve() -> (path: String, source: String)? {
        guard let folder else { return nil }
        let name = state.withLock { state in
            defer { state.next += 1 }
            return "\(state.next).wav"
        }
        return (joiningPath(folder, name), Self.scheme + name)
    }

    /// `fragment` with each preview it refers to embedded while the budget lasts, replaced by a
    /// note after; the preview files are removed.
    func embed(_ fragment: String) -> String {
        guard fragment.contains(Self.scheme) else { return fragment }
        var result = ""
        var rest = Substring(fragment)
        while let start = rest.firstRange(of: "<audio "), let end = rest[start.lowerBound...].firstRange(of: "</audio>") {
            result += rest[..<start.lowerBound]
            result += admit(rest[start.lowerBound..<end.upperBound])
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// A closing note when previews were left out, else "".
    var note: String {
        let leftOut = state.withLock { $0.leftOut }
        return leftOut == 0 ? "" : #"<p class="placeholder">\#(leftOut) previews were left out to keep the page under its cap.</p>"#
    }

    /// The `<audio>` element with its preview embedded, or the note that it was left out.
    private func admit(_ element: Substring) -> String {
        guard let folder, let reference = element.firstRange(of: Self.scheme),
            let quote = element[reference.upperBound...].firstIndex(of: "\"")
        else { return String(element) }
        let path = joiningPath(folder, String(element[reference.upperBound..<quote]))
        defer { unlink(path) }
        let bytes = try? readWholeFile(atPath: path, limit: AudioOverview.previewByteLimit + 4096)
        let encodedSize = ((bytes?.count ?? 0) + 2) / 3 * 4
        let fits = state.withLock { state in
            guard bytes != nil, state.used + encodedSize <= Self.limit else {
                state.leftOut += 1
                return false
            }
            state.used += encodedSize
            return true
        }
        guard fits, let bytes else {
            return #"<p class="placeholder">Preview left out: the page's previews reached their \#(Self.limit >> 20) MiB cap. "#
                + "Report fewer files at once to hear this one.</p>"
        }
        return element[..<reference.lowerBound] + "data:audio/wav;base64," + base64Encoded(bytes) + element[quote...]
    }
}
