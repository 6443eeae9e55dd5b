#!/usr/bin/env python3
"""Writes the replay target's seeds: byte records that decode to blocks of 2 to 500
constraints (Fuzz/Sources/FuzzReplay/BlockDecoder.swift says how 8 bytes make a constraint)."""
import os
import random
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(7)


def record(first, attribute, shape, relation, second, second_attribute, multiplier, constant):
    return bytes([first & 0xFF, (first >> 8) & 0x0F, attribute, relation | (shape << 2), second,
                  second_attribute, multiplier, constant])


# A conflict: a fixed width, a second fixed width, and an equality between them.
seeds = {
    "two-widths": record(1, 6, 0, 0, 0, 0, 0, 3) + record(1, 6, 0, 0, 0, 0, 0, 4),
    "chain": b"".join(record(i, 4, 1, 0, i + 1, 5, 1, 3) for i in range(20)) + record(0, 6, 0, 0, 0, 0, 0, 5),
}
# AppKit (a trailing odd byte): the conflict above, and a frame's minY related to its
# superview's (the name bit makes a two-item autoresizing record) against a fixed top.
seeds["appkit-two-widths"] = seeds["two-widths"] + b"\x01"
autoresizing = bytearray(record(1, 3, 0, 0, 2, 3, 0, 7))
autoresizing[1] |= 0x10  # the name bit
seeds["appkit-flipped"] = (bytes(autoresizing) + record(1, 6, 0, 0, 0, 0, 0, 3)
                           + record(1, 2, 0, 0, 0, 0, 0, 4) + b"\x01")
for size in (2, 3, 5, 10, 30, 100, 500):
    seeds[f"random-{size}"] = bytes(rng.randrange(256) for _ in range(8 * size))
for name, data in seeds.items():
    with open(os.path.join(out, name), "wb") as handle:
        handle.write(data)
