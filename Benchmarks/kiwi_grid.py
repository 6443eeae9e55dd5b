#!/usr/bin/env python3
"""kiwisolver on the same widget grid as `lcq-replay-bench grid` (see GridTiming.swift)."""

import argparse
import math
import statistics
import time

import kiwisolver as kiwi


def build(widgets):
    columns = math.ceil(math.sqrt(widgets))
    rows = (widgets + columns - 1) // columns
    ww, wh = kiwi.Variable("window.width"), kiwi.Variable("window.height")
    variables, constraints, frames = [ww, wh], [], []
    for row in range(rows):
        line = []
        for column in range(columns):
            if row * columns + column >= widgets:
                break
            l, t, w, h = (kiwi.Variable(f"w{row}.{column}.{n}") for n in ("left", "top", "width", "height"))
            variables += [l, t, w, h]
            constraints += [w >= 20, h >= 20]
            if column == 0:
                constraints.append(l == 10)
            else:
                left = line[column - 1]
                constraints.append(l == left[0] + left[2] + 10)
                constraints.append((w == left[2]) | 500.0)
            if row == 0:
                constraints.append(t == 10)
            else:
                above = frames[row - 1][column]
                constraints.append(t == above[1] + above[3] + 10)
            constraints += [l + w + 10 <= ww, t + h + 10 <= wh, (w == 100) | 750.0, (h == 40) | 750.0,
                            (l + w + 10 == ww) | 250.0]
            line.append((l, t, w, h))
        frames.append(line)
    return ww, wh, variables, constraints


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--widgets", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    add_times, round_times = [], []
    for _ in range(args.repeats):
        ww, wh, variables, constraints = build(args.widgets)
        solver = kiwi.Solver()
        start = time.perf_counter()
        for constraint in constraints:
            solver.addConstraint(constraint)
        solver.addEditVariable(ww, 750.0)
        solver.addEditVariable(wh, 750.0)
        add_times.append(time.perf_counter() - start)
        checksum = 0.0
        start = time.perf_counter()
        for round in range(args.rounds):
            solver.suggestValue(ww, 400 + (round * 37) % 2000)
            solver.suggestValue(wh, 400 + (round * 53) % 1500)
            solver.updateVariables()
            for variable in variables:
                checksum += variable.value()
        round_times.append(time.perf_counter() - start)
    print(f"kiwisolver {kiwi.__version__}: {args.widgets} widgets, {len(constraints)} constraints: "
          f"add {statistics.median(add_times) * 1000:.2f} ms, {args.rounds} edit rounds "
          f"{statistics.median(round_times) * 1000:.2f} ms (checksum {checksum:.1f})")


if __name__ == "__main__":
    main()
