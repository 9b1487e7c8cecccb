#!/usr/bin/env python3
"""Logic-grid puzzles by refutation, a generator with other rules than `satpuz generate grid`:
start from a random answer; while CaDiCaL (PySAT) finds a second answer, add a random clue
that is true of the answer and false of that second one; then minimise: try dropping each clue
once, in random order, and drop it when the answer stays unique. The result is irreducible
(every clue needed) and unique, both checked at the end without the solver that decided the
trials: each clue has an arrangement that breaks it alone (checked clue by clue here), and a
fresh CaDiCaL (PySAT) proves the answer unique. The clue mix is same-heavy.

  python3 benches/grid_refute.py --positions 50 --seed 1 > benches/grid/refute/n50-s1.json

Independent of satpuz: every trial is a solve of the drawing phase's incremental CaDiCaL
(PySAT), each clue behind its selector. A trial asks for an arrangement that breaks the clue
tried and keeps every other clue left (the clue's negation behind a selector of its own), its
search started from the known arrangement that breaks that clue and the fewest others, with a
budget of conflicts (`--budget`, default 2000); a trial over it waits for the next round, four
times the budget (the last round unlimited). Most trials are spared: a clue is known needed
once some arrangement other than the answer breaks it and no other clue left (`Witnesses`).
The verdicts are exact, so every clue kept is needed; the puzzle depends on the seed, the
budget and the PySAT build (CaDiCaL is deterministic, budgets count conflicts, not time).
40 x 5 in under a minute of CPU, 50 x 5 in minutes.

Clue mix (draw weights): same 4, next_to 3, left_of 2, at 1, somewhere_left_of 1; no
negations, no distances. The value a clue is about is drawn among those the second answer
misplaces (so the clue refutes it), the other value from any category.
"""

import argparse
import json
import random
import sys
import time

from grid_clues import Session, arrangement, key, puzzle_file, satpuz_count
from grid_compare import pysat_count, unary_allowed

KINDS = [("same", 4), ("next_to", 3), ("left_of", 2), ("at", 1), ("somewhere_left_of", 1)]
# Conflicts of a trial's first round.
BUDGET = 2000
# Named in each puzzle's source: the same command makes the same puzzle only with the same
# generator (0: a trial over --budget conflicts kept its clue, not irreducible; 1: trials decided
# by `satpuz solve`; 2: by the drawing phase's PySAT session, in rounds).
GENERATOR = 2


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
        if clue and key(clue) not in seen and not test_of(clue, n)(other):
            return clue


def test_of(clue, n):
    """The clue as a test of an arrangement (value -> place): `grid_clues.clue_holds`, compiled
    once, since the witnesses test clues millions of times."""
    a, b = clue["a"], clue.get("b")
    kind = clue["kind"]
    if kind == "at":
        allowed = unary_allowed(clue, n)
        return lambda place: place[a] in allowed
    return {
        "same": lambda place: place[a] == place[b],
        "left_of": lambda place: place[a] + 1 == place[b],
        "next_to": lambda place: abs(place[a] - place[b]) == 1,
        "somewhere_left_of": lambda place: place[a] < place[b],
    }[kind]


