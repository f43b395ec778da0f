/// `fix --dry-run --format html`: each file before and after the planned change, both drawn and
/// both playable, with the change in words; the same page frame as `validate --format html`.
struct FixHTMLReport {
    let outcomes: [FixOutcome]
    /// Where the outcomes' previews wait.
    let spool: PreviewSpool

    var page: String {
        defer { spool.removeFiles() }
        let summary = FixCommand.summary(outcomes, dryRun: true)
        var html = HTMLPage.head(title: "soundcheck fix --dry-run: \(summary)")
        html += #"<section class="summary" aria-label="Summary"><span>\#(xmlEscaped(summary))</span></section>"#
        html += "\n" + HTMLPage.filters(codes: []) + "\n"
        html += #"<table id="files"><caption class="visually-hidden">Planned changes</caption><thead><tr>"#
        for (key, title) in [("verdict", "Result"), ("path", "File"), ("change", "Planned change")] {
            html += #"<th scope="col"><button type="button" data-key="\#(key)" data-type="text">\#(title)</button></th>"#
        }
        html += "</tr></thead>\n"
        for outcome in outcomes {
            let verdict = outcome.passes ? "pass" : "fail"
            html += #"<tbody class="file" data-verdict="\#(verdict)" data-warnings="0" data-codes="" "#
            html += #"data-path="\#(xmlEscaped(outcome.path))" data-change="\#(xmlEscaped(outcome.detail))">"#
            html += #"<tr><td><span class="\#(verdict)">\#(xmlEscaped(outcome.result))</span></td>"#
            html += #"<th scope="row"><code>\#(xmlEscaped(outcome.path))</code></th><td>\#(xmlEscaped(outcome.detail))</td></tr>"#
            html += #"<tr class="detail"><td></td><td colspan="2"><div class="pair">\#(spool.embed(outcome.pictures ?? ""))</div></td></tr></tbody>"#
            html += "\n"
        }
        return html + "</table>\n" + spool.note + HTMLPage.tail
    }
}
