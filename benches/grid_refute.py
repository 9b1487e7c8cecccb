#!/usr/bin/env python3
"""Logic-grid puzzles by refutation, a generator with other rules than `satpuz generate grid`:
start from a random answer; while CaDiCaL (PySAT) finds a second answer, add a random clue
that is true of the answer and false of that second one; then minimise: try dropping
each clue once, in random order, and drop it when the answer stays unique; a clue is known
needed without a trial when model rotation finds a second answer that breaks it alone (`minimise`). The result is irreducible
(every clue needed; with `--budget`, every clue but those whose trial spent the budget, counted
on standard error), and its clue mix is same-heavy.

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


def rotate(witness, clue, categories, needed, n, by_value):
    """Model rotation: `witness` (value -> place) is a second answer that breaks `clue` alone
    among the clues (`by_value`: each value's clues). Every arrangement a swap away (two places
    exchanged in one category or in all) that breaks exactly one clue is a second
    answer without that clue: the clue is needed, with no solver call. Returns the new
    witnesses, as (arrangement, clue) pairs."""
    rows = []
    for cat in categories:
        row = [None] * n
        for v in cat["values"]:
            row[witness[v]] = v
        rows.append(row)
    k = len(rows)
    # One category, or whole positions (two categories at once spared almost no more trials).
    swaps = [[c] for c in range(k)] + [list(range(k))]
    found = []
    for p in range(n):
        for q in range(p + 1, n):
            for cats in swaps:
                moved = [v for c in cats for v in (rows[c][p], rows[c][q])]
                swapped = dict(witness)
                for c in cats:
                    swapped[rows[c][p]], swapped[rows[c][q]] = q, p
                touched = {key(c): c for v in moved for c in by_value.get(v, [])}
                broken = [c for c in touched.values() if not clue_holds(c, swapped, n)]
                if clue is not None and key(clue) not in touched:
                    broken.append(clue)
                if len(broken) == 1 and key(broken[0]) not in needed:
                    needed.add(key(broken[0]))
                    found.append((swapped, broken[0]))
    return found


def minimise(session, clues, rng, budget, seed, categories, place):
    """Deletion-based minimisation on the one incremental solver: each clue, in random order,
    is tried for removal once (under the other clues' selectors) and dropped when the answer
    stays unique. A clue is needed once some arrangement other than the answer breaks it alone
    (the set only shrinks, so it stays needed): the solver's second answer of a failed trial,
    and the arrangements model rotation (`rotate`) finds from the answer and from each of
    those, which spares most trials. Returns the clues kept and how many trials spent `budget`
    undecided."""
    n = len(categories[0]["values"])
    by_value = {}
    for c in clues:
        for v in (c["a"], c.get("b")):
            if v is not None:
                by_value.setdefault(v, []).append(c)
    needed = set()
    todo = rotate(place, None, categories, needed, n, by_value)
    undecided = spared = 0
    for tried, clue in enumerate(rng.sample(clues, len(clues))):
        while todo:
            witness, broken = todo.pop()
            todo.extend(rotate(witness, broken, categories, needed, n, by_value))
        if tried % 40 == 39:
            print(f"seed {seed}: {tried + 1} tried, {len(clues)} clues left, {spared} trials "
                  "spared by rotation", file=sys.stderr)
        if key(clue) in needed:
            spared += 1
            continue
        rest = [c for c in clues if c is not clue]
        verdict = session.unique(rest, budget)
        if verdict:
            clues = rest
            for v in (clue["a"], clue.get("b")):
                if v is not None:
                    by_value[v] = [c for c in by_value[v] if c is not clue]
        elif verdict is False:
            needed.add(key(clue))
            todo.append((session.other, clue))
        undecided += verdict is None
    return clues, undecided


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
    clues, undecided = minimise(session, clues, rng, args.budget, args.seed, categories, place)
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
