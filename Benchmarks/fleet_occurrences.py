#!/usr/bin/env python3
"""Gives a year-shaped store its occurrence rows: one per occurrence that each of its
`occurrence_rollup` rows counts (../shared/tools/fleet_sqlite.py writes the rollup alone), then
counts the rollup, its sums per day and the conflicts again from them, as lcq's ingest would
have.

Usage: fleet_occurrences.py FLEET.sqlite                      (the SQLite file, in place)
       fleet_occurrences.py FLEET.sqlite PSQL_ARGS...         (a team store that
                                                              fleet_to_postgres.py filled)

The rows are what lcq writes for a message: a 64-digit hexadecimal identity, the rollup row's
conflict and run, a time in the rollup row's span (its first and last time, the rest spread
between), the verdict, source file and line, and the template and values of the store's first
occurrence (the example log that made its schema), so that `lcq show` can print a sample. The
same rollup gives the same rows on both engines. With about 4.4 occurrences per rollup row, the
generator's year holds about 20 million.
"""
import hashlib
import sqlite3
import subprocess
import sys

ROWS_PER_BATCH = 50_000


def occurrences(db):
    """Each occurrence as (identity, conflict, run, time), in rollup order."""
    query = "SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup ORDER BY run_id, conflict_id, day"
    for conflict, run, day, count, first, last in db.execute(query):
        for k in range(count):
            time = first if k == 0 else last if k == count - 1 else first + (last - first) * k // (count - 1)
            identity = hashlib.sha256(f"fleet {conflict} {run} {day} {k}".encode()).hexdigest()
            yield identity, conflict, run, time


def sample(db):
    """The template, values, verdict and version of the store's first occurrence."""
    row = db.execute("SELECT template_id, template_values, verdict, analysis_version FROM occurrences ORDER BY id LIMIT 1").fetchone()
    if row is None:
        sys.exit("fleet_occurrences.py: the store holds no occurrence to copy a template from (ingest the example log first)")
    return row


RECOUNT = [
    "DELETE FROM occurrence_rollup",
    """INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
       SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time) FROM occurrences
       GROUP BY conflict_id, run_id, time / 86400""",
    """UPDATE conflicts SET occurrence_count = s.n, first_seen = s.f, last_seen = s.l
       FROM (SELECT conflict_id, count(*) AS n, min(time) AS f, max(time) AS l FROM occurrences GROUP BY conflict_id) s
       WHERE s.conflict_id = conflicts.id""",
    # The sums per day (schema 20) that every ingest keeps beside the rollup.
    "DELETE FROM conflict_day_counts",
    """INSERT INTO conflict_day_counts (conflict_id, day, occurrences)
       SELECT conflict_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY conflict_id, day""",
    "DELETE FROM run_day_counts",
    """INSERT INTO run_day_counts (run_id, day, occurrences)
       SELECT run_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY run_id, day""",
]


def into_sqlite(db):
    template, values, verdict, version = sample(db)
    db.execute("PRAGMA synchronous = OFF")
    batch, total = [], 0
    insert = ("INSERT INTO occurrences (identity, conflict_id, run_id, time, time_source, verdict, source_file, source_line, "
              "template_id, template_values, analysis_version) VALUES (?, ?, ?, ?, 'log', ?, 'ci.log', 1, ?, ?, ?)")
    for identity, conflict, run, time in occurrences(db):
        batch.append((identity, conflict, run, time, verdict, template, values, version))
        if len(batch) == ROWS_PER_BATCH:
            db.executemany(insert, batch)
            total += len(batch)
            batch = []
    db.executemany(insert, batch)
    total += len(batch)
    for statement in RECOUNT:
        db.execute(statement)
    db.commit()
    db.execute("ANALYZE")
    db.commit()
    print(f"occurrences: {total} rows", flush=True)


def psql(args, sql):
    return subprocess.run(["psql", "-v", "ON_ERROR_STOP=1", "-qAt", *args, "-c", sql], check=True, capture_output=True,
                          text=True).stdout


def into_postgres(db, args):
    template, values, verdict, version = sample(db)
    # The months' partitions first (the team store's schema 13), as lcq makes them before a batch.
    days = [r[0] * 86400 for r in db.execute("SELECT DISTINCT day FROM occurrence_rollup")]
    psql(args, f"SELECT lcq_occurrence_months('{{{','.join(map(str, days))}}}')")
    first_id = int(psql(args, "SELECT nextval('occurrence_ids')"))
    copy = subprocess.Popen(
        ["psql", "-v", "ON_ERROR_STOP=1", "-qAt", *args, "-c",
         "\\copy occurrences (id, identity, conflict_id, run_id, time, time_source, verdict, source_file, source_line, "
         "template_id, template_values, analysis_version) FROM STDIN"],
        stdin=subprocess.PIPE, text=True)
    escaped = values.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    total = 0
    for identity, conflict, run, time in occurrences(db):
        copy.stdin.write(f"{first_id + total}\t{identity}\t{conflict}\t{run}\t{time}\tlog\t{verdict}\tci.log\t1\t"
                         f"{template}\t{escaped}\t{version}\n")
        total += 1
    copy.stdin.close()
    if copy.wait() != 0:
        sys.exit("fleet_occurrences.py: psql's COPY failed")
    psql(args, f"SELECT setval('occurrence_ids', {first_id + total})")
    psql(args, "INSERT INTO occurrence_identities (identity, occurrence_id, time) SELECT identity, id, time FROM occurrences "
               "ON CONFLICT (identity) DO NOTHING")
    for statement in RECOUNT:
        psql(args, statement)
    psql(args, "VACUUM ANALYZE")
    print(f"occurrences: {total} rows", flush=True)


def main():
    db = sqlite3.connect(sys.argv[1])
    if len(sys.argv) > 2:
        into_postgres(db, sys.argv[2:])
    else:
        into_sqlite(db)


if __name__ == "__main__":
    main()
