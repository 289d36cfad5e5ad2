extension SessionInspectorPage {
    /// The page's script: reads the embedded session (format 2, see `SessionView`), builds the timeline once, and
    /// shows the selected step — its effect, its changes and the state's tree — from the nearest keyframe.
    static let script = #"""
        "use strict";
        (function () {
          const started = performance.now();
          const session = JSON.parse(document.getElementById("session-data").textContent);
          const entries = session.entries;
          const ORIGINS = { dispatch: "dispatch", effect: "effect", eventSource: "source", undo: "undo", redo: "redo" };
          const BIG = 50;  // a collection with more elements starts collapsed

          // Text a person reads: control, invisible and bidirectional characters as escapes, so that nothing in a
          // value reorders, hides or breaks what follows it (values come escaped already; this covers any other text).
          const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
          function safe(text) {
            return String(text).replace(UNSAFE, function (c) {
              return "\\u{" + c.charCodeAt(0).toString(16).toUpperCase() + "}";
            });
          }
          function cut(text, max) { return text.length > max ? text.slice(0, max - 1) + "…" : text; }

          const steps = [{ number: 0, origin: "", event: "initial state", effect: undefined, changes: [],
                           view: session.initialView }];
          entries.forEach(function (entry, index) {
            const text = typeof entry.eventText === "string" ? safe(entry.eventText) : "(" + entry.origin + ")";
            steps.push({
              number: index + 1, sequence: entry.sequenceNumber, origin: entry.origin, event: text,
              effect: entry.effect, changes: entry.changes || [], view: entry.view || null,
              error: /fail|error/i.test(text.split("(")[0])
            });
          });
          const marks = { parsed: performance.now() - started };  // milliseconds into the script, for the self-test
          const effectsRecorded = entries.some(function (entry) { return "effect" in entry; });
          function effectText(effect) {
            if (effect === undefined) return null;
            return effect === null ? "none" : safe(effect.text);
          }

          // Values: a node is {v: text}, or {k: kind, t: type, c: children} (see SessionView.swift).
          function isList(node) { return node.k === "l"; }
          // The position of each named child, by name, for nodes with many (a thousand rows): made when first asked
          // for, dropped when the children are added to, removed or reordered.
          const positions = new WeakMap();
          function childIndex(node, component) {
            if (!node || !node.c) return -1;
            if (isList(node)) {
              const index = Number(component.slice(1, -1));
              return index >= 0 && index < node.c.length ? index : -1;
            }
            if (node.c.length < 16) {
              for (let i = 0; i < node.c.length; i++) if (node.c[i][0] === component) return i;
              return -1;
            }
            let index = positions.get(node);
            if (!index) {
              index = new Map();
              node.c.forEach(function (pair, i) { index.set(pair[0], i); });
              positions.set(node, index);
            }
            const found = index.get(component);
            return found === undefined ? -1 : found;
          }
          function child(node, component) {
            const index = childIndex(node, component);
            return index < 0 ? undefined : isList(node) ? node.c[index] : node.c[index][1];
          }
          function at(root, path) {
            let node = root;
            for (let i = 0; i < path.length && node !== undefined; i++) node = child(node, path[i]);
            return node;
          }
          // A copy of a node's composites, to change in place; its leaves ({v: text}) are never changed in place
          // (a change replaces them), so they are shared.
          function clone(node) {
            if (node === undefined || node === null || node.v !== undefined) return node;
            const children = node.c || [];
            const copy = { k: node.k, t: node.t, c: new Array(children.length) };
            if (node.n !== undefined) copy.n = node.n;
            if (node.k === "l") {
              for (let i = 0; i < children.length; i++) copy.c[i] = clone(children[i]);
            } else {
              for (let i = 0; i < children.length; i++) copy.c[i] = [children[i][0], clone(children[i][1])];
            }
            return copy;
          }
          // Applies one change to a tree of the page's own and returns the tree (a new one for the root); pushes onto
          // `undo` the change that reverses it. A recorded change's node is copied in, so the recording stays as read;
          // a reversing change puts back the very node it took out.
          function apply(root, change, undo, owned) {
            const path = change.p;
            const node = function (value) { return owned ? value : clone(value); };
            if (change.op === "order") {
              const target = at(root, path);
              if (target && target.c) {
                if (undo) undo.push({ p: path, op: "order", order: target.c.map(function (pair) { return pair[0]; }) });
                const byKey = new Map(target.c.map(function (pair) { return [pair[0], pair]; }));
                target.c = change.order.map(function (key) { return byKey.get(key); }).filter(Boolean);
                positions.delete(target);
              }
              return root;
            }
            if (!path.length) {
              if (change.op !== "set") return root;
              if (undo) undo.push({ p: path, op: "set", to: root });
              return node(change.to);
            }
            const parent = at(root, path.slice(0, -1));
            const last = path[path.length - 1];
            if (!parent || !parent.c) return root;
            const index = childIndex(parent, last);
            if (change.op === "set" && index >= 0) {
              if (isList(parent)) {
                if (undo) undo.push({ p: path, op: "set", to: parent.c[index] });
                parent.c[index] = node(change.to);
              } else {
                if (undo) undo.push({ p: path, op: "set", to: parent.c[index][1] });
                parent.c[index][1] = node(change.to);
              }
            } else if (change.op === "add") {
              const position = Math.min(change.at, parent.c.length);
              parent.c.splice(position, 0, isList(parent) ? node(change.to) : [last, node(change.to)]);
              positions.delete(parent);
              if (undo) undo.push({ p: isList(parent) ? path.slice(0, -1).concat(["[" + position + "]"]) : path,
                                    op: "remove" });
            } else if (change.op === "remove" && index >= 0) {
              const removed = parent.c.splice(index, 1)[0];
              positions.delete(parent);
              if (undo) undo.push({ p: path, op: "add", at: index, to: isList(parent) ? removed : removed[1] });
            }
            return root;
          }
          // The tree after a step: moved to from the tree shown last — forward by applying the steps' changes,
          // back by reversing them — or from the last keyframe (an entry holding its whole view) before the step,
          // whichever is nearer: never more than the keyframe interval of changes.
          const keyframes = [];
          steps.forEach(function (step, index) { if (step.view) keyframes.push(index); });
          function keyframeOf(number) {
            let low = 0, high = keyframes.length - 1;
            while (low < high) {
              const middle = (low + high + 1) >> 1;
              if (keyframes[middle] <= number) low = middle; else high = middle - 1;
            }
            return keyframes[low];
          }
          // The tree at `number`, the keyframe it was built from, and the changes that reverse each step since.
          let current = { number: -1, base: -1, tree: null, undo: [] };
          function treeAt(number) {
            const keyframe = keyframeOf(number);
            const reachable = current.number >= 0 && current.base <= number;
            const distance = reachable ? Math.abs(number - current.number) : Infinity;
            if (distance > number - keyframe) {
              current = { number: keyframe, base: keyframe, tree: clone(steps[keyframe].view), undo: [] };
            }
            while (current.number > number) {
              const reverse = current.undo.pop();
              for (let i = reverse.length - 1; i >= 0; i--) current.tree = apply(current.tree, reverse[i], null, true);
              current.number -= 1;
            }
            while (current.number < number) {
              current.number += 1;
              const reverse = [];
              const changes = steps[current.number].changes;
              for (let j = 0; j < changes.length; j++) current.tree = apply(current.tree, changes[j], reverse, false);
              current.undo.push(reverse);
            }
            return current.tree;
          }

          // A node in one line, as Swift writes it; stops once it is longer than `max`.
          function line(node, nested, max) {
            const out = { text: "", max: max };
            write(node, nested, out);
            return safe(cut(out.text, max));
          }
          function write(node, nested, out) {
            if (out.text.length > out.max) return;
            if (node === undefined || node === null) { out.text += "nil"; return; }
            if (node.v !== undefined) { out.text += node.v; return; }
            const children = node.c || [];
            function each(list, body) {
              for (let i = 0; i < list.length && out.text.length <= out.max; i++) {
                if (i > 0) out.text += ", ";
                body(list[i]);
              }
            }
            function fields(pairs, positional) {
              each(pairs, function (pair) {
                const label = pair[0].slice(1);
                if (!(positional && /^\d+$/.test(label))) out.text += label + ": ";
                write(pair[1], true, out);
              });
            }
            switch (node.k) {
              case "l": out.text += "["; each(children, function (n) { write(n, true, out); }); out.text += "]"; break;
              case "i": case "set":
                out.text += "["; each(children, function (p) { write(p[1], true, out); }); out.text += "]"; break;
              case "d":
                if (!children.length) { out.text += "[:]"; break; }
                out.text += "[";
                each(children, function (p) { out.text += p[0].slice(1, -1) + ": "; write(p[1], true, out); });
                out.text += "]";
                break;
              case "e": {
                out.text += (nested ? "." : "") + node.n + "(";
                const payload = children.length ? children[0][1] : null;
                if (payload && payload.k === "t") fields(payload.c || [], true); else write(payload, true, out);
                out.text += ")";
                break;
              }
              case "t": out.text += "("; fields(children, true); out.text += ")"; break;
              default: out.text += node.t + "("; fields(children, false); out.text += ")";
            }
          }

          // The timeline: rows of one height, of which only those in view (and a few around) are in the page, so
          // that stepping costs the same at any number of steps.
          const ROW = 42;
          const timeline = document.getElementById("timeline");
          const spacer = document.createElement("div"); spacer.className = "spacer";
          const list = document.createElement("ol"); list.className = "rows";
          spacer.appendChild(list);
          timeline.appendChild(spacer);
          function rowFor(step) {
            const row = document.createElement("li");
            row.className = "entry" + (step.error ? " error" : "") + (step.number === selected ? " selected" : "");
            row.dataset.step = String(step.number);
            row.id = "entry-" + step.number;
            const num = document.createElement("span"); num.className = "num"; num.textContent = "#" + step.number;
            const origin = document.createElement("span"); origin.className = "origin";
            origin.textContent = ORIGINS[step.origin] || "";
            const event = document.createElement("span"); event.className = "event";
            event.textContent = cut(step.event, 160);
            row.appendChild(num); row.appendChild(origin); row.appendChild(event);
            if (step.number > 0 && effectsRecorded) {
              const effect = document.createElement("span");
              const text = effectText(step.effect);
              const cancels = step.effect && step.effect.cancels && step.effect.cancels.length > 0;
              effect.className = "effect" + (cancels ? " cancels" : "");
              effect.textContent = text === null ? "effect not recorded" : "→ " + cut(text, 160);
              row.appendChild(effect);
            }
            return row;
          }
          let shownRows = "";
          function renderRows(force) {
            const first = Math.max(0, Math.floor(timeline.scrollTop / ROW) - 8);
            const last = Math.min(visible.length, first + Math.ceil(timeline.clientHeight / ROW) + 16);
            if (!force && shownRows === first + ":" + last) return;
            shownRows = first + ":" + last;
            list.style.top = (first * ROW) + "px";
            list.textContent = "";
            const fragment = document.createDocumentFragment();
            for (let i = first; i < last; i++) fragment.appendChild(rowFor(steps[visible[i]]));
            list.appendChild(fragment);
          }
          timeline.addEventListener("scroll", function () { renderRows(false); });
          marks.built = performance.now() - started;

          const notes = document.getElementById("notes");
          function note(text) {
            const element = document.createElement("div"); element.textContent = text; notes.appendChild(element);
          }
          if (session.convertedFrom === 1) {
            note("This session was written in format 1, by an earlier EffectStore: its values are shown as JSON, " +
              "without their Swift type names. Record it again to see them as Swift writes them.");
          }
          if (session.droppedEntryCount > 0) {
            note("The recorder dropped the " + session.droppedEntryCount +
              " oldest transitions: the session starts after them, at its initial state.");
          }
          if (entries.length && !effectsRecorded) {
            note("This session does not record effects (it was recorded before effects were): the timeline shows " +
              "events and states only.");
          }
          if (typeof session.effectsNote === "string") note(safe(session.effectsNote));

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
              if (shown) visible.push(index);
            });
            spacer.style.height = (visible.length * ROW) + "px";
            slider.max = String(Math.max(0, visible.length - 1));
            if (visible.length && visible.indexOf(selected) < 0) select(visible[0]); else { reveal(); update(); }
          }
          filter.addEventListener("input", applyFilters);
          originFilter.addEventListener("change", applyFilters);

          // Selection, slider, keyboard and the #step-N address.
          const slider = document.getElementById("slider");
          slider.max = String(steps.length - 1);
          let selected = -1;
          function select(number) {
            if (number < 0 || number >= steps.length) return;
            selected = number;
            reveal();
            if (location.hash !== "#step-" + number) history.replaceState(null, "", "#step-" + number);
            showDetail(steps[number]);
            update();
          }
          // Scrolls the timeline so the selected row is in view, and draws the rows in view.
          function reveal() {
            const at = visible.indexOf(selected);
            if (at >= 0) {
              const top = at * ROW;
              if (top < timeline.scrollTop) timeline.scrollTop = top;
              else if (top + ROW > timeline.scrollTop + timeline.clientHeight) {
                timeline.scrollTop = top + ROW - timeline.clientHeight;
              }
            }
            renderRows(true);
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

          // The detail: the step, the effect it asked for, what changed (by path), and the state as a tree.
          function item(list, kind, label, text) {
            const element = document.createElement("li");
            element.className = kind;
            if (label) {
              const tag = document.createElement("span"); tag.className = "kind"; tag.textContent = label;
              element.appendChild(tag);
            }
            element.appendChild(document.createTextNode(text));
            list.appendChild(element);
            return element;
          }
          function showDetail(step) {
            const effect = effectText(step.effect);
            document.getElementById("step-title").textContent = step.number === 0 ? "Initial state" :
              "Step " + step.number + " (#" + step.sequence + ", " + (ORIGINS[step.origin] || step.origin) + "): " +
              step.event + (effect === null ? "" : "\n→ " + effect);

            const effectList = document.getElementById("effect");
            effectList.textContent = "";
            if (step.number === 0) item(effectList, "muted", "", "the state the session starts from");
            else if (step.effect === undefined) item(effectList, "muted", "", "not recorded");
            else if (step.effect === null) item(effectList, "muted", "", "none");
            else {
              (step.effect.starts || []).forEach(function (start) {
                const under = (start.under || []).map(function (plan) { return "." + safe(plan); }).join("");
                item(effectList, "start", "asks for", safe(start.effect) + (under ? "   under " + under : ""));
              });
              (step.effect.cancels || []).forEach(function (cancel) {
                item(effectList, "cancel", "cancels", "what runs under id " + safe(cancel.id) +
                  (cancel.inFlight ? " (what is in flight, before the new start)" : ""));
              });
              if (!(step.effect.starts || []).length && !(step.effect.cancels || []).length) {
                item(effectList, "start", "asks for", effect);  // an effect that is no plan
              }
            }

            const changesList = document.getElementById("changes");
            changesList.textContent = "";
            const before = step.number > 0 ? treeAt(step.number - 1) : null;
            const exact = new Map(), inside = new Map();
            const lines = step.changes.map(function (change) {
              const path = change.p.join("");
              const kind = change.op === "add" ? "added" : change.op === "remove" ? "removed" : "changed";
              exact.set(path, kind);
              let prefix = "";
              inside.set("", (inside.get("") || 0) + (path === "" ? 0 : 1));
              for (let i = 0; i < change.p.length - 1; i++) {
                prefix += change.p[i];
                inside.set(prefix, (inside.get(prefix) || 0) + 1);
              }
              const from = before ? at(before, change.p) : undefined;
              const text = change.op === "add" ? line(change.to, true, 300) :
                change.op === "remove" ? line(from, true, 300) :
                change.op === "order" ? "reordered" :
                line(from, true, 140) + " → " + line(change.to, true, 140);
              return { kind: kind, path: path, text: text };
            });
            lines.forEach(function (entry) {
              const element = item(changesList, entry.kind, entry.kind, ": " + entry.text);
              const path = document.createElement("span"); path.className = "path";
              path.textContent = safe(entry.path) || "(the whole state)";
              element.insertBefore(path, element.lastChild);
            });
            if (step.number === 0) item(changesList, "muted", "", "the state the session starts from");
            else if (!lines.length) item(changesList, "muted", "", "no change");

            const tree = treeAt(step.number);
            const state = document.getElementById("state");
            state.textContent = "";
            state.appendChild(node("state", tree, "", { exact: exact, inside: inside }, 0));
          }

          // The state as a tree, built as it is opened: a collection over BIG elements starts collapsed; what the
          // person opens or closes stays so from step to step.
          const openPaths = new Map();
          function node(key, value, path, changed, depth) {
            const mark = changed.exact.get(path);
            if (value === undefined || value === null || value.v !== undefined) {
              const leaf = document.createElement("div");
              leaf.className = "leaf" + (mark ? " " + mark : "");
              leaf.dataset.path = path;
              const k = document.createElement("span"); k.className = "key"; k.textContent = safe(key);
              leaf.appendChild(k);
              leaf.appendChild(document.createTextNode(": " + line(value, true, 2000)));
              return leaf;
            }
            const children = value.c || [];
            const collection = value.k === "l" || value.k === "i" || value.k === "d" || value.k === "set";
            const big = children.length > BIG;
            const changesInside = changed.inside.get(path) || 0;
            const details = document.createElement("details");
            if (mark) details.className = mark;
            details.dataset.path = path;
            details.dataset.count = String(children.length);
            details.open = openPaths.has(path) ? openPaths.get(path) :
              !big && (depth < 2 || changesInside > 0 || mark !== undefined);
            const summary = document.createElement("summary");
            const k = document.createElement("span"); k.className = "key"; k.textContent = safe(key);
            const type = document.createElement("span"); type.className = "type";
            type.textContent = collection ? " " + safe(value.t || "") + " [" + children.length + "]" :
              " " + line(value, true, 90);
            summary.appendChild(k); summary.appendChild(type);
            if (big && changesInside > 0) {
              const inside = document.createElement("span"); inside.className = "inside";
              inside.textContent = " · " + changesInside + " changed inside";
              summary.appendChild(inside);
            }
            details.appendChild(summary);
            let filled = false;
            function fill() {
              if (filled) return;
              filled = true;
              const part = document.createDocumentFragment();
              children.forEach(function (entry, index) {
                const component = isList(value) ? "[" + index + "]" : entry[0];
                const label = component.charAt(0) === "." ? component.slice(1) : component;
                part.appendChild(node(label, isList(value) ? entry : entry[1], path + component, changed, depth + 1));
              });
              details.appendChild(part);
            }
            if (details.open) fill();
            details.addEventListener("toggle", function () {
              openPaths.set(path, details.open);
              if (details.open) fill();
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
            const state = document.getElementById("state");
            const result = {
              entries: entries.length, listed: visible.length - 1,
              readyMs: Number(document.body.dataset.readyMs), scriptMs: Number(document.body.dataset.scriptMs),
              scripts: document.scripts.length
            };
            // Collections over BIG elements start collapsed.
            const bigOnes = Array.from(state.querySelectorAll("details")).filter(function (d) {
              return Number(d.dataset.count) > BIG;
            });
            result.bigCollections = bigOnes.length;
            result.bigOpen = bigOnes.filter(function (d) { return d.open; }).length;
            const diffStep = /[?&]diffstep=(\d+)/.exec(location.search);
            if (diffStep) {
              select(Number(diffStep[1]));
              result.diffStep = Number(diffStep[1]);
              result.changedPaths = Array.from(document.querySelectorAll("#changes .path"))
                .map(function (e) { return e.textContent; });
              result.changeLines = Array.from(document.querySelectorAll("#changes li"))
                .map(function (e) { return e.textContent; });
              result.effectItems = Array.from(document.querySelectorAll("#effect li"))
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
            // Stepping, each step timed with the layout it needs: forward and back through the middle, and jumps.
            function timed(times, action) {
              const t = performance.now();
              action();
              void document.getElementById("detail").offsetHeight;
              times.push(performance.now() - t);
            }
            function summary(times) {
              const sorted = times.slice().sort(function (a, b) { return a - b; });
              return { count: sorted.length, maxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
                       medianMs: Math.round(sorted[sorted.length >> 1] * 10) / 10 };
            }
            const arrows = [], jumps = [];
            select(Math.floor(steps.length / 2));
            for (let i = 0; i < 25; i++) timed(arrows, function () { key("ArrowRight"); });
            for (let i = 0; i < 25; i++) timed(arrows, function () { key("ArrowLeft"); });
            for (let i = 1; i <= 25; i++) timed(jumps, function () { select((i * 7919) % steps.length); });
            result.steps = summary(arrows.concat(jumps));
            result.arrowSteps = summary(arrows);
            result.jumps = summary(jumps);
            result.hash = location.hash;
            result.marks = marks;
            // Filters: how many steps stay shown for an event text, and for each origin, then none again.
            const shown = function () { return visible.length; };
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
            select(0);  // the first rows in view, for the text checks
            result.rendered = list.children.length;
            result.timelineText = timeline.textContent.slice(0, 20000);
            const shownText = ["header", "#notes", "#timeline", "#detail"].map(function (selector) {
              return document.querySelector(selector).textContent;
            }).join("");
            result.rawBidi = /[\u202a-\u202e\u2066-\u2069]/.test(shownText);
            const out = document.createElement("pre");
            out.id = "selftest";
            out.textContent = JSON.stringify(result);
            document.body.appendChild(out);
          }
        })();

        """#
}
