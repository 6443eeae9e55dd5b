#!/usr/bin/env python3
"""Copies a year-shaped SQLite store (../shared/tools/fleet_sqlite.py) into a team store that
`lcq db migrate` created, with PostgreSQL's COPY: `lcq db copy` moves a history row by row
through lcq's own writer, which is right for a team's real history and far too slow for the
year's 4.7 million rollup rows.

Usage: fleet_to_postgres.py FLEET.sqlite PSQL_ARGS...   (e.g. -h 127.0.0.1 -p PORT -U lcq -d fleet)

Tables are copied in the order their foreign keys need (runs, conflicts, templates, rollup, the
sums per day that fleet-postgres.sh counted from the rollup),
with the columns both stores have; the id sequences are moved past the copied ids, and the
database is analysed. Occurrences are not copied: `fleet_occurrences.py` writes the same ones
into each store, as the team store keeps them (in monthly partitions, with their identities).
"""
import csv
import io
import sqlite3
import subprocess
import sys

TABLES = [
    "runs", "conflicts", "block_templates", "occurrence_rollup", "conflict_day_counts", "run_day_counts",
]


def psql(args, sql, stdin=None):
    return subprocess.run(["psql", "-v", "ON_ERROR_STOP=1", "-qAt", *args, "-c", sql], input=stdin,
                          check=True, capture_output=True, text=True).stdout


def main():
    source, args = sys.argv[1], sys.argv[2:]
    db = sqlite3.connect(source)
    for table in TABLES:
        theirs = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        ours = psql(args, f"SELECT column_name FROM information_schema.columns WHERE table_name = '{table}'").split()
        columns = [c for c in theirs if c in ours]
        out = io.StringIO()
        writer = csv.writer(out)
        count = 0
        for row in db.execute(f"SELECT {', '.join(columns)} FROM {table}"):
            writer.writerow(["\\N" if v is None else v for v in row])
            count += 1
        psql(args, f"\\copy {table} ({', '.join(columns)}) FROM STDIN WITH (FORMAT csv, NULL '\\N')", out.getvalue())
        print(f"{table}: {count} rows", flush=True)
        if "id" in columns:
            psql(args, f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
    psql(args, "ANALYZE")


if __name__ == "__main__":
    main()
