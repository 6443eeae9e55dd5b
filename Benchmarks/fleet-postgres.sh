#!/usr/bin/env bash
# A year of a fleet on both engines: the year-shaped SQLite store of ../shared/tools/fleet_sqlite.py
# (300,000 runs, 2,000 conflicts, 4.7 million rollup rows), given its ~20 million occurrence rows
# by Benchmarks/fleet_occurrences.py, copied into a throwaway PostgreSQL cluster (Debian's, on
# 127.0.0.1, default durability) with Benchmarks/fleet_to_postgres.py and the same generator, and
# the read commands of issue 41 (and `quiet`) timed on each (process wall time, median of ROUNDS); then one more
# run's ingest into each, and last `db prune` of all but the last 90 days in each (it deletes).
# Usage: Benchmarks/fleet-postgres.sh FLEET.sqlite LCQ [WORKDIR] [ROUNDS]
#   FLEET.sqlite: made by `lcq ingest --db F --ingest-time 2025-01-01T00:00:00Z Examples/simulator.log`
#                 then `python3 ../shared/tools/fleet_sqlite.py F`;
#   LCQ: a release build with the TeamStore trait.
# FLEET.sqlite's build keys are widened to lcq's 12 digits first (the generator writes 10), and
# its conflicts' counters and its sums per day set from the rollup.
set -euo pipefail
cd "$(dirname "$0")/.."
fleet=$(realpath "$1")
lcq=$(realpath "$2")
work=$(realpath -m "${3:-$(mktemp -d)}")
rounds=${4:-3}
mkdir -p "$work"
# The generator writes 10-digit build keys; lcq's are 12 digits (BuildKey), so that `--build` and
# `--since-build` find them. Its builds are all numbers: their keys are widened in place.
python3 - "$fleet" <<'WIDEN'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE runs SET build_key = printf('%012d', CAST(build AS INTEGER)) WHERE length(build_key) = 10")
# The generator leaves each conflict's last time a year ahead: set the counters as an ingest
# would have them, from the rollup.
db.execute("""UPDATE conflicts SET occurrence_count = s.n, first_seen = s.f, last_seen = s.l
  FROM (SELECT conflict_id, sum(occurrences) AS n, min(first_time) AS f, max(last_time) AS l
        FROM occurrence_rollup GROUP BY conflict_id) s WHERE s.conflict_id = conflicts.id""")
# The generator writes the rollup alone: the sums per day that every ingest keeps beside it
# (schema 20) are counted from it, as the migration that made them did. Without them, the
# report's baseline panels read empty days.
db.execute("DELETE FROM conflict_day_counts")
db.execute("DELETE FROM run_day_counts")
db.execute("""INSERT INTO conflict_day_counts (conflict_id, day, occurrences)
  SELECT conflict_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY conflict_id, day""")
db.execute("""INSERT INTO run_day_counts (run_id, day, occurrences)
  SELECT run_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY run_id, day""")
db.commit()
WIDEN
# shellcheck source=Benchmarks/throwaway-postgres.sh
source Benchmarks/throwaway-postgres.sh
url=$(database fleet)
# The SQLite file's occurrences only with SQLITE_OCCURRENCES=1: Python's inserts into its
# indexes took over 45 minutes without finishing (BENCHMARKS.md).
if [ "${SQLITE_OCCURRENCES:-0}" = 1 ] &&
  [ "$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) > 1000 FROM occurrences').fetchone()[0])" "$fleet")" = 0 ]; then
  start=$(date +%s.%N)
  python3 Benchmarks/fleet_occurrences.py "$fleet"
  echo "SQLite file's occurrences written in $(echo "$(date +%s.%N) - $start" | bc) s"
fi
"$lcq" db migrate --db "$url" >/dev/null
start=$(date +%s.%N)
python3 Benchmarks/fleet_to_postgres.py "$fleet" -h 127.0.0.1 -p "$port" -U lcq -d fleet
python3 Benchmarks/fleet_occurrences.py "$fleet" -h 127.0.0.1 -p "$port" -U lcq -d fleet
echo "copied in $(echo "$(date +%s.%N) - $start" | bc) s"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fingerprint=$(sqlite3 "$fleet" "SELECT fingerprint FROM conflicts ORDER BY occurrence_count DESC LIMIT 1" 2>/dev/null ||
  python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT fingerprint FROM conflicts ORDER BY occurrence_count DESC LIMIT 1').fetchone()[0])" "$fleet")
echo "database: $(psql -At -h 127.0.0.1 -p "$port" -U lcq -d fleet -c "SELECT pg_size_pretty(pg_database_size('fleet'))"), file: $(du -h "$fleet" | cut -f1)"
while IFS= read -r query; do
  # Each command once first: its exit status on each engine (a failure is not a figure).
  # shellcheck disable=SC2086
  "$lcq" $query --db "$fleet" >/dev/null 2>&1 && sqlite_status=0 || sqlite_status=$?
  # shellcheck disable=SC2086
  "$lcq" $query --db "$url" >/dev/null 2>&1 && postgres_status=0 || postgres_status=$?
  # shellcheck disable=SC2086
  s=$(for _ in $(seq "$rounds"); do seconds "$lcq" $query --db "$fleet"; done | median)
  # shellcheck disable=SC2086
  p=$(for _ in $(seq "$rounds"); do seconds "$lcq" $query --db "$url"; done | median)
  echo "$query | sqlite ${s}s (exit $sqlite_status) | postgres ${p}s (exit $postgres_status)"
done <<QUERIES
top --since 7d --until 2025-12-31
top --since 365d --until 2025-12-31
trend --by build --since 30d --until 2025-12-31
show $fingerprint --since 30d --until 2025-12-31
new --since-build 1990
new --since 2025-12-24 --until 2025-12-31
quiet --until 2025-12-31
quiet --builds 3 --until 2025-12-31
check --build 1999 --format json
regressed --since 7d --until 2025-12-31
report --since 24h --until 2025-12-31 --format json
report --since 24h --until 2026-01-01 --format json
report --since 30d --until 2025-12-31 --format json
QUERIES

# One more CI run while the store is this big: every corpus log once, as a new run.
python3 Benchmarks/store_inputs.py corpus 1 >"$work/run.log"
for db in "$fleet" "$url"; do
  s=$(seconds "$lcq" ingest --db "$db" --run-id "one-more-$RANDOM" --ingest-time 2025-12-31T12:00:00Z \
    --build 2000 --app MyApp "$work/run.log")
  echo "ingest of one more run ($(grep -c 'Unable to simultaneously' "$work/run.log") messages) | $db | ${s}s"
done

# Last, as it deletes: prune all but the year's last 90 days, in each store.
days=$(( ($(date +%s) - $(date -d 2025-10-02T00:00:00Z +%s)) / 86400 ))
for db in "$fleet" "$url"; do
  start=$(date +%s.%N)
  "$lcq" db prune --older-than "${days}d" --db "$db" 2>&1 | tail -1
  echo "prune --older-than ${days}d | $db | $(echo "$(date +%s.%N) - $start" | bc) s"
done
