#!/usr/bin/env bash
# Store figures for BENCHMARKS.md:
#   - `lcq ingest` of conflict-dense input (every block a conflict), analysed and stored;
#   - `lcq ingest` of every real corpus log (mixed: 110 conflicts, unparsed blocks, repeats);
#   - `lcq top`, `lcq trend` and `lcq report` (process wall time) on a database of about
#     1,000,000 occurrences, built here by ingesting the corpus in many runs (builds, devices,
#     OS versions). The report's window is the last day of the database, which holds nearly all
#     of its occurrences (the ingests ran that day): the worst case for every panel.
# Usage: Benchmarks/store-benchmarks.sh [WORKDIR]   (default: a temporary folder; ~10 GB free)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-$(mktemp -d)}
mkdir -p "$work"
swift build -c release --product lcq >/dev/null
lcq=$PWD/.build/release/lcq

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }

python3 Benchmarks/store_inputs.py dense 70000 >"$work/dense.log"
rm -f "$work"/dense.sqlite*
t=$(seconds "$lcq" ingest --db "$work/dense.sqlite" "$work/dense.log")
echo "dense ingest: 70000 blocks in ${t}s = $(echo "70000 / $t" | bc) blocks/s"

python3 Benchmarks/store_inputs.py corpus 40 >"$work/corpus.log"
blocks=$("$lcq" analyze --format json "$work/corpus.log" | wc -l)
rm -f "$work"/mixed.sqlite*
t=$(seconds "$lcq" ingest --db "$work/mixed.sqlite" --run-id bench "$work/corpus.log")
echo "corpus ingest: $blocks blocks in ${t}s = $(echo "$blocks / $t" | bc) blocks/s"

db=$work/million.sqlite
if [ ! -f "$db" ]; then
  run=0
  while :; do
    count=$(sqlite3 "$db" "SELECT count(*) FROM occurrences" 2>/dev/null || echo 0)
    [ "$count" -ge 1000000 ] && break
    "$lcq" ingest --db "$db" --run-id "run-$run" --app MyApp --build "$((100 + run / 10))" \
      --device "iPhone$((12 + run % 6)),$((run % 3))" --os-version "17.$((run % 5))" "$work/corpus.log" 2>/dev/null
    run=$((run + 1))
  done
fi
echo "database: $(sqlite3 "$db" "SELECT count(*) FROM occurrences") occurrences, $(sqlite3 "$db" "SELECT count(*) FROM conflicts") conflicts, $(sqlite3 "$db" "SELECT count(*) FROM runs") runs, $(du -h "$db" | cut -f1)"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for query in "top" "top --since 30d" "top --by devices" "trend" "trend --by build" "show v2:abc4" ; do
  # shellcheck disable=SC2086
  m=$(for _ in 1 2 3 4 5 6 7; do seconds "$lcq" $query --db "$db"; done | median)
  echo "lcq $query: median of 7 = $(echo "$m * 1000" | bc | cut -d. -f1) ms"
done

until=$(sqlite3 "$db" "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', max(time) + 1, 'unixepoch') FROM occurrences")
echo "report window: 24h before $until: $("$lcq" report --db "$db" --until "$until" --format json | python3 -c 'import json, sys; print(json.load(sys.stdin)["volume"]["occurrences"])') occurrences"
for format in html markdown json; do
  m=$(for _ in 1 2 3 4 5 6 7; do seconds "$lcq" report --db "$db" --until "$until" --format "$format"; done | median)
  echo "lcq report --format $format: median of 7 = $(echo "$m * 1000" | bc | cut -d. -f1) ms"
done
