#!/usr/bin/env python3
"""Step-wise explanations by OCUS (Bogaerts, Gamba and Guns: each step a cost-optimal unsatisfiable
subset under "exactly one unknown fact negated"), reimplemented with PySAT, beside `satpuz explain`
on the same grid-puzzle files: the side-by-side table of docs/explain.md.

  pip install python-sat
  python3 benches/ocus.py --satpuz target/release/satpuz --budget 300 encodings/zebra.json ...

Facts are satpuz's: "value v is (not) at position p". Hard: each value at exactly one position
and each position holds exactly one value of a category. Soft, cost 1 each: every clue (behind a
selector) and every fact known so far; the unknown facts' negations cost 0, exactly one chosen.
Each step: the implicit hitting-set loop (RC2 proposes the cheapest hitting set of the correction
sets found, CaDiCaL checks it; a satisfiable proposal's model, grown over the clues one at a time,
gives a correction set), then every unknown fact the step's clues and facts force is known. The
whole run stops at --budget seconds of processor time per puzzle (the row then says how many
steps it reached). satpuz: `explain --json`, its steps' clue counts and its processor time.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from grid_compare import clue_clauses  # noqa: E402


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Grid:
    """The puzzle's CNF: position literals x[v][p], hard structure, each clue behind a selector."""

    def __init__(self, puzzle):
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool

        self.n = n = puzzle["positions"]["count"]
        self.pool = pool = IDPool()
        self.values = [v for cat in puzzle["categories"] for v in cat["values"]]
        self.x = {v: [pool.id(("x", v, p)) for p in range(n)] for v in self.values}
        self.hard = []
        groups = [self.x[v] for v in self.values]
        for cat in puzzle["categories"]:
            groups += [[self.x[v][p] for v in cat["values"]] for p in range(n)]
        for lits in groups:
            self.hard.append(list(lits))
            self.hard += CardEnc.atmost(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses
        self.selectors = []
        for i, clue in enumerate(puzzle["clues"]):
            s = pool.id(("clue", i))
            self.selectors.append(s)
            self.hard += [c + [-s] for c in clue_clauses(clue, self.x, n, pool)]


def explain(puzzle, budget):
    """OCUS steps until every value is placed or `budget` CPU seconds pass: (steps, clues per
    step, finished)."""
    from pysat.card import CardEnc, EncType
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF
    from pysat.solvers import Solver

    start = cpu()
    g = Grid(puzzle)
    sat = Solver(name="cadical153", bootstrap_with=g.hard)
    sels = g.selectors
    assert sat.solve(assumptions=sels)
    model = set(l for l in sat.get_model() if l > 0)
    answer = {(v, p): g.x[v][p] in model for v in g.values for p in range(g.n)}
    # A fact: (v, p, holds) true in the answer; its literal.
    facts = [(v, p, answer[(v, p)]) for v in g.values for p in range(g.n)]
    lit = {f: (g.x[f[0]][f[1]] if f[2] else -g.x[f[0]][f[1]]) for f in facts}
    known = set()
    sizes = []
    while len(known) < len(facts):
        if cpu() - start > budget:
            return len(sizes), sizes, False
        unknown = [f for f in facts if f not in known]
        kn = sorted(known)
        # Soft items: clues, then known facts, then unknown facts' negations.
        items = [("c", s) for s in sels] + [("k", lit[f]) for f in kn] + [("n", -lit[f]) for f in unknown]
        item_lit = [l for _, l in items]
        pool_top = max(max(abs(l) for l in item_lit), g.pool.top) + 1
        # Indicator variable per item for the hitting-set side.
        ind = list(range(pool_top, pool_top + len(items)))
        w = WCNF()
        negs = [ind[i] for i, (k, _) in enumerate(items) if k == "n"]
        w.append(negs)
        for c in CardEnc.atmost(lits=negs, bound=1, top_id=pool_top + len(items), encoding=EncType.seqcounter).clauses:
            w.append(c)
        for i, (k, _) in enumerate(items):
            if k != "n":
                w.append([-ind[i]], weight=1)
        hs = RC2(w)
        while True:
            if cpu() - start > budget:
                hs.delete()
                return len(sizes), sizes, False
            m = hs.compute()
            chosen = [i for i in range(len(items)) if m[ind[i] - 1] > 0]
            assumptions = [item_lit[i] for i in chosen]
            if not sat.solve(assumptions=assumptions):
                break
            # Grow over the clues one at a time: the clues a model can meet with the rest.
            sat_model = set(sat.get_model())
            met = set(i for i in range(len(items)) if item_lit[i] in sat_model)
            for i in range(len(items)):
                if i in met or items[i][0] != "c":
                    continue
                trial = [item_lit[j] for j in met] + [item_lit[i]]
                if sat.solve(assumptions=trial):
                    sat_model = set(sat.get_model())
                    met = set(j for j in range(len(items)) if item_lit[j] in sat_model)
            hs.add_clause([ind[i] for i in range(len(items)) if i not in met])
        hs.delete()
        used = [item_lit[i] for i in chosen if items[i][0] != "n"]
        sizes.append(sum(1 for i in chosen if items[i][0] == "c"))
        # Every unknown fact the step's clues and facts force.
        for f in unknown:
            if not sat.solve(assumptions=used + [-lit[f]]):
                known.add(f)
        # What the structure alone then gives is known too (no step).
        for f in facts:
            if f not in known and not sat.solve(assumptions=[lit[k] for k in sorted(known)] + [-lit[f]]):
                known.add(f)
    return len(sizes), sizes, True


def satpuz_row(binary, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([binary, "explain", path, "--json"], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = json.loads(out.stdout)
    sizes = [len(s["clues"]) for s in r["steps"]]
    optimal = sum(1 for s in r["steps"] if s["optimal"])
    t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return len(sizes), sizes, t, optimal


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzles", nargs="+", help="grid-puzzle files (satpuz's JSON)")
    ap.add_argument("--satpuz", help="the satpuz binary, for its column")
    ap.add_argument("--budget", type=float, default=300, help="CPU seconds for OCUS per puzzle")
    args = ap.parse_args()
    print("| puzzle | satpuz steps / largest / mean clues / proved optimal / CPU (per step) "
          "| OCUS steps / largest / mean clues / CPU (per step) |")
    print("|---|---|---|")
    for path in args.puzzles:
        puzzle = json.load(open(path))
        cells = [os.path.basename(path)]
        if args.satpuz:
            n, sizes, t, optimal = satpuz_row(args.satpuz, path)
            cells.append(f"{n} / {max(sizes)} / {sum(sizes) / n:.2f} / {optimal} / {t:.2f} s ({1000 * t / n:.1f} ms)")
        t0 = cpu()
        n, sizes, done = explain(puzzle, args.budget)
        t = cpu() - t0
        if n:
            row = f"{n} / {max(sizes)} / {sum(sizes) / n:.2f} / {t:.1f} s ({t / n:.2f} s)"
        else:
            row = f"0 / - / - / {t:.1f} s"
        cells.append(row if done else f"unfinished: {row}")
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
