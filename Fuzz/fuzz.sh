#!/usr/bin/env bash
# Builds a libFuzzer target and fuzzes it for a given time.
#
#   Fuzz/fuzz.sh scanner|replay|replay-asan SECONDS [MAX_LEN]
#
# scanner and replay-asan run with AddressSanitizer. replay runs without it, for volume (about
# 30 times as many inputs a second): the replay's own code (solver, layout model, diagnosis,
# fixes) uses no unsafe pointers, so Swift's bounds and overflow checks, which stay on, catch
# what the sanitizer would; the few unsafe buffers on its path (the scanner's, SHA-256's, the
# address-free text's) run under the sanitizer in replay-asan, and the scanner's in the scanner
# target too (RELIABILITY.md). replay and replay-asan share one corpus.
#
# The working corpus lives in $LCQ_FUZZ_DIR (default /tmp/lcq-fuzz) so runs build on each
# other; it is seeded from the test corpus, the examples and generated blocks. Crash, leak and
# timeout inputs are written to $LCQ_FUZZ_DIR/TARGET/artifacts and make the script exit 1.
# Every run appends one line to $LCQ_FUZZ_DIR/runs.tsv: date, target, seconds, inputs, result.
# Stopping a run with SIGINT (Ctrl-C to the fuzzer) ends it early as "interrupted", with its
# inputs counted.
set -euo pipefail
cd "$(dirname "$0")"
usage="usage: fuzz.sh scanner|replay|replay-asan SECONDS [MAX_LEN]"
target=${1:?$usage}
seconds=${2:?$usage}
work=${LCQ_FUZZ_DIR:-/tmp/lcq-fuzz}
coverage=()
case "$target" in
  scanner) binary=FuzzScanner max_len=${3:-1024} sanitizers=fuzzer,address corpus_name=scanner timeout=1 ;;
  # Edge coverage only: comparison tracing (on by default with -sanitize=fuzzer) cost 40% of a
  # replay run, and the decoder's table look-ups leave it little to solve.
  replay) binary=FuzzReplay max_len=${3:-256} sanitizers=fuzzer corpus_name=replay timeout=1
    coverage=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table) ;;
  # The sanitizer makes the replay's big-integer arithmetic about 20 times slower here: the
  # promise "no input over 1 s" is kept by the plain build, and this one gets 10 s.
  replay-asan) binary=FuzzReplay max_len=${3:-256} sanitizers=fuzzer,address corpus_name=replay timeout=10 ;;
  *) echo "fuzz.sh: unknown target '$target' (scanner, replay or replay-asan)" >&2; exit 2 ;;
esac

# SwiftPM's --sanitize fuzzer renames each executable's entry point for libFuzzer; the
# combined -sanitize flag after it adds AddressSanitizer where asked (a later -sanitize=
# replaces an earlier one). Each set of sanitizers has its own build folder. Without
# --disable-build-manifest-caching a nested package keeps building lcq's old list of source
# files after a file is added there.
# A failed build stops the script: an old binary left in the work folder is never fuzzed.
mkdir -p "$work"
build_folder="$work/build-${sanitizers//,/-}${coverage[*]:+-edges}"
build_log="$build_folder-$binary.log"
if ! swift build -c release --sanitize fuzzer -Xswiftc -sanitize="$sanitizers" "${coverage[@]}" --disable-build-manifest-caching \
  --scratch-path "$build_folder" --product "$binary" >"$build_log" 2>&1; then
  grep -E 'error' "$build_log" | head -20 >&2 || true
  echo "fuzz.sh: $binary did not build (log: $build_log)" >&2
  exit 2
fi
grep -E 'Compiling Fuzz|Build complete' "$build_log" || true
executable="$build_folder/release/$binary"

corpus="$work/$corpus_name/corpus" seeds="$work/$corpus_name/seeds" artifacts="$work/$target/artifacts"
mkdir -p "$corpus" "$seeds" "$artifacts"
if [[ $target == scanner ]]; then
  # seeds/: crafted shapes (huge exponents, long digit strings, long names lists, control
  # characters and line separators in labels) from the security review.
  find ../Tests/LCQParsingTests/Fixtures/corpus ../Tests/EndToEndSupport/Fixtures ../Examples ./seeds \
    -type f -name '*.log' -exec cp -f {} "$seeds/" \;
  dictionary=(-dict=scanner.dict)
else
  python3 seed-replay.py "$seeds"
  dictionary=()
fi

log="$work/$target/last-run.log"
status=0
# Swift's own backtracer would catch a crash first and exit before libFuzzer writes the input.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$executable" "$corpus" "$seeds" "${dictionary[@]}" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" -rss_limit_mb=4096 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?
inputs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -1)
case $status in
  0) result=clean ;;
  72) result=interrupted status=0 ;;  # libFuzzer's exit code after SIGINT
  *) result="failed ($status)" ;;
esac
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "${inputs:-0}" "$result" >>"$work/runs.tsv"
echo "fuzz $target: ${inputs:-0} inputs in ${seconds}s, $result (log: $log)"
if [[ $status != 0 ]]; then
  grep -E 'ERROR|==[0-9]+==|Fatal error|Test unit written' "$log" | head -20 >&2
  exit 1
fi
