"""What the two Python grid generators share (`grid_refute.py`, `grid_batch.py`): a random
arrangement, the puzzle file around it, clues judged true or false of an arrangement, and an
incremental PySAT (CaDiCaL) session with one selector literal per clue, so that a generator asks
"is the answer unique with these clues?" under assumptions without rebuilding the formula.

The clauses are those of `grid_compare.py`'s PySAT model (one-hot positions, exactly-one per
value and per place, the support encoding of each clue), each clue's behind its selector.
Determinism: the same seed gives the same puzzle with the same PySAT build (CaDiCaL is
deterministic; the generators draw from `random.Random(seed)` only).
"""

import json
import subprocess

from grid_compare import holds, pairs_allowed, unary_allowed

NAMES = ["person", "colour", "pet", "drink", "hobby", "food", "car", "city"]


def arrangement(rng, n, k):
    """The puzzle skeleton and a random answer: `where[c][p]` is the value at place p of
    category c, `place[v]` the 0-based place of value v."""
    names = [NAMES[c] if c < len(NAMES) else f"category{c + 1}" for c in range(k)]
    values = [[f"{names[c]}{i + 1}" for i in range(n)] for c in range(k)]
    where = [rng.sample(vs, n) for vs in values]
    place = {v: p for row in where for p, v in enumerate(row)}
    categories = [{"name": names[c], "values": values[c]} for c in range(k)]
    return categories, where, place


def puzzle_file(name, source, n, categories, clues):
    return {
        "name": name,
        "source": source,
        "positions": {"count": n, "noun": "position"},
        "categories": categories,
        "clues": clues,
    }


def clue_holds(clue, place, n):
    """Is the clue true of the arrangement `place` (value -> 0-based place)?"""
    if clue["kind"] in ("at", "one_of", "at_end"):
        return place[clue["a"]] in unary_allowed(clue, n)
    ok = holds(clue["kind"], place[clue["a"]], place[clue["b"]], clue.get("k", 0))
    return ok != clue.get("not", False)


def key(clue):
    return json.dumps(clue, sort_keys=True)


class Session:
    """One CaDiCaL instance holding the grid's rules, the answer blocked, and every clue added
    so far behind its own selector: `unique(active)` is UNSAT under the active selectors, i.e.
    no second answer; otherwise the second answer is `self.other` (value -> place)."""

    def __init__(self, categories, place, n):
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        self.n = n
        self.pool = IDPool()
        self.x = {}
        values = [v for cat in categories for v in cat["values"]]
        for v in values:
            self.x[v] = [self.pool.id(("x", v, p)) for p in range(n)]
        self.solver = Solver(name="cadical195")

        def exactly_one(lits):
            self.solver.add_clause(list(lits))
            amo = CardEnc.atmost(lits=lits, bound=1, vpool=self.pool, encoding=EncType.seqcounter)
            for c in amo.clauses:
                self.solver.add_clause(c)

        for v in values:
            exactly_one(self.x[v])
        for cat in categories:
            for p in range(n):
                exactly_one([self.x[v][p] for v in cat["values"]])
        # The answer itself is excluded: any model is a second answer.
        self.solver.add_clause([-self.x[v][place[v]] for v in values])
        self.selector = {}
        self.other = None
        self.asked = 0

    def add(self, clue):
        """Add a clue behind a fresh selector; returns the selector."""
        s = self.pool.id(("sel", key(clue)))
        self.selector[key(clue)] = s
        self._guarded(s, clue, False)
        return s

    def _guarded(self, s, clue, negated):
        """The clue's support clauses (of its negation when `negated`), each behind `s`."""
        n, x = self.n, self.x
        if clue["kind"] in ("at", "one_of", "at_end"):
            allowed = unary_allowed(clue, n)
            if negated:
                allowed = set(range(n)) - allowed
            self.solver.add_clause([-s] + [x[clue["a"]][p] for p in sorted(allowed)])
            return
        pairs = set(pairs_allowed(clue, n))
        a, b = x[clue["a"]], x[clue["b"]]
        for p in range(n):
            self.solver.add_clause([-s, -a[p]] + [b[q] for q in range(n) if ((p, q) in pairs) != negated])
            self.solver.add_clause([-s, -b[p]] + [a[q] for q in range(n) if ((q, p) in pairs) != negated])

    def prefer(self, other):
        """Start the search's phases at the arrangement `other` (value -> place): a trial's
        second answer is found several times sooner from an arrangement that breaks few clues
        than from the solver's own phases."""
        self.solver.set_phases([lits[p] if p == other[v] else -lits[p] for v, lits in self.x.items()
                                for p in range(self.n)])

    def needed(self, clue, clues, budget=None):
        """Is `clue` needed beside `clues` (all added before, the answer unique with both)?
        Asked as "does some arrangement break `clue` and keep `clues`", the clue's negation
        behind a selector of its own: exactly the second answers without it, since the answer
        keeps it and no second answer keeps them all. The negation prunes the search, where
        merely leaving the clue out lets the solver roam over arrangements that keep it. The
        negation is switched off for good after the call. A second answer goes to `self.other`;
        None when the search spent its `budget` of conflicts."""
        t = self.pool.id(("not", self.asked))
        self.asked += 1
        self._guarded(t, clue, True)
        unique = self.unique(clues, budget, extra=[t])
        self.solver.add_clause([-t])
        return None if unique is None else not unique

    def settle(self, clue, kept):
        """Fix a clue's selector for good (a unit clause): on when the clue stays in the
        puzzle, off when it goes. The solver keeps what it learnt."""
        s = self.selector[key(clue)]
        self.solver.add_clause([s if kept else -s])

    def unique(self, clues, budget=None, extra=()):
        """Do these clues (all added before) leave the answer alone? None when the search
        spent its `budget` of conflicts undecided. `extra`: more literals to assume."""
        assumptions = [self.selector[key(c)] for c in clues] + list(extra)
        if budget is None:
            found = self.solver.solve(assumptions=assumptions)
        else:
            self.solver.conf_budget(budget)
            found = self.solver.solve_limited(assumptions=assumptions)
            if found is None:
                return None
        if found:
            model = set(lit for lit in self.solver.get_model() if lit > 0)
            self.other = {v: next(p for p in range(self.n) if lits[p] in model) for v, lits in self.x.items()}
            return False
        self.other = None
        return True

    def close(self):
        self.solver.delete()


def satpuz_count(binary, puzzle, limit=2):
    """Answers of the puzzle counted by satpuz, up to `limit`."""
    out = subprocess.run(
        [binary, "count", "-", "--limit", str(limit), "--json", "-q"],
        input=json.dumps(puzzle), capture_output=True, text=True, check=False,
    )
    if out.returncode not in (0, 3):
        raise SystemExit(f"satpuz count: exit {out.returncode}: {out.stderr}")
    return json.loads(out.stdout)["solutions"]
