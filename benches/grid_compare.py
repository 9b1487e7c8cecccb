#!/usr/bin/env python3
"""Count the solutions of satpuz grid-puzzle files with PySAT and OR-tools CP-SAT, and with satpuz
when given its binary: the side-by-side comparison of docs/performance.md (benches/compare.sh
runs it on the table's files).

  pip install python-sat ortools
  python3 benches/grid_compare.py --satpuz target/release/satpuz benches/grid/*.json

PySAT: one-hot position variables, exactly-one per value and per (category, position) with
sequential-counter AMO, the support encoding for each clue, CaDiCaL 1.5.3, blocking clauses on
the position variables. CP-SAT (one worker): an integer position per value, AddAllDifferent per category,
each clue a table constraint (inside `either`, reified both ways so that no
solution is counted twice), all solutions enumerated. satpuz: `satpuz count FILE --all --json`,
whose `time_ms` is the count's own time from the parsed file, as for the other two.
Each count is timed from the parsed file to the last solution (median of --runs runs); the
three counts must agree, or the script stops with an error.

`--shuffle SEED` (repeatable; `own` for the file's order) counts each file with its `clues` list
shuffled by Python's random.Random(SEED), every tool seeing the same order (satpuz a copy of the
file in a temporary folder): varisat's time on a fully minimal grid moves with the clue order
(docs/performance.md), so a lever is judged on several orders of each file.

`--against BINARY` times that satpuz in place of the peers (each file and order counted by
`--satpuz`, then by BINARY; the counts must agree) and ends with each binary's slowest order
per file and the sum of those: how a varisat lever is judged (docs/performance.md).
"""

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def holds(kind, p, q, k):
    return {
        "same": lambda: p == q,
        "left_of": lambda: p + 1 == q,
        "right_of": lambda: p == q + 1,
        "somewhere_left_of": lambda: p < q,
        "somewhere_right_of": lambda: p > q,
        "next_to": lambda: abs(p - q) == 1,
        "distance": lambda: abs(p - q) == k,
        "left_by": lambda: q - p == k,
        "right_by": lambda: p - q == k,
    }[kind]()


def unary_allowed(clue, n):
    kind = clue["kind"]
    if kind == "at":
        allowed = {clue["position"] - 1}
    elif kind == "one_of":
        allowed = {p - 1 for p in clue["positions"]}
    else:  # at_end
        allowed = {0, n - 1}
    if clue.get("not"):
        allowed = set(range(n)) - allowed
    return allowed


def pairs_allowed(clue, n):
    k = clue.get("k", 0)
    neg = clue.get("not", False)
    return [(p, q) for p in range(n) for q in range(n) if holds(clue["kind"], p, q, k) != neg]


