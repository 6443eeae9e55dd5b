#!/usr/bin/env python3
"""Times two commands in turn (A B A B …, after one warm-up each) and prints each one's median
wall and CPU seconds and the ratio A/B pair by pair (median, lowest, highest): on a noisy
machine a ratio of runs taken side by side holds where separate timings drift.

    Benchmarks/side_by_side.py [-n RUNS] 'COMMAND A' 'COMMAND B'     # RUNS defaults to 11

Each command is split as a shell splits words (no shell runs it); its output is thrown away.
Exits 1 when a run fails.
"""
import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import time


def run(argv):
    """Wall and CPU (user + system) seconds of one run of `argv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(f"side_by_side: {' '.join(argv)} exited {done.returncode}", file=sys.stderr)
        sys.exit(1)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=11, help="counted runs of each command")
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args()
    a, b = shlex.split(args.a), shlex.split(args.b)
    run(a)
    run(b)
    pairs = [(run(a), run(b)) for _ in range(args.n)]
    for name, index in [("wall", 0), ("cpu", 1)]:
        ratios = [x[index] / y[index] for x, y in pairs]
        print(f"{name:4}  A {statistics.median(x[index] for x, _ in pairs):8.3f} s  "
              f"B {statistics.median(y[index] for _, y in pairs):8.3f} s  "
              f"A/B {statistics.median(ratios):.3f} (pairs {min(ratios):.3f} to {max(ratios):.3f}, {args.n} pairs)")


if __name__ == "__main__":
    main()
