#!/usr/bin/env bash
# Measures lcq at each of its input limits (RELIABILITY.md, "Limits"): one crafted input per
# limit, at the limit and just past it, with the verdict or message lcq gives and its time and
# peak memory (/usr/bin/time, one run each).
#
#   scripts/limits.sh [LCQ_BINARY]     (default: .build/release/lcq, built with -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
lcq=$(realpath "${1:-.build/release/lcq}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

python3 - <<'PY'
def block(lines):
    body = ",\n".join('    "%s"' % line for line in lines)
    return "Unable to simultaneously satisfy constraints.\n(\n" + body + "\n)\n"

def width(constant, item="UIView:0x7f0000000001", address=1, names=""):
    return "<NSLayoutConstraint:0x6%011x %s.width == %s   (active%s)>" % (address, item, constant, names)

def chain(n):
    # n views in a row, 10 wide, 1 apart, the last ending 5 after the first starts: 2n members.
    lines = ["<NSLayoutConstraint:0x6%011x UIView:0x7f%010x.leading == UIView:0x7f%010x.trailing + 1   (active)>"
             % (i, i, i - 1) for i in range(1, n)]
    lines += ["<NSLayoutConstraint:0x5%011x UIView:0x7f%010x.width == 10   (active)>" % (i, i) for i in range(n)]
    lines.append("<NSLayoutConstraint:0x400000000001 UIView:0x7f%010x.trailing == UIView:0x7f0000000000.leading + 5   (active)>" % (n - 1))
    return block(lines)

def names(count):
    return ", names: " + ", ".join("'n%d':UIView:0x7f%010x" % (i, i) for i in range(count))

inputs = {
    "number-at-limit": block([width("1" * 40), width("1e400", address=2), width("-1e-400", address=3), width(60, address=4)]),
    "number-past-limit-exponent": block([width("1e-1000000"), width(60, address=2)]),
    "number-past-limit-4MiB-of-digits": block([width("9" * 4_000_000), width(60, address=2)]),
    "names-at-limit-x20000": block([width(40, address=i, names=names(64)) for i in range(20_000)]),
    "names-past-limit-130000": block([width(40, names=names(130_000)), width(60, address=2)]),
    "replay-at-limit-1000": chain(500),
    "replay-past-limit-1002": chain(501),
    "fixes-at-limit-500": chain(250),
    "constraints-past-limit-100001": block(["<NSLayoutConstraint:0x6%011x UIView:0x7f01.width == UIView:0x7f01.width + 1   (active)>" % i for i in range(100_001)]),
}
for name, text in inputs.items():
    open(name + ".log", "w").write(text)
PY

printf '| input | bytes | command | verdict / message | time | peak RSS |\n| --- | ---: | --- | --- | ---: | ---: |\n'
for log in *.log; do
  for command in "analyze --format json" "ingest --db $work/db.sqlite"; do
    /usr/bin/time -f '%e s|%M' -o time.txt $lcq $command "$log" >out.txt 2>err.txt || true
    verdict=$(python3 -c '
import json, sys
lines = [json.loads(l, parse_int=str) for l in open("out.txt") if l.startswith("{")]
if lines:
    b = lines[0]
    print(b["verdict"] + (" (" + ", ".join(b["missing"]) + ")" if b.get("missing") else "") + ("; " + b["note"] if b.get("note") else ""))
else:
    print(open("err.txt").read().strip().splitlines()[-1].split(" → ")[0][:90])
')
    IFS='|' read -r seconds kilobytes <time.txt
    printf '| %s | %s | `%s` | %s | %s | %s MB |\n' "${log%.log}" "$(stat -c %s "$log")" "${command%% --db*}" \
      "$verdict" "$seconds" "$((kilobytes / 1024))"
  done
done