class Witnesses:
    """Arrangements other than the answer, each with the clues it breaks (of all drawn, by
    index) and how many of those are still in the set: one that breaks exactly one clue of the
    set is a second answer without it, so that clue is needed (the set only shrinks, so it stays
    needed). Known from the start: every block swap of the answer (the values of some
    categories at two places trading places) and every second answer the drawing phase met;
    then each trial's second answers; and every arrangement one swap (one category, or whole
    places) from an arrangement that showed a clue needed (model rotation)."""

    def __init__(self, clues, categories, place, n):
        self.n = n
        self.clues = clues
        self.tests = [test_of(c, n) for c in clues]
        self.category = {v: c for c, cat in enumerate(categories) for v in cat["values"]}
        self.k = len(categories)
        self.touching = {}
        for i, c in enumerate(clues):
            for v in {c["a"], c.get("b")} - {None}:
                self.touching.setdefault(v, []).append(i)
        self.place = place
        self.live = [True] * len(clues)
        # Arrangement a: how to rebuild it (("full", value -> place) or ("swap", base
        # arrangement or None for the answer, p, q, categories)), the clues it breaks, how
        # many of those are live.
        self.how, self.breaks, self.alive = [], [], []
        self.by_clue = [[] for _ in clues]
        # needed[clue]: an arrangement that breaks it alone; rotate: arrangements to rotate.
        self.needed = {}
        self.rotate_next = []

    def add(self, how, broken):
        a = len(self.how)
        self.how.append(how)
        self.breaks.append(broken)
        self.alive.append(sum(self.live[c] for c in broken))
        for c in broken:
            self.by_clue[c].append(a)
        self._check(a)

    def _check(self, a):
        if self.alive[a] == 1:
            c = next(c for c in self.breaks[a] if self.live[c])
            if c not in self.needed:
                self.needed[c] = a
                self.rotate_next.append(a)

    def add_full(self, other):
        self.add(("full", other), [i for i, t in enumerate(self.tests) if not t(other)])

    def dropped(self, c):
        self.live[c] = False
        for a in self.by_clue[c]:
            self.alive[a] -= 1
            self._check(a)

    def rebuild(self, a):
        how = self.how[a]
        if how[0] == "full":
            return how[1]
        _, base, p, q, cats = how
        place = dict(self.place if base is None else self.rebuild(base))
        rows = self.rows(place)
        for c in cats:
            place[rows[c][p]], place[rows[c][q]] = q, p
        return place

    def rows(self, place):
        rows = [[None] * self.n for _ in range(self.k)]
        for v, p in place.items():
            rows[self.category[v]][p] = v
        return rows

    def swaps(self, base, swap_sets, keep):
        """Every arrangement one swap (of the categories of a set in `swap_sets`) from
        arrangement `base` (None: the answer) that breaks at most `keep` live clues."""
        place = dict(self.place if base is None else self.rebuild(base))
        base_breaks = set() if base is None else set(self.breaks[base])
        rows = self.rows(place)
        for p in range(self.n):
            for q in range(p + 1, self.n):
                for cats in swap_sets:
                    moved = [v for c in cats for v in (rows[c][p], rows[c][q])]
                    for c in cats:
                        place[rows[c][p]], place[rows[c][q]] = q, p
                    touched = {i for v in moved for i in self.touching.get(v, ())}
                    broken = (base_breaks - touched) | {i for i in touched if not self.tests[i](place)}
                    for c in cats:
                        place[rows[c][p]], place[rows[c][q]] = p, q
                    if sum(self.live[i] for i in broken) <= keep:
                        self.add(("swap", base, p, q, cats), sorted(broken))

    def rotate(self):
        """Model rotation of every arrangement that showed a clue needed since last time."""
        singles = [[c] for c in range(self.k)] + [list(range(self.k))]
        while self.rotate_next:
            self.swaps(self.rotate_next.pop(), singles, 2)

    def check(self, kept):
        """Each clue kept is true of the answer and has an arrangement that breaks it and no
        other clue kept."""
        for c in kept:
            if not self.tests[c](self.place):
                sys.exit(f"clue {self.clues[c]}: false of the answer")
            other = self.rebuild(self.needed[c])
            if self.tests[c](other) or not all(self.tests[i](other) for i in kept if i != c):
                sys.exit(f"clue {self.clues[c]}: its witness does not show it needed")


