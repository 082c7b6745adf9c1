#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the long-game scripts of the benchmark (issue 32): real Cluedo's
built-in deal with N random suggestions, the players asking in turn, each
suggestion a random suspect, weapon and room. The engine answers each from
the deal, as `suggest` does in every script.

    bench/make-long-games.py [--steps 60] SEED… > /dev/null   # writes bench/cluedo-60-sSEED.kvg

The scripts are checked in; run this only to make them again (Python's
random module with a fixed seed gives the same suggestions on every
machine)."""
import argparse
import os
import random

HEADER = """title Cluedo, three players, {steps} random suggestions, seed {seed} (bench)
agents 1 2 3
category suspect: Scarlet Mustard White Green Peacock Plum
category weapon: candlestick dagger leadpipe revolver rope wrench
category room: kitchen ballroom conservatory diningroom billiardroom library lounge hall study
envelope suspect weapon room
hands 6 6 6
deal env: Plum rope study 1: Scarlet Mustard candlestick dagger kitchen ballroom 2: White Green leadpipe revolver conservatory diningroom 3: Peacock wrench billiardroom library lounge hall
responders clockwise
"""
SUSPECTS = "Scarlet Mustard White Green Peacock Plum".split()
WEAPONS = "candlestick dagger leadpipe revolver rope wrench".split()
ROOMS = "kitchen ballroom conservatory diningroom billiardroom library lounge hall study".split()


def script(steps, seed):
    rng = random.Random(seed)
    lines = ["# Made by bench/make-long-games.py --steps %d %d: the built-in cluedo deal," % (steps, seed),
             "# %d suggestions with random cards, each answered from the deal." % steps,
             HEADER.format(steps=steps, seed=seed).rstrip("\n")]
    for i in range(steps):
        lines.append("suggest %d %s %s %s" % (i % 3 + 1, rng.choice(SUSPECTS), rng.choice(WEAPONS),
                                              rng.choice(ROOMS)))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--dir", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("seeds", type=int, nargs="+")
    args = parser.parse_args()
    for seed in args.seeds:
        path = os.path.join(args.dir, "cluedo-%d-s%d.kvg" % (args.steps, seed))
        with open(path, "w", encoding="utf-8") as out:
            out.write(script(args.steps, seed))
        print(path)


if __name__ == "__main__":
    main()
