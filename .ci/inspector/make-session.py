#!/usr/bin/env python3
"""Writes a recorded session of N entries (SessionLog's JSON, format 1) to standard output, for .ci/check-inspector.

Deterministic. Every origin occurs; entry 3 renames the user to a hostile string (markup and script), which the
page must show as text; entry 5 toggles items[1].done, the diff the check expects there."""
import copy
import json
import sys

HOSTILE = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"


def main():
    count = int(sys.argv[1])
    state = {
        "count": 0,
        "items": [{"id": k, "title": "Item %d" % k, "done": False} for k in range(5)],
        "user": {"name": "Ana"},
        "mode": {"browsing": {}},
    }
    initial = copy.deepcopy(state)
    entries = []
    time = 817000000.0
    for number in range(1, count + 1):
        entry = {"sequenceNumber": number, "time": time + number * 0.25}
        if number == 3:
            entry.update(origin="dispatch", event={"rename": {"_0": HOSTILE}}, effect=None)
            state["user"]["name"] = HOSTILE
        elif number % 5 == 0:
            item = state["items"][(number // 5) % 5]
            item["done"] = not item["done"]
            entry.update(origin="dispatch", event={"toggle": {"_0": item["id"]}},
                         effect={"save": {"_0": state["count"]}})
        elif number % 5 == 1:
            state["count"] += 1
            entry.update(origin="dispatch", event={"increment": {}}, effect=None)
        elif number % 5 == 2:
            entry.update(origin="effect", event={"saved": {"_0": state["count"]}}, effect=None)
        elif number % 5 == 3:
            state["count"] += 1
            entry.update(origin="eventSource", event={"tick": {}}, effect=None)
        else:
            state["count"] -= 1
            entry.update(origin="undo" if number % 10 == 4 else "redo", effect=None)
        entry["state"] = copy.deepcopy(state)
        entries.append(entry)
    json.dump({"formatVersion": 1, "initialState": initial, "droppedEntryCount": 0, "entries": entries},
              sys.stdout, sort_keys=True)


main()
