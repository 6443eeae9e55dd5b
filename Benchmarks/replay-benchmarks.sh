#!/usr/bin/env bash
# Replay and solver figures for BENCHMARKS.md, measured side by side in one run:
#   - per corpus block: verdict + certified minimal set, and the full replay;
#   - a generated block of 202 constraints;
#   - the Double solver against kiwisolver on the same widget grid (same strengths);
#   - lcq's whole isolation against a z3 deletion filter on the same conflict blocks.
# Needs python3 with Tests/Oracle/requirements.txt installed.
set -euo pipefail
cd "$(dirname "$0")"
corpus=../Tests/LCQParsingTests/Fixtures/corpus/real

# --disable-build-manifest-caching: see Fuzz/fuzz.sh (a nested package and files added to lcq).
swift build -c release --product lcq-replay-bench --disable-build-manifest-caching >/dev/null
(cd .. && swift build -c release --product lcq >/dev/null)
bench=.build/release/lcq-replay-bench
lcq=../.build/release/lcq

"$bench" corpus "$corpus" --repeats 101
"$bench" generated --repeats 21
for widgets in 100 400; do
  "$bench" grid --widgets "$widgets" --rounds 1000 --repeats 7
  python3 kiwi_grid.py --widgets "$widgets" --rounds 1000 --repeats 7
done
python3 z3_isolation.py "$lcq" "$corpus"/*.log
