#!/usr/bin/env python3
"""The whole isolation done with z3, for comparison with lcq's replay on the same blocks.

For each block lcq calls a conflict, builds the system with the printed numbers in z3 (linear, so z3 stays fast) (the model of
Tests/Oracle/z3_oracle.py), checks it, then runs a plain deletion filter over the members and
checks the set without each member (as lcq does for its witnesses), each check an
`assumptions` call on one solver per block. Prints blocks per second.

Usage: z3_isolation.py LCQ_BINARY LOG_FILE...
"""

import json
import os
import subprocess
import sys
import time
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Oracle"))
import z3_oracle  # noqa: E402


def isolate(block):
    """Deletion filter with one z3 solver per block and an indicator literal per member."""
    model = z3_oracle.Model(block)
    members = z3_oracle.members(block)
    solver = z3_oracle.z3.Solver()
    indicators = {}
    needs = set()
    for member in members:
        rows, needed = model.rows(member, widened=False)
        indicators[member] = z3_oracle.z3.Bool(f"member{member}")
        solver.add(z3_oracle.z3.Implies(indicators[member], z3_oracle.z3.And(*rows)))
        needs |= needed
    for name in needs:
        solver.add(model.implicit[name])

    def feasible(subset):
        return solver.check(*[indicators[m] for m in subset]) == z3_oracle.z3.sat

    if feasible(members):
        return []
    current = list(members)
    for member in members:
        trial = [m for m in current if m != member]
        if not feasible(trial):
            current = trial
    for member in current:
        feasible([m for m in current if m != member])
    return current


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    blocks = []
    for path in files:
        output = subprocess.run([binary, "analyze", "--format", "json", path], capture_output=True, text=True)
        for line in output.stdout.splitlines():
            block = json.loads(line, parse_float=Decimal)
            if block["verdict"] == "conflict":
                blocks.append(block)
    start = time.perf_counter()
    agreed = sum(sorted(isolate(block)) == sorted(block["minimal_set"]) for block in blocks)
    seconds = time.perf_counter() - start
    print(f"z3 {z3_oracle.z3.get_version_string()} deletion filter: {len(blocks)} conflict blocks in "
          f"{seconds:.2f} s: {len(blocks) / seconds:.0f} blocks/s ({agreed} found lcq's set)")


if __name__ == "__main__":
    main()
