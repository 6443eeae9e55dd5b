#!/usr/bin/env bash
# The two measurements of issue "Speed on every core", side by side in one run:
#
#   1. a noisy `log stream` device log of 400 MB with about one conflict message in 600 lines,
#      each drawn from the corpus with fresh addresses (lcq-loggen): `lcq analyze --format json`
#      against `LC_ALL=C grep -c`, as a throughput ratio;
#   2. every real corpus log 20 times over (store_inputs.py corpus 20): `lcq analyze` (JSON and
#      text, one job and every core) and `lcq ingest` into a fresh SQLite file, in blocks a second.
#
# Rounds alternate the commands; medians and the largest peak RSS are printed. With OLD_LCQ,
# that binary runs beside the current release build in every round (a before/after ratio).
#
#   Benchmarks/analyze-throughput.sh [ROUNDS] [OLD_LCQ]      # default: 5 rounds
set -euo pipefail
cd "$(dirname "$0")"
rounds=${1:-5}
old=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build() {  # swift build arguments…: quiet unless it fails
  swift build -c release "$@" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
}
# --disable-build-manifest-caching: see Fuzz/fuzz.sh (a nested package and files added to lcq).
build --package-path .. --product lcq --disable-build-manifest-caching
build --product lcq-loggen --disable-build-manifest-caching
new=$(cd .. && pwd)/.build/release/lcq
noisy="$work/noisy.log" corpus="$work/corpus20.log"
.build/release/lcq-loggen --size 400M --conflict-line-rate 0.03 --seed 23 -o "$noisy"
python3 store_inputs.py corpus 20 >"$corpus"
# Written out before timing (the kernel's write-back of 419 MB would otherwise run beside the
# first rounds), then read once so that every command reads from the page cache.
sync
cat "$noisy" "$corpus" >/dev/null

measure() {  # name, command…: appends "name seconds maxrss_kb" to results
  # The wall time from bash's clock (microseconds; time's %e has hundredths only), the peak
  # RSS from time.
  local name=$1 start end
  shift
  start=$EPOCHREALTIME
  /usr/bin/time -f "%M" -o "$work/time" "$@" >"$work/out" 2>"$work/err"
  end=$EPOCHREALTIME
  echo "$name $(python3 -c "print($end - $start)") $(cat "$work/time")" >>"$work/results"
}

binaries=("new=$new")
[[ -n $old ]] && binaries+=("old=$old")
: >"$work/results"
for _ in $(seq "$rounds"); do
  measure grep env LC_ALL=C grep -c 'Unable to simultaneously' "$noisy"
  for entry in "${binaries[@]}"; do
    tag=${entry%%=*} lcq=${entry#*=}
    measure "$tag:noisy-json" "$lcq" analyze --format json "$noisy"
    for jobs in 1 2; do
      measure "$tag:corpus-json-j$jobs" "$lcq" analyze --format json --jobs "$jobs" "$corpus"
      measure "$tag:corpus-text-j$jobs" "$lcq" analyze --color never --jobs "$jobs" "$corpus"
    done
    rm -f "$work/ingest.sqlite"*
    measure "$tag:corpus-ingest" "$lcq" ingest --db "$work/ingest.sqlite" --run-id bench "$corpus"
  done
done
noisy_blocks=$("$new" analyze --format json "$noisy" | wc -l)
corpus_blocks=$("$new" analyze --format json "$corpus" | wc -l)

python3 - "$work/results" "$(stat -c %s "$noisy")" "$noisy_blocks" "$corpus_blocks" <<'PY'
import sys, statistics
rows = [line.split() for line in open(sys.argv[1])]
size, noisy_blocks, corpus_blocks = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
names = list(dict.fromkeys(r[0] for r in rows))
median = {n: statistics.median(float(r[1]) for r in rows if r[0] == n) for n in names}
rss = {n: max(int(r[2]) for r in rows if r[0] == n) / 1024 for n in names}
print(f"noisy log: {size / 1e6:.0f} MB, {noisy_blocks} blocks; corpus x20: {corpus_blocks} blocks")
print(f"{'command':24} {'median s':>9} {'blocks/s':>9} {'peak RSS MB':>12} {'vs grep':>8}")
for n in names:
    blocks = noisy_blocks if "noisy" in n else corpus_blocks if "corpus" in n else 0
    rate = f"{blocks / median[n]:9.0f}" if blocks else f"{'':9}"
    ratio = f"{median['grep'] / median[n]:7.2f}x" if "noisy" in n else ""
    print(f"{n:24} {median[n]:9.4f} {rate} {rss[n]:12.1f} {ratio:>8}")
for n in names:
    if n.startswith("old:") and "new:" + n[4:] in median:
        print(f"new/old speed, {n[4:]}: {median[n] / median['new:' + n[4:]]:.2f}x")
PY
