/// The frame of soundcheck's HTML pages: one self-contained file (inline CSS, a little inline
/// JavaScript for filtering and sorting, previews as `data:` URIs), that loads nothing from
/// anywhere (its Content-Security-Policy allows no fetch), reads without JavaScript, and follows
/// the reader's light or dark scheme.
enum HTMLPage {
    /// Everything up to the page's content.
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en" class="no-js">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; media-src data:; img-src data:">
        <link rel="icon" href="data:,">
        <title>\(xmlEscaped(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <main>
        <h1>\(xmlEscaped(title))</h1>

        """
    }

    /// The end of the page, with its script.
    static let tail = """
        </main>
        <script>\(script)</script>
        </body>
        </html>
        """

    /// The filter controls for a table of files (shown only when JavaScript runs).
    static func filters(codes: [(code: String, count: Int)]) -> String {
        var html = #"<div class="controls" role="group" aria-label="Filter the files">"#
        html += #"<fieldset><legend>Show</legend>"#
        for (value, label) in [("all", "all files"), ("fail", "failing"), ("warn", "with warnings")] {
            let checked = value == "all" ? " checked" : ""
            html += #"<label><input type="radio" name="show" value="\#(value)"\#(checked)> \#(label)</label>"#
        }
        html += "</fieldset>"
        if !codes.isEmpty {
            html += #"<fieldset><legend>Finding</legend>"#
            for (code, count) in codes {
                html += #"<button type="button" class="code" data-code="\#(xmlEscaped(code))" aria-pressed="false">\#(xmlEscaped(code)) <span class="count">\#(count)</span></button>"#
            }
            html += "</fieldset>"
        }
        html += #"<p class="shown" aria-live="polite"></p></div>"#
        return html
    }

    static let style = """
        :root{--bg:#fff;--fg:#1b1b1f;--muted:#595966;--line:#d5d5de;--panel:#f4f4f7;--pass:#116b2e;--fail:#b3111f;--warn:#7a5200;\
        --wave:#2456b3;--limit:#b3111f;--fade:rgba(179,17,31,.14);--dropped:rgba(120,120,130,.28)}
        @media (prefers-color-scheme:dark){:root{--bg:#131317;--fg:#ececf1;--muted:#a6a6b3;--line:#3a3a45;--panel:#1e1e25;\
        --pass:#5fd68a;--fail:#ff8089;--warn:#f2c25c;--wave:#8fb4ff;--limit:#ff8089;--fade:rgba(255,128,137,.2);--dropped:rgba(200,200,210,.2)}}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
        main{max-width:1100px;margin:0 auto;padding:1rem}
        h1{font-size:1.3rem;margin:.2rem 0 .8rem}
        code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
        .summary{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;padding:.6rem .8rem;background:var(--panel);border:1px solid var(--line);border-radius:6px}
        .summary .codes{display:flex;flex-wrap:wrap;gap:.3rem}
        .summary .codes span{border:1px solid var(--line);border-radius:4px;padding:0 .4rem}
        .pass{color:var(--pass)}.fail,.error{color:var(--fail)}.warning{color:var(--warn)}
        .controls{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;margin:.8rem 0}
        .no-js .controls{display:none}
        fieldset{border:1px solid var(--line);border-radius:6px;padding:.2rem .6rem .4rem;margin:0}
        legend{color:var(--muted);font-size:.85rem}
        label{margin-right:.6rem}
        button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.1rem .45rem;cursor:pointer}
        button[aria-pressed=true]{background:var(--fg);color:var(--bg)}
        :focus-visible{outline:3px solid var(--wave);outline-offset:2px}
        table{width:100%;border-collapse:collapse}
        th,td{text-align:left;padding:.35rem .5rem;vertical-align:top}
        thead th{border-bottom:2px solid var(--line);white-space:nowrap}
        thead button{border:0;padding:0;font-weight:600}
        tbody.file{border-bottom:1px solid var(--line)}
        tbody.file th{font-weight:500;word-break:break-all}
        .detail td{padding-top:0}
        .findings{margin:.2rem 0 .5rem;padding-left:1.2rem}
        .fix{color:var(--muted)}
        figure{margin:.3rem 0}
        figcaption{color:var(--muted);font-size:.85rem}
        svg.waveform{display:block;width:100%;height:72px;background:var(--panel);border-radius:4px}
        .sound{display:flex;gap:.4rem}.sound svg.waveform{flex:1;min-width:0}
        svg.loudness{flex:none;width:44px;height:72px;background:var(--panel);border-radius:4px}
        .lufs{fill:var(--wave)}.target{stroke:var(--limit);stroke-width:2}.peak{stroke:var(--fg);stroke-width:2}
        .wave{stroke:var(--wave);fill:none}.limit{stroke:var(--limit);stroke-width:2}.fade{fill:var(--fade)}.dropped{fill:var(--dropped)}
        audio{width:100%;max-width:420px;height:34px}
        .placeholder{color:var(--muted);font-style:italic;background:var(--panel);padding:.6rem;border-radius:4px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        .pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
        @media (max-width:700px){.pair{grid-template-columns:1fr}}
        """

    static let script = """
        document.documentElement.className='js';
        (function(){
        var table=document.getElementById('files');if(!table)return;
        var bodies=Array.prototype.slice.call(table.tBodies),code=null;
        var shown=document.querySelector('.shown');
        function apply(){var show=document.querySelector('input[name=show]:checked').value,count=0;
        bodies.forEach(function(b){var v=show==='all'||(show==='fail'&&b.dataset.verdict==='fail')||(show==='warn'&&+b.dataset.warnings>0);
        if(code&&b.dataset.codes.split(' ').indexOf(code)<0)v=false;b.hidden=!v;if(v)count++;});
        if(shown)shown.textContent=count+' of '+bodies.length+' files shown';}
        document.querySelectorAll('input[name=show]').forEach(function(i){i.addEventListener('change',apply);});
        document.querySelectorAll('button.code').forEach(function(b){b.addEventListener('click',function(){
        code=code===b.dataset.code?null:b.dataset.code;
        document.querySelectorAll('button.code').forEach(function(o){o.setAttribute('aria-pressed',String(o.dataset.code===code));});apply();});});
        document.querySelectorAll('thead button').forEach(function(button){button.addEventListener('click',function(){
        var th=button.parentNode,key=button.dataset.key,numeric=button.dataset.type==='number';
        var ascending=th.getAttribute('aria-sort')!=='ascending';
        document.querySelectorAll('thead th').forEach(function(o){o.removeAttribute('aria-sort');});
        th.setAttribute('aria-sort',ascending?'ascending':'descending');
        bodies.sort(function(a,b){var x=a.dataset[key]||'',y=b.dataset[key]||'';
        var c=numeric?(parseFloat(x)||0)-(parseFloat(y)||0):x.localeCompare(y);return ascending?c:-c;});
        bodies.forEach(function(b){table.appendChild(b);});});});
        apply();})();
        """
}
