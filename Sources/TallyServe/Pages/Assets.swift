import TallyReports
import TallySyntax

/// The only files the server sends besides its pages: two style sheets, the live script,
/// the web app manifest and the icons, all inside the binary.
enum Assets {
    /// The asset at `path`, with its type.
    static func asset(_ path: String) -> (type: String, bytes: [UInt8])? {
        switch path {
        case "/assets/report.css": ("text/css; charset=utf-8", Array(HTMLReport.styleSheet.utf8))
        case "/assets/serve.css": ("text/css; charset=utf-8", Array(serveCSS.utf8))
        case "/assets/live.js": ("text/javascript; charset=utf-8", Array(liveScript.utf8))
        case "/manifest.webmanifest": ("application/manifest+json", Array(WebManifest.json.utf8))
        case "/assets/icon.svg": ("image/svg+xml", Array(AppIcon.svg.utf8))
        default: icon(path)
        }
    }

    /// `/assets/icon-N.png` for each of ``AppIcon/pngSizes``.
    static func icon(_ path: String) -> (type: String, bytes: [UInt8])? {
        guard path.hasPrefix("/assets/icon-"), path.hasSuffix(".png"), let size = Int(path.dropFirst("/assets/icon-".count).dropLast(4)),
            let png = AppIcon.pngs[size]
        else { return nil }
        return ("image/png", png)
    }

    /// The server's pages over the static report's style: navigation, forms, the source
    /// view, dark colours. Nothing is wider than the screen at 390 px.
    static let serveCSS = """
        html { -webkit-text-size-adjust: 100%; }
        body { overflow-wrap: anywhere; }
        .skip { position: absolute; left: -9999px; }
        .skip:focus { left: 8px; top: 8px; background: var(--card); padding: 6px 10px; z-index: 2; }
        nav { background: var(--card); border-bottom: 1px solid var(--line); }
        nav ul { display: flex; flex-wrap: wrap; gap: 2px 4px; list-style: none; margin: 0 auto; padding: 6px 14px; max-width: 1180px; }
        nav a { display: inline-block; padding: 6px 10px; border-radius: 8px; color: var(--ink); text-decoration: none; }
        nav a[aria-current="page"] { background: var(--page); font-weight: 650; }
        a { color: #0b5cad; }
        a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #3b82f6; outline-offset: 2px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 18px; margin: 18px 0; }
        form.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; }
        form.card h2 { margin-bottom: 8px; }
        label { display: block; font-size: 0.85rem; color: var(--muted); margin-top: 8px; }
        input, select, button { font: inherit; max-width: 100%; }
        input, select { width: 100%; padding: 7px 8px; border: 1px solid var(--line); border-radius: 8px; background: var(--page); color: var(--ink); }
        button { margin-top: 12px; padding: 8px 14px; border-radius: 8px; border: 1px solid #0b5cad; background: #0b5cad; color: #ffffff; cursor: pointer; }
        form.filters { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: flex-end; margin: 10px 0 16px; }
        form.filters label { margin: 0; }
        form.filters input, form.filters select { width: 11rem; }
        form.inline { display: inline; }
        form.inline button { margin: 0; padding: 3px 10px; }
        .message { padding: 10px 14px; border-radius: 10px; border: 1px solid var(--line); background: var(--card); }
        .message.error { border-color: var(--over); color: var(--over); }
        .stale { padding: 6px 12px; border-radius: 8px; background: var(--card); border: 1px dashed var(--line); }
        pre.source { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 8px 0; overflow-x: auto; font-size: 0.85rem; }
        pre.source span { display: block; padding: 0 12px; white-space: pre; }
        pre.source span.hit { background: #fff3bf; }
        pre.output { padding: 8px 12px; }
        pre.source b { display: inline-block; min-width: 4ch; color: var(--muted); font-weight: 400; user-select: none; text-align: right; margin-right: 12px; }
        .section { margin-top: 22px; }
        .add-link { position: absolute; right: 10px; top: 8px; z-index: 1; padding: 6px 12px; border-radius: 999px; background: #0b5cad; color: #ffffff; text-decoration: none; font-weight: 600; }
        nav ul { padding-right: 190px; }
        .table-box { overflow-x: visible; }
        .table-box th, .table-box td { white-space: normal; overflow-wrap: anywhere; }
        .table-box td.num, .table-box th.num { white-space: nowrap; overflow-wrap: normal; }
        .under { display: block; color: var(--muted); font-size: 0.8rem; font-weight: 400; }
        th.date { white-space: nowrap; width: 6.5rem; }
        td.amount form.inline { display: block; margin-top: 6px; }
        td.amount button { margin: 0; white-space: nowrap; overflow-wrap: normal; }
        .need { display: block; font-weight: 600; }
        .need { overflow-wrap: normal; }
        svg.bar { display: block; width: 100%; max-width: 12rem; height: 8px; margin: 4px 0; }
        .ready { font-size: 1.15rem; margin: 10px 0; padding: 10px 14px; background: var(--card); border: 1px solid var(--line); border-radius: 12px; display: flex; justify-content: space-between; gap: 10px; }
        .ready strong { font-variant-numeric: tabular-nums; color: var(--income); }
        .ready.over strong, .over [data-figure="available"], .available.over { color: var(--over); }
        .attention-list { list-style: none; margin: 0 0 14px; padding: 0; }
        .attention-list li { padding: 8px 12px; border-bottom: 1px solid var(--line); background: var(--card); }
        .attention-list [data-figure] { font-variant-numeric: tabular-nums; white-space: nowrap; font-weight: 600; }
        .envelope-list { list-style: none; margin: 10px 0; padding: 0; background: var(--card); border: 1px solid var(--line); border-radius: 12px; }
        .envelope-list li { border-bottom: 1px solid var(--line); }
        .envelope-list li:last-child { border-bottom: 0; }
        .envelope-list summary { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2px 10px; padding: 10px 12px; cursor: pointer; list-style: none; }
        .envelope-list summary::-webkit-details-marker { display: none; }
        .envelope-list .name { font-weight: 600; overflow-wrap: anywhere; }
        .envelope-list .available { font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; color: var(--income); text-align: right; }
        .envelope-list .over .available { color: var(--over); }
        .envelope-list svg.bar { grid-column: 1 / -1; max-width: none; }
        .envelope-list dl { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 4px 12px; margin: 0; padding: 0 12px 8px; }
        .envelope-list dt { font-size: 0.8rem; color: var(--muted); }
        .envelope-list dd { margin: 0; font-variant-numeric: tabular-nums; }
        form.quick { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: flex-end; padding: 4px 12px 10px; }
        form.quick label { margin: 0; flex: 1 1 9rem; }
        form.quick button { margin: 0; }
        table.grid th.period { text-align: center; border-bottom: 0; }
        table.grid tr.ready-row td { font-weight: 650; color: var(--income); }
        details.filters-box > summary { cursor: pointer; color: var(--muted); margin: 6px 0; }
        pre.output { white-space: pre-wrap; overflow-wrap: anywhere; }
        @media (min-width: 720px) { .narrow-only { display: none !important; } }
        @media (max-width: 719.98px) { .wide-only { display: none !important; } nav ul { padding-right: 14px; padding-top: 44px; } }
        @media (prefers-color-scheme: dark) {
          :root { color-scheme: dark; --ink: #e6e8eb; --muted: #a3abb5; --line: #343a42; --card: #1b1f24; --page: #111418; }
          a { color: #7cb7ff; }
          pre.source span.hit { background: #4a3f00; }
          button, .add-link { background: #2f6fb5; border-color: #2f6fb5; }
        }
        @media (max-width: 640px) { form.filters input, form.filters select { width: 100%; } form.filters label { flex: 1 1 100%; } }
        """

