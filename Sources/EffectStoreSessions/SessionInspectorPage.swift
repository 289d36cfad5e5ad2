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
                case 0xE2 where index + 2 < raw.count && raw[index + 1] == 0x80
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
        main { flex: 1; display: flex; min-height: 0; }
        #timeline { width: 46%; min-width: 320px; overflow: auto; margin: 0; padding: 0; list-style: none;
                    border-right: 1px solid var(--line); }
        .entry { display: grid; grid-template-columns: 52px 62px 1fr; column-gap: 6px; padding: 3px 10px;
                 align-items: baseline;
                 border-bottom: 1px solid #eee; cursor: pointer; white-space: nowrap; }
        /* Rows off screen are not laid out: a 10,000-entry timeline is ready at once. */
        .entry { content-visibility: auto; contain-intrinsic-size: auto 40px; }
        .entry:hover { background: #f0f0f5; }
        .entry.selected { background: var(--sel); }
        .entry.hidden { display: none; }
        .entry .num { color: var(--muted); font-variant-numeric: tabular-nums; }
        .entry .origin { font-size: 11px; color: var(--muted); }
        .entry .event, .entry .effect { overflow: hidden; text-overflow: ellipsis;
                                        font-family: ui-monospace, Menlo, monospace; }
        .entry .effect { grid-column: 3; color: var(--muted); font-size: 12px; }
        .entry.error .event { color: var(--del-fg); }
        #detail { flex: 1; overflow: auto; padding: 10px 14px; }
        h2 { font-size: 13px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase;
             letter-spacing: .04em; }
        #step-title { font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; word-break: break-word; }
        #changes { list-style: none; margin: 0; padding: 0; font-family: ui-monospace, Menlo, monospace; }
        #changes li { padding: 2px 6px; margin: 2px 0; border-radius: 4px; white-space: pre-wrap;
                      word-break: break-word; }
        #changes .added { background: var(--add); } #changes .removed { background: var(--del); }
        #changes .changed { background: var(--chg); }
        #changes .kind { font-size: 11px; text-transform: uppercase; margin-right: 6px; }
        .tree { font-family: ui-monospace, Menlo, monospace; }
        .tree details { margin-left: 14px; } .tree > details { margin-left: 0; }
        .tree summary { cursor: pointer; }
        .tree .leaf { margin-left: 28px; white-space: pre-wrap; word-break: break-word; }
        .tree .key { color: #6f42c1; } .tree .type { color: var(--muted); }
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
          <ol id="timeline"></ol>
          <section id="detail">
            <div id="step-title"></div>
            <h2>Changes from the step before</h2>
            <ul id="changes"></ul>
            <h2>State after this step</h2>
            <div id="state" class="tree"></div>
          </section>
        </main>

        """#

    private static let script = #"""
        "use strict";
        (function () {
          const started = performance.now();
          const session = JSON.parse(document.getElementById("session-data").textContent);
          const entries = session.entries;
          const ORIGINS = { dispatch: "dispatch", effect: "effect", eventSource: "source", undo: "undo", redo: "redo" };
          const steps = [{ number: 0, origin: "", event: "initial state", effect: "", state: session.initialState }];
          entries.forEach(function (entry, index) {
            steps.push({
              number: index + 1, sequence: entry.sequenceNumber, origin: entry.origin,
              event: entry.event === undefined || entry.event === null ?
                "(" + entry.origin + ")" : describe(entry.event, 160),
              effect: !("effect" in entry) ? null : entry.effect === null ? "none" : describe(entry.effect, 160),
              state: entry.state, error: isError(entry.event)
            });
          });

          // A value in one line: enum cases as `name(label: value)`, both the way Swift encodes them
          // ({"name": {"_0": …}}) and the {"case": "name", …} way hand-written coders use.
          function describe(value, max) {
            const text = describeValue(value, 0);
            return text.length > max ? text.slice(0, max - 1) + "…" : text;
          }
          function describeValue(value, depth) {
            if (value === null) return "nil";
            if (typeof value === "string") return JSON.stringify(value);
            if (typeof value !== "object") return String(value);
            if (depth > 6) return "…";
            if (Array.isArray(value)) {
              return "[" + value.map(function (v) { return describeValue(v, depth + 1); }).join(", ") + "]";
            }
            const keys = Object.keys(value);
            if (typeof value.case === "string") {
              const rest = keys.filter(function (k) { return k !== "case"; });
              return value.case + (rest.length ? "(" + labelled(value, rest, depth) + ")" : "");
            }
            if (isCase(value)) {
              const payload = value[keys[0]];
              const inner = Object.keys(payload);
              return keys[0] + (inner.length ? "(" + labelled(payload, inner, depth) + ")" : "");
            }
            return "(" + labelled(value, keys, depth) + ")";
          }
          function labelled(object, keys, depth) {
            return keys.map(function (k) {
              return (/^_\d+$/.test(k) ? "" : k + ": ") + describeValue(object[k], depth + 1);
            }).join(", ");
          }
          function isError(event) {
            if (event === undefined || event === null) return false;
            const name = isCase(event) ? caseName(event) : typeof event === "object" ? "" : String(event);
            return /fail|error/i.test(name);
          }

          const marks = { parsed: performance.now() - started };  // milliseconds into the script, for the self-test
          const effectsRecorded = entries.some(function (entry) { return "effect" in entry; });

          // The timeline: every step, built once.
          const timeline = document.getElementById("timeline");
          const rows = [];
          const fragment = document.createDocumentFragment();
          steps.forEach(function (step) {
            const row = document.createElement("li");
            row.className = "entry" + (step.error ? " error" : "");
            row.dataset.step = String(step.number);
            row.id = "entry-" + step.number;
            const num = document.createElement("span"); num.className = "num"; num.textContent = "#" + step.number;
            const origin = document.createElement("span"); origin.className = "origin";
            origin.textContent = ORIGINS[step.origin] || "";
            const event = document.createElement("span"); event.className = "event"; event.textContent = step.event;
            row.appendChild(num); row.appendChild(origin); row.appendChild(event);
            if (step.number > 0 && effectsRecorded) {
              const effect = document.createElement("span"); effect.className = "effect";
              effect.textContent = step.effect === null ? "effect not recorded" : "→ " + step.effect;
              row.appendChild(effect);
            }
            rows.push(row);
            fragment.appendChild(row);
          });
          marks.built = performance.now() - started;
          timeline.appendChild(fragment);
          marks.appended = performance.now() - started;

          const notes = document.getElementById("notes");
          const noteLines = [];
          if (session.droppedEntryCount > 0) {
            noteLines.push("The recorder dropped the " + session.droppedEntryCount +
              " oldest transitions: the session starts after them, at its initial state.");
          }
          if (entries.length && !effectsRecorded) {
            noteLines.push("This session does not record effects (its effect type is not Codable, or it was recorded " +
              "before effects were): the timeline shows events and states only.");
          }
          notes.textContent = noteLines.join(" ");

          // Filters.
          const filter = document.getElementById("filter");
          const originFilter = document.getElementById("origin");
          let visible = steps.map(function (s) { return s.number; });
          function applyFilters() {
            const text = filter.value.trim().toLowerCase();
            const origin = originFilter.value;
            visible = [];
            steps.forEach(function (step, index) {
              const shown = index === 0 ? (text === "" && origin === "") :
                (origin === "" || step.origin === origin) &&
                (text === "" || step.event.toLowerCase().indexOf(text) >= 0);
              rows[index].classList.toggle("hidden", !shown);
              if (shown) visible.push(index);
            });
            slider.max = String(Math.max(0, visible.length - 1));
            if (visible.length && visible.indexOf(selected) < 0) select(visible[0]); else update();
          }
          filter.addEventListener("input", applyFilters);
          originFilter.addEventListener("change", applyFilters);

          // Selection, slider, keyboard and the #step-N address.
          const slider = document.getElementById("slider");
          slider.max = String(steps.length - 1);
          let selected = -1;
          function select(number) {
            if (number < 0 || number >= steps.length) return;
            if (selected >= 0) rows[selected].classList.remove("selected");
            selected = number;
            rows[number].classList.add("selected");
            rows[number].scrollIntoView({ block: "nearest" });
            if (location.hash !== "#step-" + number) history.replaceState(null, "", "#step-" + number);
            showDetail(steps[number], number > 0 ? steps[number - 1] : null);
            update();
          }
          function update() {
            const at = visible.indexOf(selected);
            if (at >= 0) slider.value = String(at);
            document.getElementById("position").textContent = "step " + selected + " of " + (steps.length - 1);
          }
          timeline.addEventListener("click", function (e) {
            const row = e.target.closest(".entry");
            if (row) select(Number(row.dataset.step));
          });
          slider.addEventListener("input", function () { select(visible[Number(slider.value)]); });
          document.addEventListener("keydown", function (e) {
            const target = e.target;
            const typing = target &&
              (target.tagName === "INPUT" && target.type !== "range" || target.tagName === "SELECT");
            if (typing) return;
            const at = visible.indexOf(selected);
            let next = null;
            if (e.key === "ArrowRight" || e.key === "ArrowDown") next = visible[Math.min(visible.length - 1, at + 1)];
            else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = visible[Math.max(0, at - 1)];
            else if (e.key === "Home") next = visible[0];
            else if (e.key === "End") next = visible[visible.length - 1];
            if (next === null || next === undefined) return;
            e.preventDefault();
            select(next);
          });
          function stepFromAddress() {
            const match = /^#step-(\d+)$/.exec(location.hash);
            return match ? Math.min(Number(match[1]), steps.length - 1) : null;
          }
          window.addEventListener("hashchange", function () {
            const number = stepFromAddress();
            if (number !== null && number !== selected) select(number);
          });

          // The detail: the step, what changed from the step before (by path), and the state as a tree.
          function showDetail(step, previous) {
            const title = document.getElementById("step-title");
            title.textContent = step.number === 0 ? "Initial state" :
              "Step " + step.number + " (#" + step.sequence + ", " + (ORIGINS[step.origin] || step.origin) + "): " +
              step.event +
              (step.effect === null ? "" : "\n→ " + step.effect);
            const changes = document.getElementById("changes");
            changes.textContent = "";
            const diff = [];
            if (previous) difference(previous.state, step.state, "", diff);
            const changed = {};
            diff.forEach(function (change) {
              changed[change.path] = change.kind;
              const item = document.createElement("li");
              item.className = change.kind;
              const kind = document.createElement("span"); kind.className = "kind"; kind.textContent = change.kind;
              const path = document.createElement("span"); path.className = "path";
              path.textContent = change.path || "(the whole state)";
              item.appendChild(kind); item.appendChild(path);
              item.appendChild(document.createTextNode(": " + (
                change.kind === "added" ? describe(change.to, 300) :
                change.kind === "removed" ? describe(change.from, 300) :
                describe(change.from, 140) + " → " + describe(change.to, 140))));
              changes.appendChild(item);
            });
            if (!previous) changes.appendChild(textItem("the state the session starts from"));
            else if (!diff.length) changes.appendChild(textItem("no change"));
            const tree = document.getElementById("state");
            tree.textContent = "";
            tree.appendChild(node("state", step.state, "", changed, 0));
          }
          function textItem(text) {
            const item = document.createElement("li"); item.className = "muted"; item.textContent = text; return item;
          }
          function isObject(v) { return v !== null && typeof v === "object"; }
          // An enum case: {"case": "name", …}, or one key whose value is an object ({"name": {"_0": …}}).
          function isCase(v) {
            if (!isObject(v) || Array.isArray(v)) return false;
            if (typeof v.case === "string") return true;
            const keys = Object.keys(v);
            return keys.length === 1 && isObject(v[keys[0]]) && !Array.isArray(v[keys[0]]);
          }
          function caseName(v) { return typeof v.case === "string" ? v.case : Object.keys(v)[0]; }
          function childPath(path, key, inArray) { return inArray ? path + "[" + key + "]" : path + "." + key; }
          function difference(a, b, path, out) {
            if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
              if (isCase(a) && isCase(b) && caseName(a) !== caseName(b)) {
                out.push({ kind: "changed", path: path, from: a, to: b });
                return;
              }
              const inArray = Array.isArray(a);
              const keys = inArray ?
                Array.from({ length: Math.max(a.length, b.length) }, function (_, i) { return i; }) :
                Object.keys(a).concat(Object.keys(b).filter(function (k) { return !(k in a); }));
              keys.forEach(function (key) {
                const p = childPath(path, key, inArray);
                const inA = inArray ? key < a.length : key in a;
                const inB = inArray ? key < b.length : key in b;
                if (!inA) out.push({ kind: "added", path: p, to: b[key] });
                else if (!inB) out.push({ kind: "removed", path: p, from: a[key] });
                else difference(a[key], b[key], p, out);
              });
            } else if (JSON.stringify(a) !== JSON.stringify(b)) {
              out.push({ kind: "changed", path: path, from: a, to: b });
            }
          }
          function node(key, value, path, changed, depth) {
            const mark = changed[path];
            if (!isObject(value)) {
              const leaf = document.createElement("div");
              leaf.className = "leaf" + (mark ? " " + mark : "");
              leaf.dataset.path = path;
              const k = document.createElement("span"); k.className = "key"; k.textContent = key;
              leaf.appendChild(k);
              leaf.appendChild(document.createTextNode(": " + describeValue(value, 0)));
              return leaf;
            }
            const details = document.createElement("details");
            if (mark) details.className = mark;
            details.dataset.path = path;
            const inArray = Array.isArray(value);
            const keys = Object.keys(value);
            const hasChange = Object.keys(changed).some(function (p) { return p.indexOf(path) === 0 && p !== path; });
            details.open = depth < 2 || hasChange || mark !== undefined;
            const summary = document.createElement("summary");
            const k = document.createElement("span"); k.className = "key"; k.textContent = key;
            const type = document.createElement("span"); type.className = "type";
            type.textContent = inArray ? " [" + value.length + "]" : " " + describe(value, 90);
            summary.appendChild(k); summary.appendChild(type);
            details.appendChild(summary);
            keys.forEach(function (child) {
              details.appendChild(node(child, value[child], childPath(path, child, inArray), changed, depth + 1));
            });
            return details;
          }

          const initial = stepFromAddress();  // before anything is selected, which rewrites the address
          select(initial !== null ? initial : (steps.length > 1 ? 1 : 0));
          marks.selected = performance.now() - started;
          applyFilters();
          marks.filtered = performance.now() - started;
          // Interactive: since the page started loading (navigation start), and for the script alone.
          document.body.dataset.readyMs = String(Math.round(performance.now()));
          document.body.dataset.scriptMs = String(Math.round(performance.now() - started));

          // Checks for CI (.ci/check-inspector), run when the address has ?selftest: results go into the page.
          if (/[?&]selftest\b/.test(location.search)) {
            const result = {
              entries: entries.length, listed: timeline.querySelectorAll(".entry").length - 1,
              readyMs: Number(document.body.dataset.readyMs), scriptMs: Number(document.body.dataset.scriptMs),
              scripts: document.scripts.length
            };
            const diffStep = /[?&]diffstep=(\d+)/.exec(location.search);
            if (diffStep) {
              select(Number(diffStep[1]));
              result.diffStep = Number(diffStep[1]);
              result.changedPaths = Array.from(document.querySelectorAll("#changes .path"))
                .map(function (e) { return e.textContent; });
            }
            select(1 < steps.length ? 1 : 0);
            const key = function (name) {
              document.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
              return selected;
            };
            const stepStarted = performance.now();
            result.keyboard = {
              start: selected, right: key("ArrowRight"), left: key("ArrowLeft"), end: key("End"), home: key("Home")
            };
            document.body.getBoundingClientRect();  // the layout the four steps need, counted in their time
            result.stepMs = Math.round((performance.now() - stepStarted) / 4);
            result.hash = location.hash;
            result.marks = marks;
            // Filters: how many steps stay shown for an event text, and for each origin, then none again.
            const shown = function () { return timeline.querySelectorAll(".entry:not(.hidden)").length; };
            filter.value = "toggle";
            filter.dispatchEvent(new Event("input"));
            result.filtered = { toggle: shown() };
            filter.value = "";
            filter.dispatchEvent(new Event("input"));
            ["dispatch", "effect", "eventSource", "undo", "redo"].forEach(function (origin) {
              originFilter.value = origin;
              originFilter.dispatchEvent(new Event("change"));
              result.filtered[origin] = shown();
            });
            originFilter.value = "";
            originFilter.dispatchEvent(new Event("change"));
            result.filtered.none = shown();
            result.text = timeline.textContent.length;
            result.timelineText = timeline.textContent.slice(0, 20000);
            const out = document.createElement("pre");
            out.id = "selftest";
            out.textContent = JSON.stringify(result);
            document.body.appendChild(out);
          }
        })();

        """#
}
