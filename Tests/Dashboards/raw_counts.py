#!/usr/bin/env python3
"""Counts the report's headline numbers from the raw tables, without the dashboards' SQL.

  raw_counts.py DATABASE SINCE UNTIL APP

Reads every occurrence with its run and conflict in plain SELECTs and counts in Python: the
occurrences in the window [SINCE, UNTIL), their distinct conflicts and runs, and the
occurrences per fingerprint. Prints one JSON object: {"occurrences", "conflicts", "runs",
"by_fingerprint": {fingerprint: n}}. APP '' means every app.
"""
import datetime
import json
import sqlite3
import sys

database, since, until, app = sys.argv[1:5]


def epoch(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


start, end = epoch(since), epoch(until)
db = sqlite3.connect(database)
runs = {run_id: run_app for run_id, run_app in db.execute("SELECT id, app FROM runs")}
fingerprints = dict(db.execute("SELECT id, fingerprint FROM conflicts"))
occurrences, conflicts, seen_runs, by_fingerprint = 0, set(), set(), {}
for time, conflict_id, run_id in db.execute("SELECT time, conflict_id, run_id FROM occurrences"):
    if not (start <= time < end) or (app and runs[run_id] != app):
        continue
    occurrences += 1
    conflicts.add(conflict_id)
    seen_runs.add(run_id)
    fingerprint = fingerprints[conflict_id]
    by_fingerprint[fingerprint] = by_fingerprint.get(fingerprint, 0) + 1
print(json.dumps({"occurrences": occurrences, "conflicts": len(conflicts), "runs": len(seen_runs),
                  "by_fingerprint": by_fingerprint}))