    /// Polls the budget's version twice a second; when it changes, fetches the page again
    /// and swaps each `data-live` region, leaving forms being filled in alone and the
    /// envelopes opened on a phone open. The page
    /// works without it: every figure is in the HTML.
    static let liveScript = """
        (function () {
          "use strict";
          var version = document.body.getAttribute("data-version");
          var busy = false;
          function swap(html) {
            var next = new DOMParser().parseFromString(html, "text/html");
            document.querySelectorAll("[data-live]").forEach(function (region) {
              var fresh = next.getElementById(region.id);
              var active = document.activeElement;
              // A region with the focus stays as it is (a field being filled in), unless the
              // focus is on an envelope's summary, just tapped open.
              if (!fresh || (region.contains(active) && active.tagName !== "SUMMARY")) { return; }
              // An envelope opened on a phone stays open (and focused) with its new figures.
              function key(d) { return d.parentNode.getAttribute("data-envelope"); }
              var open = Array.prototype.map.call(region.querySelectorAll("[data-envelope] > details[open]"), key);
              var focused = region.contains(active) && active.parentNode && active.parentNode.parentNode ? active.parentNode.parentNode.getAttribute("data-envelope") : null;
              var swapped = document.importNode(fresh, true);
              swapped.querySelectorAll("[data-envelope] > details").forEach(function (d) { if (open.indexOf(key(d)) >= 0) { d.open = true; } });
              region.replaceWith(swapped);
              if (focused) { swapped.querySelectorAll("[data-envelope] > details > summary").forEach(function (s) { if (key(s.parentNode) === focused) { s.focus(); } }); }
            });
            var stale = document.getElementById("stale");
            if (stale) { stale.hidden = false; }
          }
          function poll() {
            if (busy) { return; }
            busy = true;
            fetch("/api/version", { cache: "no-store", credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (v) {
              if (v.version === version) { busy = false; return; }
              // A page without live figures (the import screen) only says that it is stale.
              if (!document.querySelector("[data-live]")) { version = v.version; swap(""); busy = false; return; }
              return fetch(location.href, { cache: "no-store", credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
                version = v.version;
                document.body.setAttribute("data-version", version);
                swap(html);
                busy = false;
              });
            }).catch(function () { busy = false; });
          }
          setInterval(poll, 400);
        })();
        """
}
