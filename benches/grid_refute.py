#!/usr/bin/env python3
"""Logic-grid puzzles by refutation, a generator with other rules than `satpuz generate grid`:
start from a random answer; while CaDiCaL (PySAT) finds a second answer, add a random clue
that is true of the answer and false of that second one; then minimise: try dropping
each clue once, in random order, and drop it when the answer stays unique. The result is
irreducible (every clue needed; with `--budget`, every clue but those whose trial spent the
budget, counted on standard error), and its clue mix is same-heavy.

  python3 benches/grid_refute.py --positions 50 --seed 1 > benches/grid/refute/n50-s1.json

Clue mix (draw weights): same 4, next_to 3, left_of 2, at 1, somewhere_left_of 1; no
negations, no distances. The value a clue is about is drawn among those the second answer
misplaces (so the clue refutes it), the other value from any category.
"""

import argparse
import json
import random
import sys

from grid_clues import Session, arrangement, clue_holds, key, puzzle_file, satpuz_count

KINDS = [("same", 4), ("next_to", 3), ("left_of", 2), ("at", 1), ("somewhere_left_of", 1)]


def clue_about(rng, a, place, where, n, k):
    """A random clue about value `a` that is true of the answer, or None if the kind drawn
    has no such clue (a value at an end has one neighbour)."""
    kind = rng.choices([kd for kd, _ in KINDS], [w for _, w in KINDS])[0]
    p = place[a]
    ca = next(c for c in range(k) if a in where[c])
    if kind == "at":
        return {"kind": "at", "a": a, "position": p + 1}
    if kind == "same":
        c = rng.choice([c for c in range(k) if c != ca])
        return {"kind": "same", "a": a, "b": where[c][p]}
    if kind in ("next_to", "left_of"):
        q = p + rng.choice([-1, 1])
        if not 0 <= q < n:
            return None
        b = where[rng.randrange(k)][q]
        if kind == "next_to":
            return {"kind": "next_to", "a": a, "b": b} if rng.random() < 0.5 else {"kind": "next_to", "a": b, "b": a}
        return {"kind": "left_of", "a": a, "b": b} if q == p + 1 else {"kind": "left_of", "a": b, "b": a}
    q = rng.choice([q for q in range(n) if q != p])
    b = where[rng.randrange(k)][q]
    return {"kind": "somewhere_left_of", "a": a, "b": b} if p < q else {"kind": "somewhere_left_of", "a": b, "b": a}


def refuting_clue(rng, other, place, where, n, k, seen):
    """A new clue true of the answer and false of `other`."""
    moved = sorted(v for v in place if other[v] != place[v])
    while True:
        clue = clue_about(rng, rng.choice(moved), place, where, n, k)
        if clue and key(clue) not in seen and not clue_holds(clue, other, n):
            return clue


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--categories", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None,
                    help="conflicts a trial removal may spend; a clue whose trial spends it stays")
    ap.add_argument("--satpuz", metavar="BINARY", help="check the puzzle is unique with satpuz too")
    args = ap.parse_args()
    n, k = args.positions, args.categories
    rng = random.Random(args.seed)
    categories, where, place = arrangement(rng, n, k)
    session = Session(categories, place, n)
    clues, seen = [], set()
    while not session.unique(clues):
        clue = refuting_clue(rng, session.other, place, where, n, k, seen)
        seen.add(key(clue))
        session.add(clue)
        clues.append(clue)
    print(f"seed {args.seed}: {len(clues)} clues refuting, minimising", file=sys.stderr)
    undecided = 0
    for tried, clue in enumerate(rng.sample(clues, len(clues))):
        if tried % 40 == 39:
            print(f"seed {args.seed}: {tried + 1} tried, {len(clues)} clues left", file=sys.stderr)
        rest = [c for c in clues if c is not clue]
        verdict = session.unique(rest, args.budget)
        if verdict:
            clues = rest
        undecided += verdict is None
    session.close()
    puzzle = puzzle_file(
        f"refuted logic grid ({n} positions, {k} categories, seed {args.seed})",
        f"benches/grid_refute.py --positions {n} --categories {k} --seed {args.seed}"
        + (f" --budget {args.budget}" if args.budget is not None else ""),
        n, categories, clues,
    )
    if args.satpuz and satpuz_count(args.satpuz, puzzle) != 1:
        sys.exit(f"seed {args.seed}: satpuz finds more than one answer")
    counts = {kd: sum(c["kind"] == kd for c in clues) for kd, _ in KINDS}
    print(f"seed {args.seed}: {len(clues)} clues {counts}, {undecided} kept undecided", file=sys.stderr)
    json.dump(puzzle, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
