#!/usr/bin/env bash
# Scans a generated noisy device log with lcq and with `LC_ALL=C grep -c`, alternating, in one
# run, and prints wall time, throughput and peak RSS of each, and the throughput ratio.
#
#   Benchmarks/scan-vs-grep.sh [SIZE] [ROUNDS]      # defaults: 1G, 5
set -euo pipefail
cd "$(dirname "$0")"
size=${1:-1G}
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path .. >/dev/null
swift build -c release --product lcq-loggen >/dev/null
log="$work/device.log"
.build/release/lcq-loggen --size "$size" --conflict-line-rate 0.001 --seed 42 -o "$log"
bytes=$(stat -c %s "$log")
cat "$log" >/dev/null  # both tools read from the page cache

measure() {  # name, command…: prints "name seconds maxrss_kb"
  local name=$1; shift
  /usr/bin/time -f "$name %e %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err"
  cat "$work/time"
}

: >"$work/results"
for round in $(seq "$rounds"); do
  measure grep env LC_ALL=C grep -c 'Unable to simultaneously' "$log" >>"$work/results"
  measure lcq ../.build/release/lcq analyze --format json "$log" >>"$work/results"
done
blocks=$(wc -l <"$work/out")
matches=$(LC_ALL=C grep -c 'Unable to simultaneously' "$log")

python3 - "$work/results" "$bytes" "$blocks" "$matches" <<'PY'
import sys, statistics
rows = [line.split() for line in open(sys.argv[1])]
size = int(sys.argv[2])
def stats(name):
    times = [float(r[1]) for r in rows if r[0] == name]
    rss = max(int(r[2]) for r in rows if r[0] == name)
    median = statistics.median(times)
    return median, size / median / 1e9, rss
g, l = stats("grep"), stats("lcq")
print(f"input: {size} bytes; grep matched {sys.argv[4]} lines, lcq printed {sys.argv[3]} blocks")
print(f"{'tool':6} {'median s':>9} {'GB/s':>7} {'peak RSS MB':>12}")
for name, (median, rate, rss) in (("grep", g), ("lcq", l)):
    print(f"{name:6} {median:9.3f} {rate:7.2f} {rss/1024:12.1f}")
print(f"lcq/grep throughput: {l[1]/g[1]:.2f}x")
PY
