#!/usr/bin/env bash
# The team store's figures for BENCHMARKS.md, side by side with the SQLite file in one run:
#   - `lcq ingest` of conflict-dense input (70,000 blocks, every one a new occurrence) into a
#     fresh SQLite file and into a fresh PostgreSQL database, alternately, ROUNDS times each;
#   - the same input split in 8 parts ingested by 8 `lcq ingest` at once into one PostgreSQL
#     database, against one ingester of the whole;
#   - `lcq top` and `lcq report` (process wall time) on both stores after the dense ingest.
# PostgreSQL is a throwaway cluster of Debian's `postgresql` in WORKDIR, on 127.0.0.1, with its
# default durability settings (fsync and synchronous_commit on), as a team's server would run.
# Usage: Benchmarks/postgres-benchmarks.sh [WORKDIR] [ROUNDS]   (default: a temporary folder, 3)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(realpath -m "${1:-$(mktemp -d)}")
rounds=${2:-3}
mkdir -p "$work"
swift build -c release --traits TeamStore --product lcq >/dev/null
lcq=$PWD/.build/release/lcq
# shellcheck source=Benchmarks/throwaway-postgres.sh
source Benchmarks/throwaway-postgres.sh

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

blocks=70000
python3 Benchmarks/store_inputs.py dense $blocks >"$work/dense.log"
for part in 0 1 2 3 4 5 6 7; do python3 Benchmarks/store_inputs.py dense $blocks "$part/8" >"$work/dense-$part.log"; done

: >"$work/sqlite.times"; : >"$work/postgres.times"; : >"$work/eight.times"
for round in $(seq "$rounds"); do
  rm -f "$work"/dense.sqlite*
  seconds "$lcq" ingest --db "$work/dense.sqlite" "$work/dense.log" >>"$work/sqlite.times"
  url=$(database dense)
  seconds "$lcq" ingest --db "$url" "$work/dense.log" >>"$work/postgres.times"
  url8=$(database eight)
  "$lcq" db migrate --db "$url8" 2>/dev/null
  start=$(date +%s.%N)
  for part in 0 1 2 3 4 5 6 7; do "$lcq" ingest --db "$url8" --run-id "runner-$part" "$work/dense-$part.log" 2>/dev/null & done
  wait
  echo "$(date +%s.%N) - $start" | bc >>"$work/eight.times"
  echo "round $round: sqlite $(tail -1 "$work/sqlite.times") s, postgres $(tail -1 "$work/postgres.times") s, 8 at once $(tail -1 "$work/eight.times") s"
done
s=$(median <"$work/sqlite.times"); p=$(median <"$work/postgres.times"); e=$(median <"$work/eight.times")
echo "dense ingest, median of $rounds: sqlite ${s}s = $(echo "$blocks / $s" | bc) blocks/s; postgres ${p}s = $(echo "$blocks / $p" | bc) blocks/s; ratio $(echo "scale=2; $s / $p" | bc)"
echo "8 ingesters at once: ${e}s = $(echo "$blocks / $e" | bc) blocks/s in all, against one: $(echo "scale=2; $p / $e" | bc)x"
echo "stored: $(psql -At -h 127.0.0.1 -p "$port" -U lcq -d eight -c 'SELECT count(*) FROM occurrences') occurrences by the 8, $(psql -At -h 127.0.0.1 -p "$port" -U lcq -d dense -c 'SELECT count(*) FROM occurrences') by one"

for query in "top" "report --since 30000d --format json"; do
  # shellcheck disable=SC2086
  a=$(for _ in 1 2 3 4 5; do seconds "$lcq" $query --db "$work/dense.sqlite"; done | median)
  # shellcheck disable=SC2086
  b=$(for _ in 1 2 3 4 5; do seconds "$lcq" $query --db "$url"; done | median)
  echo "lcq $query on $blocks occurrences, median of 5: sqlite $(echo "$a * 1000" | bc | cut -d. -f1) ms, postgres $(echo "$b * 1000" | bc | cut -d. -f1) ms"
done

# Ten million occurrences: the dense database's 70,000 repeated 143 times at other times
# (ten minutes apart, so the copies spread over a day), the counts rebuilt as `db reanalyze`
# does, then the queries and the sizes. Skip with BIG=0.
if [ "${BIG:-1}" = 1 ]; then
  sql() { psql -q -At -h 127.0.0.1 -p "$port" -U lcq -d dense -c "$1"; }
  start=$(date +%s)
  # The copies' months get their partitions first, and their identities their rows (the team
  # store's schema 13), as lcq's ingest makes them.
  sql "SELECT lcq_occurrence_months(ARRAY(SELECT DISTINCT (time + g * 600) / 86400 * 86400
         FROM occurrences, generate_series(1, 142) g))"
  sql "INSERT INTO occurrences (identity, conflict_id, run_id, time, time_source, process, pid, verdict,
         broken_constraint, broken_in_minimal_set, source_file, source_line, template_id, template_values, issues,
         analysis_version)
       SELECT o.identity || ':' || g, o.conflict_id, o.run_id, o.time + g * 600, o.time_source, o.process, o.pid,
         o.verdict, o.broken_constraint, o.broken_in_minimal_set, o.source_file, o.source_line, o.template_id,
         o.template_values, o.issues, o.analysis_version
       FROM occurrences o, generate_series(1, 142) g"
  sql "INSERT INTO occurrence_identities (identity, occurrence_id, time)
       SELECT identity, id, time FROM occurrences ON CONFLICT (identity) DO NOTHING"
  sql "BEGIN; DELETE FROM occurrence_rollup;
       INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
       SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time) FROM occurrences
       GROUP BY conflict_id, run_id, time / 86400;
       UPDATE conflicts SET occurrence_count = (SELECT count(*) FROM occurrences o WHERE o.conflict_id = conflicts.id),
         last_seen = (SELECT max(time) FROM occurrences o WHERE o.conflict_id = conflicts.id); COMMIT"
  sql "VACUUM ANALYZE"
  echo "ten million: built in $(($(date +%s) - start)) s: $(sql 'SELECT count(*) FROM occurrences') occurrences, $(sql 'SELECT count(*) FROM occurrence_rollup') rollup rows"
  # The partitions' sizes, and the identities' table, which holds one row per occurrence too.
  partitions="(SELECT inhrelid FROM pg_inherits WHERE inhparent = 'occurrences'::regclass)"
  echo "bytes per occurrence (partitions' tables, indexes, TOAST, and the identities): $(sql "SELECT (SELECT sum(pg_total_relation_size(inhrelid)) FROM $partitions x(inhrelid)) / (SELECT count(*) FROM occurrences)") + $(sql "SELECT pg_total_relation_size('occurrence_identities') / (SELECT count(*) FROM occurrences)"); tables alone: $(sql "SELECT (SELECT sum(pg_relation_size(inhrelid)) FROM $partitions x(inhrelid)) / (SELECT count(*) FROM occurrences)"); rollup: $(sql "SELECT pg_total_relation_size('occurrence_rollup')") bytes; database: $(sql "SELECT pg_size_pretty(pg_database_size('dense'))")"
  for query in "top" "top --by devices" "trend" "report --since 30000d --format json" "report --since 24h --until 2017-12-29 --format html"; do
    # shellcheck disable=SC2086
    m=$(for _ in 1 2 3 4 5; do seconds "$lcq" $query --db "$url"; done | median)
    echo "lcq $query on ten million, median of 5: $(echo "$m * 1000" | bc | cut -d. -f1) ms"
  done
fi