def minimise(session, clues, others, rng, seed, categories, place, budget, verbose):
    """Deletion-based minimisation: each clue, in random order, is tried for removal and
    dropped when the answer stays unique; a trial is spared when `Witnesses` knows the clue
    needed. `session`: the drawing phase's incremental CaDiCaL, every clue behind its selector;
    a trial asks for an arrangement that breaks the clue and keeps the others live (its
    negation behind a selector of its own), searched from the known arrangement that breaks it
    and the fewest others. A trial gets `budget` conflicts first; one that spends them waits
    for the next round, with four times the budget (the last round none): trials' times are
    heavy-tailed, and meanwhile other trials' second answers may show the clue needed. Every
    verdict is exact, so every clue kept is needed (a second answer without it is one of any
    smaller set). `others`: the drawing phase's second answers. Returns the indices of the
    clues kept and the witnesses."""
    n = len(categories[0]["values"])
    k = len(categories)
    known = Witnesses(clues, categories, place, n)
    started = time.process_time()
    block_swaps = [[c for c in range(k) if mask >> c & 1] for mask in range(1, 1 << k)] if k <= 6 \
        else [[c] for c in range(k)] + [list(range(k))]
    known.swaps(None, block_swaps, 3)
    for other in others:
        known.add_full(other)
    trials, decided, solve_cpu = 0, 0, 0.0
    pending = rng.sample(range(len(clues)), len(clues))
    while pending:
        waiting = []
        for c in pending:
            known.rotate()
            if c in known.needed:
                session.settle(clues[c], True)
                decided += 1
                continue
            trials += 1
            before = time.process_time()
            near = known.by_clue[c]
            if near:
                session.prefer(known.rebuild(min(near, key=lambda a: known.alive[a])))
            rest = [clues[i] for i in range(len(clues)) if known.live[i] and i != c]
            found = session.needed(clues[c], rest, budget)
            solve_cpu += time.process_time() - before
            if verbose:
                verdict = {None: "over the budget", True: "a second answer", False: "unique"}[found]
                print(f"  trial {trials}, {clues[c]['kind']}: {verdict}, "
                      f"{time.process_time() - before:.2f} s CPU", file=sys.stderr, flush=True)
            if found is None:
                waiting.append(c)
                continue
            decided += 1
            session.settle(clues[c], found)
            if not found:
                known.dropped(c)
            else:
                known.add_full(session.other)
                if c not in known.needed:
                    sys.exit(f"seed {seed}: the second answer without {clues[c]} breaks another clue")
            if decided % 20 == 0:
                print(f"seed {seed}: {decided}/{len(clues)} decided, {trials} trials, "
                      f"{sum(known.live)} clues left, {time.process_time() - started:.0f} s CPU "
                      f"({solve_cpu:.0f} s solving)", file=sys.stderr, flush=True)
        pending = waiting
        if budget is not None:
            budget = budget * 4 if budget * 4 < 1_000_000 else None
    kept = [i for i in range(len(clues)) if known.live[i]]
    print(f"seed {seed}: {trials} trials of {len(clues)} clues, {time.process_time() - started:.0f} s CPU "
          f"({solve_cpu:.0f} s solving)", file=sys.stderr)
    return kept, known


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--categories", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--satpuz", metavar="BINARY", help="check the puzzle is unique with satpuz too")
    ap.add_argument("--budget", type=int, default=BUDGET,
                    help="conflicts of a trial's first round (0: none, every trial decided at once)")
    ap.add_argument("--verbose", action="store_true", help="each trial's verdict and CPU time")
    args = ap.parse_args()
    n, k = args.positions, args.categories
    rng = random.Random(args.seed)
    categories, where, place = arrangement(rng, n, k)
    session = Session(categories, place, n)
    clues, seen, others = [], set(), []
    while not session.unique(clues):
        others.append(session.other)
        clue = refuting_clue(rng, session.other, place, where, n, k, seen)
        seen.add(key(clue))
        session.add(clue)
        clues.append(clue)
    print(f"seed {args.seed}: {len(clues)} clues refuting, minimising", file=sys.stderr)
    kept, known = minimise(session, clues, others, rng, args.seed, categories, place, args.budget or None,
                           args.verbose)
    session.close()
    # The checks, by other routes than the trials: a witness per clue; a fresh CaDiCaL (PySAT,
    # as grid_compare.py counts, no selectors) finds one answer.
    known.check(kept)
    clues = [clues[i] for i in kept]
    name = f"refuted logic grid ({n} positions, {k} categories, seed {args.seed})"
    source = f"benches/grid_refute.py --positions {n} --categories {k} --seed {args.seed}"
    if args.budget != BUDGET:
        source += f" --budget {args.budget}"
    source += f" (generator {GENERATOR})"
    puzzle = puzzle_file(name, source, n, categories, clues)
    if pysat_count(puzzle, 2) != 1:
        sys.exit(f"seed {args.seed}: CaDiCaL (PySAT) finds more than one answer")
    if args.satpuz and satpuz_count(args.satpuz, puzzle) != 1:
        sys.exit(f"seed {args.seed}: satpuz finds more than one answer")
    counts = {kd: sum(c["kind"] == kd for c in clues) for kd, _ in KINDS}
    print(f"seed {args.seed}: {len(clues)} clues {counts}, each needed, unique", file=sys.stderr)
    json.dump(puzzle, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
