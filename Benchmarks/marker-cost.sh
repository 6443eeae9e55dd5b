#!/usr/bin/env bash
# What following test markers costs `lcq analyze` on a log that has none: the 400 MB noisy
# device log of analyze-throughput.sh, analysed by the release build of HEAD and by HEAD with
# marker following taken out (the scanner asks for no line starts and reads no marker line, and
# the search's vector loop tests no line start), side by side in one run (side_by_side.py:
# medians and the ratio pair by pair).
#
#   Benchmarks/marker-cost.sh [PAIRS] [JOBS]      # defaults: 101 pairs, lcq's default jobs
set -euo pipefail
cd "$(dirname "$0")"
pairs=${1:-101}
jobs=${2:+--jobs $2}
work=$(mktemp -d)
root=$(cd .. && pwd)
cleanup() {
  git -C "$root" worktree remove --force "$work/off" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

build() {  # swift build arguments…: quiet unless it fails
  swift build -c release "$@" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
}
git -C "$root" worktree add --detach "$work/off" HEAD >/dev/null 2>&1
python3 - "$work/off/Sources/LCQParsing/Framing" <<'PY'
import sys
folder = sys.argv[1]
edits = {
    "ConflictScanner.swift": [
        ("orLineStartingWith: TestMarker.firstBytes, in: bytes", "orLineStartingWith: nil, in: bytes"),
        ("    if let marker = TestMarker.read(line) { follow(marker) }\n    if let first", "    if let first"),
    ],
    "ByteSearch.swift": [
        (
            "        let next = (base + (offset &+ 1)).loadUnaligned(as: SIMD16<UInt8>.self)\n"
            "        return (candidates, feeds, feeds .& ((next & startBits) .== startValue))",
            "        return (candidates, feeds, SIMDMask(repeating: false))",
        ),
    ],
}
for name, pairs in edits.items():
    path = f"{folder}/{name}"
    text = open(path).read()
    for old, new in pairs:
        if text.count(old) != 1:
            sys.exit(f"marker-cost.sh: {name} no longer reads `{old.strip()}`: update this script")
        text = text.replace(old, new)
    open(path, "w").write(text)
PY
build --package-path "$root" --product lcq --scratch-path "$work/head-build"
build --package-path "$work/off" --product lcq --scratch-path "$work/off-build"
build --product lcq-loggen
noisy="$work/noisy.log"
.build/release/lcq-loggen --size 400M --conflict-line-rate 0.03 --seed 23 -o "$noisy"
sync
cat "$noisy" >/dev/null
head="$work/head-build/release/lcq" off="$work/off-build/release/lcq"
# A log without markers: the same output from both.
if ! cmp -s <("$head" analyze --format json "$noisy") <("$off" analyze --format json "$noisy"); then
  echo "marker-cost.sh: the two builds disagree on the noisy log" >&2
  exit 1
fi
echo "A: HEAD, markers followed; B: HEAD, markers not followed; $(stat -c %s "$noisy") bytes"
# shellcheck disable=SC2086  # $jobs is empty or two words
python3 side_by_side.py -n "$pairs" "$head analyze --format json $jobs $noisy" "$off analyze --format json $jobs $noisy"
