#!/usr/bin/env bash
# Cold throughput (issue 46): the corpus made distinct (Benchmarks/cold_corpus.py), how many
# distinct lists it holds, and blocks per second for `lcq analyze` (JSON and text, 1 and 2
# jobs), `lcq ingest` into a new SQLite file and `lcq db reanalyze` of that file; each the
# median of ROUNDS runs, on the release build.
#
#     Benchmarks/cold-benchmarks.sh [COPIES] [ROUNDS]     # defaults: 20 copies, 5 rounds
set -euo pipefail
cd "$(dirname "$0")"
copies=${1:-20}
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path .. --product lcq >/dev/null
lcq=../.build/release/lcq
log="$work/cold.log"
python3 cold_corpus.py "$log" "$copies"
"$lcq" analyze --format json "$log" >"$work/cold.json"
python3 - "$work/cold.json" <<'PY'
import json, re, sys
address = re.compile(r"0x[0-9a-fA-F]+")
lists, blocks = set(), 0
for line in open(sys.argv[1]):
    block = json.loads(line)
    blocks += 1
    # A list is its descriptions with the addresses numbered in order of appearance.
    seen = {}
    def number(found):
        return "@%d" % seen.setdefault(found.group(0), len(seen))
    lists.add(tuple(address.sub(number, c["description"]) for c in block["constraints"]))
print(f"cold input: {blocks} messages, {len(lists)} distinct lists")
PY

measure() {  # name, command…: the median wall seconds of ROUNDS runs
  local name=$1; shift
  : >"$work/times"
  for _ in $(seq "$rounds"); do
    /usr/bin/time -f "%e" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    cat "$work/time" >>"$work/times"
  done
  python3 - "$name" "$work/times" "$(wc -l <"$work/cold.json")" <<'PY'
import statistics, sys
name, path, blocks = sys.argv[1], sys.argv[2], int(sys.argv[3])
median = statistics.median(float(line) for line in open(path) if line.strip())
print(f"{name:42} {median:7.3f} s  {blocks / median:9,.0f} blocks/s")
PY
}

measure "analyze --format json --jobs 1" "$lcq" analyze --format json --jobs 1 "$log"
measure "analyze --format json --jobs 2" "$lcq" analyze --format json --jobs 2 "$log"
measure "analyze (text) --jobs 1" "$lcq" analyze --color never --jobs 1 "$log"
measure "analyze (text) --jobs 2" "$lcq" analyze --color never --jobs 2 "$log"
# Each ingest starts from a new file (removing the last one is inside the timed command).
measure "ingest into a new SQLite file" bash -c 'rm -f "$0"*; exec "$1" ingest --db "$0" "$2"' \
  "$work/cold.sqlite" "$lcq" "$log"
measure "db reanalyze of that file" "$lcq" db reanalyze --db "$work/cold.sqlite"
