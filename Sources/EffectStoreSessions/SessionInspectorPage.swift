import EffectStore
import EffectStoreLogging
import Foundation

/// The inspector's HTML: a fixed page (style and script below) around the session's JSON.
///
/// The JSON goes into a `<script type="application/json">` element, with every `<`, `>`, `&`, U+2028 and U+2029
/// written as a `\u` escape: those characters can only stand inside JSON strings, where the escape means the same
/// character, so the JSON is unchanged for `JSON.parse` — and no value can close the element or start markup. The
/// script shows every value with `textContent`, never as HTML.
enum SessionInspectorPage {
    static func html(title: String, sessionJSON: Data, summary: SessionSummary) -> String {
        var page = ""
        page.reserveCapacity(sessionJSON.count + head.utf8.count + script.utf8.count + 512)
        page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // Nothing loads from anywhere: the page's own inline script and style only.
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        page += "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n"
        let title = ValueDescriber.escaped(title)
        page += "<title>\(escapedText(title)) — EffectStore session</title>\n"
        page += head
        page += "<body>\n<header><h1>\(escapedText(title))</h1>"
        page += "<span id=\"summary\">\(summary.entryCount) transitions"
        if summary.droppedEntryCount > 0 { page += ", \(summary.droppedEntryCount) dropped" }
        page += "</span></header>\n"
        page += body
        page += "<script type=\"application/json\" id=\"session-data\">"
        page += escapedJSON(sessionJSON)
        page += "</script>\n<script>\n"
        page += script
        page += "</script>\n</body>\n</html>\n"
        return page
    }

    /// `text` for an HTML text node or attribute.
    static func escapedText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The JSON with `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, for a `<script>` element.
    static func escapedJSON(_ json: Data) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + json.count / 16)
        json.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                switch byte {
                case UInt8(ascii: "<"): bytes.append(contentsOf: #"\u003c"#.utf8)
                case UInt8(ascii: ">"): bytes.append(contentsOf: #"\u003e"#.utf8)
                case UInt8(ascii: "&"): bytes.append(contentsOf: #"\u0026"#.utf8)
                case 0xE2
                where index + 2 < raw.count && raw[index + 1] == 0x80
                    && (raw[index + 2] == 0xA8 || raw[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
                    bytes.append(contentsOf: (raw[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let head = #"""
        <style>
        :root { --bg: #fbfbfd; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --sel: #dbe9ff; --add: #e3f6e5;
                --add-fg: #1a7f37; --del: #fde7e9; --del-fg: #b42318; --chg: #fff4d6; --chg-fg: #8a5a00; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 13px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg);
               background: var(--bg); height: 100vh; display: flex; flex-direction: column; }
        header { display: flex; align-items: baseline; gap: 12px; padding: 8px 14px;
                 border-bottom: 1px solid var(--line); }
        h1 { font-size: 16px; margin: 0; }
        #summary { color: var(--muted); }
        #controls { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; padding: 8px 14px;
                    border-bottom: 1px solid var(--line); }
        #controls input[type=search] { width: 220px; }
        #slider { flex: 1; min-width: 160px; }
        #position { color: var(--muted); min-width: 110px; text-align: right; font-variant-numeric: tabular-nums; }
        #notes:empty { display: none; }
        #notes { padding: 6px 14px; background: var(--chg); color: var(--chg-fg);
                 border-bottom: 1px solid var(--line); }
        #notes div + div { margin-top: 2px; }
        main { flex: 1; display: flex; min-height: 0; }
        /* Contained, so that what changes in one pane never lays the other out again. */
        #timeline { contain: strict; width: 46%; min-width: 320px; overflow: auto;
                    border-right: 1px solid var(--line); }
        #timeline .spacer { position: relative; }
        #timeline .rows { position: absolute; left: 0; right: 0; margin: 0; padding: 0; list-style: none; }
        .entry { display: grid; grid-template-columns: 52px 62px 1fr; column-gap: 6px; padding: 3px 10px;
                 align-items: baseline; height: 42px; overflow: hidden;
                 border-bottom: 1px solid #eee; cursor: pointer; white-space: nowrap; }
        .entry:hover { background: #f0f0f5; }
        .entry.selected { background: var(--sel); }
        .entry .num { color: var(--muted); font-variant-numeric: tabular-nums; }
        .entry .origin { font-size: 11px; color: var(--muted); }
        .entry .event, .entry .effect { overflow: hidden; text-overflow: ellipsis;
                                        font-family: ui-monospace, Menlo, monospace; }
        .entry .effect { grid-column: 3; color: var(--muted); font-size: 12px; }
        .entry .effect.cancels { color: var(--del-fg); }
        .entry.error .event { color: var(--del-fg); }
        #detail { contain: strict; flex: 1; overflow: auto; padding: 10px 14px; }
        h2 { font-size: 13px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase;
             letter-spacing: .04em; }
        #step-title { font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; word-break: break-word; }
        #changes, #effect { list-style: none; margin: 0; padding: 0; font-family: ui-monospace, Menlo, monospace; }
        #changes li, #effect li { padding: 2px 6px; margin: 2px 0; border-radius: 4px; white-space: pre-wrap;
                                  word-break: break-word; }
        #changes .added { background: var(--add); } #changes .removed { background: var(--del); }
        #changes .changed { background: var(--chg); }
        #effect .start { background: var(--add); } #effect .cancel { background: var(--del); }
        #changes .kind, #effect .kind { font-size: 11px; text-transform: uppercase; margin-right: 6px; }
        .tree { font-family: ui-monospace, Menlo, monospace; }
        .tree details { margin-left: 14px; } .tree > details { margin-left: 0; }
        .tree summary { cursor: pointer; }
        .tree .leaf { margin-left: 28px; white-space: pre-wrap; word-break: break-word; }
        .tree .key { color: #6f42c1; } .tree .type { color: var(--muted); }
        .tree .inside { color: var(--chg-fg); }
        .tree .added > summary, .tree .leaf.added { background: var(--add); }
        .tree .changed > summary, .tree .leaf.changed { background: var(--chg); }
        .muted { color: var(--muted); }
        </style>
        </head>

        """#

    private static let body = #"""
        <div id="controls">
          <input id="filter" type="search" placeholder="Filter by event" aria-label="Filter by event">
          <select id="origin" aria-label="Origin">
            <option value="">All origins</option><option value="dispatch">dispatch</option>
            <option value="effect">effect answer</option><option value="eventSource">event source</option>
            <option value="undo">undo</option><option value="redo">redo</option>
          </select>
          <input id="slider" type="range" min="0" max="0" value="0" aria-label="Step">
          <span id="position"></span>
          <span class="muted">← → step · Home End</span>
        </div>
        <div id="notes"></div>
        <main>
          <div id="timeline"></div>
          <section id="detail">
            <div id="step-title"></div>
            <h2>Effect asked for</h2>
            <ul id="effect"></ul>
            <h2>Changes from the step before</h2>
            <ul id="changes"></ul>
            <h2>State after this step</h2>
            <div id="state" class="tree"></div>
          </section>
        </main>

        """#
}
