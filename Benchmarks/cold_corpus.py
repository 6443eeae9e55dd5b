#!/usr/bin/env python3
"""Writes cold input for `lcq analyze`: the shared corpus's real logs, COPIES times, each copy
after the first with every number in its constraint descriptions raised by copy × 0.125, so
that no list repeats a list of another copy and every message is analysed afresh (the
templates and the analysis cache find nothing to reuse).

    Benchmarks/cold_corpus.py OUT [COPIES]     # COPIES defaults to 20
"""
import glob
import os
import re
import sys

NUMBER = re.compile(r"(?<=[=(\- ])(\d+(?:\.\d+)?)(?=[)\]\s>@,-])")
CORPUS = os.path.join(os.path.dirname(__file__), "..", "Tests", "LCQParsingTests", "Fixtures", "corpus", "real")


def shifted(line: str, copy: int) -> str:
    """The line with its description numbers raised, when it holds a description."""
    if copy == 0 or ('"<' not in line and not line.lstrip().startswith("<")):
        return line
    return NUMBER.sub(lambda found: "%g" % (float(found.group(1)) + copy * 0.125), line)


def main() -> None:
    out, copies = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    parts = []
    for copy in range(copies):
        for path in sorted(glob.glob(os.path.join(CORPUS, "*.log"))):
            with open(path, errors="replace") as handle:
                text = "\n".join(shifted(line, copy) for line in handle.read().split("\n"))
            parts.append(text if text.endswith("\n") else text + "\n")
    with open(out, "w") as handle:
        handle.write("".join(parts))


if __name__ == "__main__":
    main()
