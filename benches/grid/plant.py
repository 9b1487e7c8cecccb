#!/usr/bin/env python3
"""Logic-grid puzzles by other rules than `satpuz generate grid`: plant a random arrangement, then
add random clues that are true of it until the puzzle has one answer (uniqueness checked by
`satpuz count`). The clues are not minimised, so the puzzles are larger and looser than the
generator's, and their mix is the one chosen here, not the generator's.

  python3 benches/grid/plant.py --positions 100 --seed 1 > benches/grid/planted/n100-s1.json

Clue mix (weights): same 3, next_to 3, left_of 2, somewhere_left_of 3, at 1, not at 2, the
two values of a clue drawn from any categories (two of one category for next_to, left_of and
somewhere_left_of as well).
"""

import argparse
import json
import random
import subprocess
import sys

KINDS = [("same", 3), ("next_to", 3), ("left_of", 2), ("somewhere_left_of", 3), ("at", 1), ("not_at", 2)]
NAMES = ["person", "colour", "pet", "drink", "hobby", "food", "car", "city"]


def random_clue(rng, where, n, categories):
    """A clue true of the arrangement `where[c][p]` (the value at position p in category c)."""
    kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
    c1, c2 = rng.randrange(categories), rng.randrange(categories)
    if kind == "same":
        while c2 == c1:
            c2 = rng.randrange(categories)
        p = rng.randrange(n)
        return {"kind": "same", "a": where[c1][p], "b": where[c2][p]}
    if kind == "at":
        p = rng.randrange(n)
        return {"kind": "at", "a": where[c1][p], "position": p + 1}
    if kind == "not_at":
        p, q = rng.sample(range(n), 2)
        return {"kind": "at", "a": where[c1][p], "position": q + 1, "not": True}
    if kind in ("next_to", "left_of"):
        p = rng.randrange(n - 1)
        a, b = where[c1][p], where[c2][p + 1]
        if kind == "next_to" and rng.random() < 0.5:
            a, b = b, a
        return {"kind": kind, "a": a, "b": b}
    p, q = sorted(rng.sample(range(n), 2))
    return {"kind": "somewhere_left_of", "a": where[c1][p], "b": where[c2][q]}


def solutions(satpuz, puzzle):
    """How many answers the puzzle has, counted up to 2 by satpuz."""
    out = subprocess.run(
        [satpuz, "count", "-", "--limit", "2", "--json", "-q"],
        input=json.dumps(puzzle), capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)["solutions"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--categories", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--satpuz", default="target/release/satpuz")
    args = ap.parse_args()
    n, k = args.positions, args.categories
    rng = random.Random(args.seed)
    names = [NAMES[c] if c < len(NAMES) else f"category{c + 1}" for c in range(k)]
    values = [[f"{names[c]}{i + 1}" for i in range(n)] for c in range(k)]
    where = [rng.sample(vs, n) for vs in values]
    puzzle = {
        "name": f"planted logic grid ({n} positions, {k} categories, seed {args.seed})",
        "source": f"benches/grid/plant.py --positions {n} --categories {k} --seed {args.seed}",
        "positions": {"count": n, "noun": "position"},
        "categories": [{"name": names[c], "values": values[c]} for c in range(k)],
        "clues": [],
    }
    clues, seen = puzzle["clues"], set()

    def add(count):
        while count > 0:
            clue = random_clue(rng, where, n, k)
            key = json.dumps(clue, sort_keys=True)
            if key not in seen:
                seen.add(key)
                clues.append(clue)
                count -= 1

    # About as many clues as values to start, then a twentieth more at a time until unique.
    add(n * k)
    while solutions(args.satpuz, puzzle) > 1:
        add(max(1, n * k // 20))
        print(f"{len(clues)} clues", file=sys.stderr)
    json.dump(puzzle, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
