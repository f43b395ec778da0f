/// The cap on a page's previews: browsers slow to a crawl on pages of hundreds of megabytes, so
/// once the previews on a page add up to `limit` bytes, the later ones (in the page's order, so
/// the same files every run) are left out with a note. Waveforms are always kept.
struct PreviewBudget {
    /// The most bytes of previews a page holds: 48 MiB, about 200 previews of 30-second sounds.
    static let limit = 48 << 20

    private var used = 0
    /// How many previews were left out.
    private(set) var leftOut = 0

    /// A closing note when previews were left out, else "".
    var note: String {
        leftOut == 0 ? "" : #"<p class="placeholder">\#(leftOut) previews were left out to keep the page under its cap.</p>"#
    }

    /// `fragment` with its previews kept while the budget lasts, replaced by a note after.
    mutating func admit(_ fragment: String) -> String {
        guard fragment.contains("<audio ") else { return fragment }
        var result = ""
        var rest = Substring(fragment)
        while let start = rest.range(of: "<audio "), let end = rest[start.lowerBound...].range(of: "</audio>") {
            result += rest[..<start.lowerBound]
            let element = rest[start.lowerBound..<end.upperBound]
            if used + element.utf8.count <= Self.limit {
                used += element.utf8.count
                result += element
            } else {
                leftOut += 1
                result += #"<p class="placeholder">Preview left out: the page's previews reached their \#(Self.limit >> 20) MiB cap. "#
                    + "Report fewer files at once to hear this one.</p>"
            }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
