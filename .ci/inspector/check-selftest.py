#!/usr/bin/env python3
"""Checks the result of the inspector page's self-test (?selftest), read from the DOM Chromium dumped.

usage: check-selftest.py SESSION.json PAGE.dom DIFFSTEP

For a session of format 1 (every state whole) the expected diff of DIFFSTEP is computed here, independently of the
page's own script; for format 2 the entry records what changed, and the page must show exactly those paths. The page
must also list every entry, step with the keyboard, filter, show hostile and bidirectional text as text, start
collections of more than 50 elements collapsed, and step in under 50 ms (the median; the slowest is printed)."""
import html
import json
import re
import sys

HOSTILE_MARK = "<script>alert(1)</script>"


def is_case(value):
    if not isinstance(value, dict):
        return False
    if isinstance(value.get("case"), str):
        return True
    return len(value) == 1 and isinstance(next(iter(value.values())), dict)


def case_name(value):
    return value["case"] if isinstance(value.get("case"), str) else next(iter(value))


def diff(a, b, path, out):
    if isinstance(a, (dict, list)) and isinstance(b, (dict, list)) and isinstance(a, list) == isinstance(b, list):
        if is_case(a) and is_case(b) and case_name(a) != case_name(b):
            out.append(path)
            return
        if isinstance(a, list):
            for i in range(max(len(a), len(b))):
                p = "%s[%d]" % (path, i)
                if i >= len(a) or i >= len(b):
                    out.append(p)
                else:
                    diff(a[i], b[i], p, out)
        else:
            for key in list(a) + [k for k in b if k not in a]:
                p = path + "." + key
                if key not in a or key not in b:
                    out.append(p)
                else:
                    diff(a[key], b[key], p, out)
    elif json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):
        out.append(path)


def fail(message):
    print("inspector-check: %s: %s" % (sys.argv[2], message), file=sys.stderr)
    sys.exit(1)


def main():
    session = json.load(open(sys.argv[1]))
    dom = open(sys.argv[2], encoding="utf-8").read()
    step = int(sys.argv[3])
    match = re.search(r'<pre id="selftest">(.*?)</pre>', dom, re.S)
    if not match:
        fail("no self-test result in the page (did its script fail?)")
    result = json.loads(html.unescape(match.group(1)))
    entries = session["entries"]
    count = len(entries)
    if result["entries"] != count or result["listed"] != count:
        fail("%d entries, %d listed; expected %d" % (result["entries"], result["listed"], count))
    expected_keys = {"start": 1, "right": min(2, count), "left": 1, "end": count, "home": 0}
    if result["keyboard"] != expected_keys:
        fail("keyboard stepping gave %s; expected %s" % (result["keyboard"], expected_keys))
    if session["formatVersion"] == 1:
        states = [session["initialState"]] + [e["state"] for e in entries]
        expected = []
        diff(states[step - 1], states[step], "", expected)
    else:
        expected = ["".join(change["p"]) for change in entries[step - 1]["changes"]]
    expected = sorted(p or "(the whole state)" for p in expected)
    if sorted(result["changedPaths"]) != expected:
        fail("step %d shows changes at %s; expected %s" % (step, result["changedPaths"], expected))
    effect = entries[step - 1].get("effect")
    if isinstance(effect, dict) and effect.get("cancels") and not any("cancels" in i for i in result["effectItems"]):
        fail("step %d cancels %s, which the page does not show: %s" % (step, effect["cancels"], result["effectItems"]))
    # The filters: an event text keeps the steps whose event shows it; an origin keeps that origin's steps; the
    # initial state (step 0) shows only when no filter is set.
    def event_text(entry):
        return entry["eventText"] if "eventText" in entry else json.dumps(entry.get("event"))
    expected_filters = {"toggle": sum(1 for e in entries if "toggle" in event_text(e)), "none": count + 1}
    for origin in ["dispatch", "effect", "eventSource", "undo", "redo"]:
        expected_filters[origin] = sum(1 for e in entries if e["origin"] == origin)
    if result["filtered"] != expected_filters:
        fail("the filters show %s; expected %s" % (result["filtered"], expected_filters))
    if result["scripts"] != 2:
        fail("the page has %d script elements; expected 2 (a value was run as markup)" % result["scripts"])
    if any(HOSTILE_MARK in json.dumps(e) for e in entries[:50]) and HOSTILE_MARK not in result["timelineText"]:
        fail("the hostile event is not shown as text in the timeline")
    if any("\u202e" in json.dumps(e, ensure_ascii=False) for e in entries[:20]):
        if "\\u{202E}" not in result["timelineText"]:
            fail("a right-to-left override in an event is not shown as the escape \\u{202E}")
    if result["rawBidi"]:
        fail("the page shows a bidirectional control character as it is: it reorders the text around it")
    if result["bigOpen"]:
        fail("%d collections of more than 50 elements start open" % result["bigOpen"])
    if result["readyMs"] > 5000:
        fail("interactive after %d ms" % result["readyMs"])
    if result["steps"]["medianMs"] >= 50:
        fail("a step takes %s ms (the median of %d); it must take under 50" %
             (result["steps"]["medianMs"], result["steps"]["count"]))
    print("inspector-check: %s: %d entries listed, step %d changes %s, keyboard steps, filters keep %s, "
          "%d script elements, %d big collections closed; a step takes %s ms (median of %d; slowest %s ms; "
          "arrow keys %s ms, slowest %s; jumps %s ms, slowest %s); interactive %d ms after navigation start "
          "(script %d ms)"
          % (sys.argv[2].rsplit("/", 1)[-1], count, step, expected, result["filtered"], result["scripts"],
             result["bigCollections"], result["steps"]["medianMs"], result["steps"]["count"],
             result["steps"]["maxMs"], result["arrowSteps"]["medianMs"], result["arrowSteps"]["maxMs"],
             result["jumps"]["medianMs"], result["jumps"]["maxMs"], result["readyMs"], result["scriptMs"]))


main()