def clue_clauses(clue, x, n, pool):
    """A clue's CNF over the position literals x[value][p] (PySAT ids from `pool`, which also
    names an either-clue's guards); shared with benches/ocus.py."""
    if clue["kind"] == "either":
        if clue.get("not"):
            out = []
            for part in clue["either"]:
                out += clue_clauses(dict(part, **{"not": not part.get("not", False)}), x, n, pool)
            return out
        guards, out = [], []
        for part in clue["either"]:
            g = pool.id(("guard", id(part)))
            guards.append(g)
            out += [c + [-g] for c in clue_clauses(part, x, n, pool)]
        return out + [guards]
    if clue["kind"] in ("at", "one_of", "at_end"):
        named = {"first": 1, "last": n, "middle": (n + 1) // 2}
        clue = dict(clue)
        if "position" in clue:
            clue["position"] = named.get(clue["position"], clue["position"])
        if "positions" in clue:
            clue["positions"] = [named.get(q, q) for q in clue["positions"]]
        return [[x[clue["a"]][p] for p in sorted(unary_allowed(clue, n))]]
    pairs = set(pairs_allowed(clue, n))
    a, b = x[clue["a"]], x[clue["b"]]
    out = []
    for p in range(n):
        out.append([-a[p]] + [b[q] for q in range(n) if (p, q) in pairs])
        out.append([-b[p]] + [a[q] for q in range(n) if (q, p) in pairs])
    return out


def pysat_count(puzzle, limit):
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    n = puzzle["positions"]["count"]
    pool = IDPool()
    x = {}
    values = []
    for cat in puzzle["categories"]:
        for v in cat["values"]:
            values.append(v)
            x[v] = [pool.id(("x", v, p)) for p in range(n)]
    clauses = []

    def exactly_one(lits):
        clauses.append(list(lits))
        clauses.extend(CardEnc.atmost(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    for v in values:
        exactly_one(x[v])
    for cat in puzzle["categories"]:
        for p in range(n):
            exactly_one([x[v][p] for v in cat["values"]])

    for clue in puzzle["clues"]:
        clauses += clue_clauses(clue, x, n, pool)
    primary = [lit for v in values for lit in x[v]]
    found = 0
    with Solver(name="cadical153", bootstrap_with=clauses) as s:
        while found < limit and s.solve():
            model = s.get_model()
            found += 1
            s.add_clause([-lit for lit in primary if model[lit - 1] > 0])
    return found


def cpsat_count(puzzle, limit):
    from ortools.sat.python import cp_model

    n = puzzle["positions"]["count"]
    m = cp_model.CpModel()
    pos = {}
    for cat in puzzle["categories"]:
        for v in cat["values"]:
            pos[v] = m.NewIntVar(0, n - 1, v)
        m.AddAllDifferent([pos[v] for v in cat["values"]])

    def reified(clue):
        """A literal equivalent to the clue: enumeration counts assignments of every variable, so
        a guard must be determined by the positions or solutions would be counted twice."""
        g = m.NewBoolVar("g")
        if clue["kind"] == "either":
            parts = [reified(part) for part in clue["either"]]
            holds_ = m.NewBoolVar("any")
            m.AddBoolOr(parts).OnlyEnforceIf(holds_)
            m.AddBoolAnd([x.Not() for x in parts]).OnlyEnforceIf(holds_.Not())
            m.Add(g == (holds_.Not() if clue.get("not") else holds_))
            return g
        if clue["kind"] in ("at", "one_of", "at_end"):
            allowed = sorted(unary_allowed(clue, n))
            banned = sorted(set(range(n)) - set(allowed))
            vars_ = [pos[clue["a"]]]
            ok, ko = [(p,) for p in allowed], [(p,) for p in banned]
        else:
            allowed = set(pairs_allowed(clue, n))
            vars_ = [pos[clue["a"]], pos[clue["b"]]]
            ok = sorted(allowed)
            ko = [(p, q) for p in range(n) for q in range(n) if (p, q) not in allowed]
        m.AddAllowedAssignments(vars_, ok).OnlyEnforceIf(g)
        m.AddAllowedAssignments(vars_, ko).OnlyEnforceIf(g.Not())
        return g

    def add(clue):
        if clue["kind"] == "either":
            m.AddBoolOr([reified(clue)])
        elif clue["kind"] in ("at", "one_of", "at_end"):
            m.AddAllowedAssignments([pos[clue["a"]]], [(p,) for p in sorted(unary_allowed(clue, n))])
        else:
            m.AddAllowedAssignments([pos[clue["a"]], pos[clue["b"]]], pairs_allowed(clue, n))

    for clue in puzzle["clues"]:
        add(clue)

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = 0

        def on_solution_callback(self):
            self.found += 1
            if self.found >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = Counter()
    solver.Solve(m, counter)
    return counter.found


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def satpuz_count(binary, cpu):
    def count(path, limit):
        before = children_cpu()
        out = subprocess.run(
            [binary, "count", path, "--limit", str(limit), "--json", "-q"],
            capture_output=True, text=True, check=False,
        )
        if out.returncode not in (0, 3):
            sys.exit(f"satpuz count {path}: exit {out.returncode}: {out.stderr}")
        report = json.loads(out.stdout)
        if cpu:
            # The whole process: its start and the file's parsing are a few ms.
            return report["solutions"], (children_cpu() - before) * 1e3
        return report["solutions"], report["time_ms"]

    return count


def timed(fn, puzzle, limit, cpu):
    """Solutions and milliseconds (wall clock, or this process's CPU time) of one in-process
    count."""
    clock = time.process_time if cpu else time.perf_counter
    t = clock()
    found = fn(puzzle, limit)
    return found, (clock() - t) * 1e3


def shuffled(puzzle, seed):
    """The puzzle with its clues in the order random.Random(seed).shuffle gives (`own`: as is)."""
    if seed == "own":
        return puzzle
    clues = list(puzzle["clues"])
    random.Random(int(seed)).shuffle(clues)
    return dict(puzzle, clues=clues)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit", type=int, default=100000)
    ap.add_argument("--satpuz", metavar="BINARY", help="also time `BINARY count FILE --all`")
    ap.add_argument("--cpu", action="store_true",
                    help="time CPU (user + system) rather than the wall clock: steadier on a busy "
                         "machine; satpuz's is its whole process")
    ap.add_argument("--markdown", action="store_true", help="one table row per file")
    ap.add_argument("--worst", action="store_true",
                    help="then, per family (the file's folder) and size, satpuz's worst ratio to the "
                         "better peer (needs --satpuz)")
    ap.add_argument("--against", metavar="BINARY",
                    help="time this satpuz instead of the peers (needs --satpuz), then each "
                         "binary's slowest order per file")
    ap.add_argument("--shuffle", metavar="SEED", action="append",
                    help="count each file with its clues shuffled by random.Random(SEED) (`own`: the "
                         "file's order); repeatable, one row per file and order")
    args = ap.parse_args()
    orders = args.shuffle or ["own"]
    scratch = tempfile.TemporaryDirectory(prefix="grid_compare-")
    tools = [("pysat", lambda f, p: timed(pysat_count, p, args.limit, args.cpu)),
             ("cp-sat", lambda f, p: timed(cpsat_count, p, args.limit, args.cpu))]
    if args.against:
        against = satpuz_count(args.against, args.cpu)
        tools = [("against", lambda f, p: against(f, args.limit))]
    if args.satpuz:
        count = satpuz_count(args.satpuz, args.cpu)
        tools.insert(0, ("satpuz", lambda f, p: count(f, args.limit)))
    if args.markdown:
        names = " | ".join(f"{name} ms" for name, _ in tools)
        ratio = " satpuz ahead |" if args.satpuz else ""
        print(f"| file | solutions | {names} |{ratio}")
        print("|---|---:|" + "---:|" * (len(tools) + bool(args.satpuz)))
    else:
        print(f"{'file':40} {'tool':8} {'solutions':>9} {'median ms':>10}")
    worst = {}
    slowest = {}  # (file, tool): its slowest order's median
    for f, order in [(f, order) for f in args.files for order in orders]:
        puzzle = shuffled(json.load(open(f)), order)
        path, label = f, f
        if order != "own":
            label = f"{f}@{order}"
            path = os.path.join(scratch.name, f"{order}-" + os.path.basename(f))
            with open(path, "w") as out:
                json.dump(puzzle, out)
        medians, counts = [], set()
        for name, fn in tools:
            times = []
            for _ in range(args.runs):
                found, ms = fn(path, puzzle)
                counts.add(found)
                times.append(ms)
            medians.append(statistics.median(times))
            slowest[(f, name)] = max(slowest.get((f, name), 0.0), medians[-1])
            if not args.markdown:
                print(f"{label:40} {name:8} {found:>9} {medians[-1]:>10.1f}", flush=True)
        if len(counts) != 1:
            sys.exit(f"{label}: the tools disagree on the count: {sorted(counts)}")
        ratio = min(medians[1:]) / medians[0] if args.satpuz else None
        if ratio is not None:
            group = (os.path.basename(os.path.dirname(os.path.abspath(f))), puzzle["positions"]["count"])
            if ratio < worst.get(group, (float("inf"), ""))[0]:
                worst[group] = (ratio, label)
        if args.markdown:
            cells = " | ".join(f"{m:.1f}" if m < 100 else f"{m:.0f}" for m in medians)
            tail = f" {ratio:.1f}x |" if ratio is not None else ""
            print(f"| {label} | {counts.pop()} | {cells} |{tail}", flush=True)
    if args.against:
        print()
        print(f"| file | slowest order, {args.satpuz} ms | slowest order, {args.against} ms |")
        print("|---|---:|---:|")
        for f in args.files:
            print(f"| {f} | {slowest[(f, 'satpuz')]:.0f} | {slowest[(f, 'against')]:.0f} |")
        sums = [sum(slowest[(f, name)] for f in args.files) for name in ("satpuz", "against")]
        print(f"| sum | {sums[0]:.0f} | {sums[1]:.0f} |", flush=True)
    if args.worst and worst:
        print()
        print("| family | positions | files | satpuz ahead of the better peer, worst | worst file |")
        print("|---|---:|---:|---:|---|")
        for (family, n), (ratio, f) in sorted(worst.items()):
            files = sum(1 for g in args.files
                        if os.path.basename(os.path.dirname(os.path.abspath(g))) == family
                        and json.load(open(g))["positions"]["count"] == n)
            print(f"| {family} | {n} | {files} | {ratio:.1f}x | {os.path.basename(f)} |", flush=True)


if __name__ == "__main__":
    main()
