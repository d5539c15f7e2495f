/// The preview page: one HTML document with its style and script inline, embedded in the
/// binary, so it works offline and loads nothing from anywhere else (the policy below
/// forbids it). The page draws what the server streams: §9's records (header, shapes,
/// frames) plus `preview` (the controls' state) and `diagnostics` (the overlay).
enum PreviewPage {
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:"

  static var html: String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>animc preview</title>
    <style>\(style)</style>
    </head>
    <body>
    <div id="stage-area"><canvas id="stage"></canvas><pre id="overlay" hidden></pre></div>
    <div id="bar">
    <button id="play" title="Pause or play (p)">Pause</button>
    <button id="back" title="One frame back, while paused (←)">◀</button>
    <button id="forward" title="One frame on, while paused (→)">▶</button>
    <button id="restart" title="Restart without taps (r)">↺</button>
    <input id="scrub" type="range" min="0" max="0" step="1" value="0" aria-label="Timeline">
    <span id="clock">0.00 s</span>
    <label>seed <input id="seed" type="text" inputmode="numeric" size="8"></label>
    <span id="rate"></span>
    </div>
    <svg id="measure" width="0" height="0" aria-hidden="true"><path id="measure-path"/></svg>
    <script>\(PreviewScript.drawing)\(PreviewScript.pictures)\(PreviewScript.trim)\(PreviewScript.frames)\(PreviewScript.controls)</script>
    </body>
    </html>

    """
  }

  static let style = #"""
    html, body { margin: 0; height: 100%; background: #1e1e1e; color: #ddd;
      font: 13px -apple-system, system-ui, sans-serif; overflow: hidden; }
    #stage-area { position: absolute; left: 0; right: 0; top: 0; bottom: 44px;
      display: flex; align-items: center; justify-content: center; }
    #stage { display: block; touch-action: none; cursor: crosshair; }
    #bar { position: absolute; left: 0; right: 0; bottom: 0; height: 44px; display: flex;
      align-items: center; gap: 8px; padding: 0 10px; box-sizing: border-box; background: #2a2a2a; }
    #bar button { background: #3a3a3a; color: #eee; border: 0; border-radius: 4px; min-width: 30px; height: 28px; }
    #scrub { flex: 1; }
    #clock, #rate { font-variant-numeric: tabular-nums; white-space: nowrap; }
    #seed { background: #1e1e1e; color: #eee; border: 1px solid #555; border-radius: 3px; }
    #overlay { position: absolute; left: 12px; right: 12px; top: 12px; max-height: 80%; overflow: auto; margin: 0;
      padding: 12px; background: rgba(40, 0, 0, 0.92); color: #fdd; border: 1px solid #f55; border-radius: 6px;
      font: 12px ui-monospace, Menlo, monospace; }
    #overlay .prose { white-space: pre-wrap; }
    #overlay .code { white-space: pre; overflow-x: auto; }
    #measure { position: absolute; left: 0; top: 0; }
    body.embed, body.embed #stage-area { background: transparent; }
    body.embed #bar { display: none; }
    body.embed #stage-area { position: static; display: block; }
    body.embed #stage { cursor: default; }
    """#
}
