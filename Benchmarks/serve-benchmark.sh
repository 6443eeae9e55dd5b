#!/usr/bin/env bash
# `lcq serve` under load, side by side with a file ingest of the same messages (BENCHMARKS.md,
# "The collector"). Usage: Benchmarks/serve-benchmark.sh LCQ [REQUESTS RECORDS CONNECTIONS
# [SPACING_NS]] (SPACING_NS between records, 10 ms by default; 1000 is a flood of one second)
#
# LCQ is a release lcq built with both traits (`swift build -c release --traits
# TeamStore,Collector`). On each store (a fresh SQLite file, a fresh database of a throwaway
# PostgreSQL server): `lcq serve` on loopback, Benchmarks/otlp_load.py sending REQUESTS
# distinct OTLP requests of RECORDS messages each from CONNECTIONS connections (the example
# log's messages, each with a time of its own, so every one is stored), then `lcq ingest` of
# the same messages as console text into another fresh store. Needs Python with
# opentelemetry-proto (scripts/test's venv has it) on PATH.
set -euo pipefail
lcq=$(realpath "$1")
requests=${2:-400}
records=${3:-100}
connections=${4:-4}
spacing=${5:-10000000}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
source Benchmarks/throwaway-postgres.sh
trap '"${as_postgres[@]}" "$bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null; rm -rf "$work"' EXIT

for engine in sqlite postgresql; do
  if [ $engine = sqlite ]; then served="$work/served.sqlite"; filed="$work/filed.sqlite"; else
    served=$(database served); filed=$(database filed); fi
  token=$("$lcq" token create --name load --any-app --db "$served" 2>/dev/null)
  "$lcq" serve --listen 127.0.0.1:0 --rate 100000 --db "$served" 2>"$work/serve.err" &
  server=$!
  until grep -q serving "$work/serve.err" 2>/dev/null; do sleep 0.1; done
  url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.err")
  echo "$engine serve: $(python3 Benchmarks/otlp_load.py "$url" "$token" Examples/simulator.log \
    --requests "$requests" --records "$records" --connections "$connections" --spacing-ns "$spacing" \
    --write-console "$work/console.log")"
  kill -TERM $server
  wait $server
  stored=$("$lcq" db stats --db "$served" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["occurrences"])')
  began=$(date +%s.%N)
  "$lcq" ingest --db "$filed" --app Bench --build 1 --run-id load "$work/console.log" 2>/dev/null
  ended=$(date +%s.%N)
  filedCount=$("$lcq" db stats --db "$filed" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["occurrences"])')
  python3 -c "import sys; n=$filedCount; s=$ended-$began; print('$engine file ingest: {\"messages\": %d, \"seconds\": %.2f, \"messages_per_second\": %d}, served store holds $stored' % (n, s, n/s))"
done
