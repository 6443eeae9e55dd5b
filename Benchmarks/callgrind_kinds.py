#!/usr/bin/env python3
"""Groups a callgrind profile's self instructions by the kind of work, to say where a run's
time goes when no single function holds much of it.

    valgrind --tool=callgrind --callgrind-out-file=OUT --toggle-collect=SYMBOL PROGRAM …
    Benchmarks/callgrind_kinds.py OUT

The kinds, tried in this order on each function's demangled name:
- reference counting: the Swift runtime's retains, releases and uniqueness checks;
- allocation and freeing: malloc, free and the runtime's allocation, deallocation and
  destruction of values (arrays, enum payloads, tuples);
- exact numbers: `Rational`, its GCDs and BigInt;
- the solver: `Solver`, its rows and tableau;
- the model, strings and hashing: the layout model's builder, owners, names, and the standard
  library's string and hashing code;
- the rest.
Needs `callgrind_annotate` (valgrind) and `swift demangle` on PATH.
"""
import re
import subprocess
import sys

KINDS = [
    ("reference counting", r"swift_retain|swift_release|RefCounts|release_dealloc|swift_bridgeObject|"
     r"isUniquelyReferenced|swift_unknownObject"),
    ("allocation and freeing", r"malloc|free|_int_|swift_slowAlloc|swift_allocObject|swift_slowDealloc|"
     r"swift_dealloc|deallocClassInstance|deallocating_deinit|arrayDestroy|destroy for|"
     r"outlined (consume|destroy)|tuple_destroy"),
    ("exact numbers", r"Rational|greatestCommon|BigInt|BigUInt"),
    ("the solver", r"Solver|Row\.|Tableau"),
    ("the model, strings and hashing", r"LayoutModel|ConstraintOwnership|AddressFree|MemberRanking|Hasher|"
     r"Dictionary|String|_string|Substring|hasPrefix|starts|lastIndex|conformsTo"),
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    annotated = subprocess.run(["callgrind_annotate", sys.argv[1]], capture_output=True, text=True, check=True)
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input=annotated.stdout,
                               capture_output=True, text=True, check=True).stdout
    totals = {name: 0 for name, _ in KINDS}
    totals["the rest"] = 0
    for line in demangled.splitlines():
        found = re.match(r"\s*([0-9,]+) \([^)]*\)\s+(.*)", line)
        if not found or "PROGRAM TOTALS" in found.group(2):
            continue
        count = int(found.group(1).replace(",", ""))
        kind = next((name for name, pattern in KINDS if re.search(pattern, found.group(2))), "the rest")
        totals[kind] += count
    whole = sum(totals.values())
    for name, count in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{name:32s} {count / 1e6:9.1f} M  {100 * count / whole:5.1f} %")
    print(f"{'all':32s} {whole / 1e6:9.1f} M")


if __name__ == "__main__":
    main()
