#!/usr/bin/env python3
"""Logic-grid puzzles by batch removal, a generator with other rules than `satpuz generate grid`,
after the published ZebraLogic and tuchandra/zebra generators (this is a fresh write): start from
a random answer, add random true clues in bulk until CaDiCaL (PySAT) finds it unique, then
remove clues in random batches, keeping a removal when the answer stays unique and halving
the batch after a run of failures, down to batches of one. The result is not necessarily
irreducible: a clue survives when the few batches that held it all failed.

  python3 benches/grid_batch.py --positions 50 --seed 1 > benches/grid/batch/n50-s1.json

Clue mix (draw weights, the two values from any categories): same 2, not same 2, at 1,
not at 2, next_to 2, left_of 1, somewhere_left_of 2, distance 2 (one between) 1, distance 3
(two between) 1.
"""

import argparse
import json
import random
import sys

from grid_clues import Session, arrangement, key, puzzle_file, satpuz_count

KINDS = [("same", 2), ("not_same", 2), ("at", 1), ("not_at", 2), ("next_to", 2), ("left_of", 1),
         ("somewhere_left_of", 2), ("one_between", 1), ("two_between", 1)]
# Failed batches in a row before the batch size halves.
PATIENCE = 4


def random_clue(rng, where, n, k):
    """A random clue true of the arrangement `where[c][p]`."""
    kind = rng.choices([kd for kd, _ in KINDS], [w for _, w in KINDS])[0]
    c1, c2 = rng.randrange(k), rng.randrange(k)
    if kind == "at":
        p = rng.randrange(n)
        return {"kind": "at", "a": where[c1][p], "position": p + 1}
    if kind == "not_at":
        p, q = rng.sample(range(n), 2)
        return {"kind": "at", "a": where[c1][p], "position": q + 1, "not": True}
    if kind in ("same", "not_same"):
        while c2 == c1:
            c2 = rng.randrange(k)
        p = rng.randrange(n)
        if kind == "same":
            return {"kind": "same", "a": where[c1][p], "b": where[c2][p]}
        q = rng.choice([q for q in range(n) if q != p])
        return {"kind": "same", "a": where[c1][p], "b": where[c2][q], "not": True}
    if kind == "somewhere_left_of":
        p, q = sorted(rng.sample(range(n), 2))
        return {"kind": "somewhere_left_of", "a": where[c1][p], "b": where[c2][q]}
    gap = {"next_to": 1, "left_of": 1, "one_between": 2, "two_between": 3}[kind]
    p = rng.randrange(n - gap)
    a, b = where[c1][p], where[c2][p + gap]
    if kind == "left_of":
        return {"kind": "left_of", "a": a, "b": b}
    if rng.random() < 0.5:
        a, b = b, a
    if kind == "next_to":
        return {"kind": "next_to", "a": a, "b": b}
    return {"kind": "distance", "a": a, "b": b, "k": gap}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--categories", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None,
                    help="conflicts a trial removal may spend; one that spends it fails")
    ap.add_argument("--satpuz", metavar="BINARY", help="check the puzzle is unique with satpuz too")
    args = ap.parse_args()
    n, k = args.positions, args.categories
    rng = random.Random(args.seed)
    categories, where, place = arrangement(rng, n, k)
    session = Session(categories, place, n)
    clues, seen = [], set()

    def add(count):
        while count > 0:
            clue = random_clue(rng, where, n, k)
            if key(clue) not in seen:
                seen.add(key(clue))
                session.add(clue)
                clues.append(clue)
                count -= 1

    # As many clues as values to start, then a tenth of that at a time until unique.
    add(n * k)
    while not session.unique(clues):
        add(max(1, n * k // 10))
    print(f"seed {args.seed}: {len(clues)} clues drawn, removing in batches", file=sys.stderr)
    batch, failures = max(1, len(clues) // 4), 0
    while batch >= 1 and clues:
        out = set(map(id, rng.sample(clues, min(batch, len(clues)))))
        rest = [c for c in clues if id(c) not in out]
        if session.unique(rest, args.budget):
            clues, failures = rest, 0
            continue
        failures += 1
        if failures == PATIENCE:
            batch, failures = batch // 2, 0
    session.close()
    puzzle = puzzle_file(
        f"batch-cut logic grid ({n} positions, {k} categories, seed {args.seed})",
        f"benches/grid_batch.py --positions {n} --categories {k} --seed {args.seed}"
        + (f" --budget {args.budget}" if args.budget is not None else ""),
        n, categories, clues,
    )
    if args.satpuz and satpuz_count(args.satpuz, puzzle) != 1:
        sys.exit(f"seed {args.seed}: satpuz finds more than one answer")
    print(f"seed {args.seed}: {len(clues)} clues", file=sys.stderr)
    json.dump(puzzle, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
