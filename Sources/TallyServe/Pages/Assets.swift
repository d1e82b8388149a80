import TallyReports
import TallySyntax

/// The only files the server sends besides its pages: two style sheets and the live
/// script, inside the binary.
enum Assets {
    /// The asset at `path`, with its type.
    static func asset(_ path: String) -> (type: String, text: String)? {
        switch path {
        case "/assets/report.css": ("text/css; charset=utf-8", HTMLReport.styleSheet)
        case "/assets/serve.css": ("text/css; charset=utf-8", serveCSS)
        case "/assets/live.js": ("text/javascript; charset=utf-8", liveScript)
        default: nil
        }
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
        pre.output { padding: 8px 12px; white-space: pre; }
        pre.source b { display: inline-block; min-width: 4ch; color: var(--muted); font-weight: 400; user-select: none; text-align: right; margin-right: 12px; }
        .section { margin-top: 22px; }
        @media (prefers-color-scheme: dark) {
          :root { color-scheme: dark; --ink: #e6e8eb; --muted: #a3abb5; --line: #343a42; --card: #1b1f24; --page: #111418; }
          a { color: #7cb7ff; }
          pre.source span.hit { background: #4a3f00; }
          button { background: #2f6fb5; border-color: #2f6fb5; }
        }
        @media (max-width: 640px) { form.filters input, form.filters select { width: 100%; } form.filters label { flex: 1 1 100%; } }
        """

    /// Polls the budget's version twice a second; when it changes, fetches the page again
    /// and swaps each `data-live` region, leaving forms being filled in alone. The page
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
              if (fresh && !region.contains(document.activeElement)) { region.replaceWith(document.importNode(fresh, true)); }
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
