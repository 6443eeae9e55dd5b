#!/usr/bin/env python3
"""Writes benchmark input for `lcq ingest` to stdout.

  store_inputs.py dense N       the example log's 7 conflicts, repeated until N blocks, every
                                repeat at another time (so every block is a new occurrence)
  store_inputs.py dense N K/P   part K (0 to P-1) of the same: every P-th repeat from the K-th,
                                so P parts hold the whole input once between them
  store_inputs.py corpus N      every real corpus log, repeated N times (runs need --run-id:
                                most corpus logs carry no timestamp)
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
kind, count = sys.argv[1], int(sys.argv[2])
part, parts = (int(x) for x in sys.argv[3].split("/")) if len(sys.argv) > 3 else (0, 1)
out = sys.stdout
if kind == "dense":
    template = (root / "Examples/simulator.log").read_text()
    for i in range(part, (count + 6) // 7, parts):
        day, rest = divmod(i, 86400)
        stamp = f"{rest // 3600:02d}:{rest // 60 % 60:02d}:{rest % 60:02d}"
        # Every block of a repeat gets the repeat's time, so no two repeats share a text (parts
        # ingested apart must not meet as the same occurrence).
        text = template.replace("2017-12-10 14:43:56", f"2017-12-{10 + day % 18:02d} {stamp}")
        out.write(re.sub(r"2024-03-05 14:10:0\d", f"2024-03-{5 + day % 20:02d} {stamp}", text))
elif kind == "corpus":
    files = sorted((root / "Tests/LCQParsingTests/Fixtures/corpus/real").glob("*.log"))
    texts = [f.read_text(errors="replace") for f in files]
    for _ in range(count):
        for text in texts:
            out.write(text if text.endswith("\n") else text + "\n")
