#!/usr/bin/env python3
"""satpuz `count --method ...`, Ganak (pyganak) and clingo counting the same DIMACS files.

Each tool runs in a process of its own, timed in CPU seconds (user + system of the child) with
a wall-clock limit; the exact counts must agree (a disagreement stops the script). Setup, once:
`pip install pyganak clingo` (into the Python that runs this script). A tool that is missing is
left out of the table, said so.

    benches/count_compare.py                     the standard files (made in --dir)
    benches/count_compare.py FILE.cnf...         any DIMACS files

clingo reads a file with no projection as DIMACS (`--mode=clasp`); a projected one (`c p show`
or `c ind`) is turned into an ASP program (a choice per variable, a constraint per clause,
`#show` on the projected ones) and counted with `--project`.
"""

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile

GANAK = r"""
import sys, pyganak
counter = pyganak.Counter()
show = []
for line in open(sys.argv[1]):
    words = line.split()
    if not words:
        continue
    if words[0] == "c" and (words[1:3] == ["p", "show"] or words[1:2] == ["ind"]):
        show += [int(w) for w in words[3 if words[1] == "p" else 2:] if w != "0"]
    elif words[0] == "p":
        counter.new_vars(int(words[2]))
    elif words[0] not in ("c", "%"):
        lits = [int(w) for w in words]
        counter.add_clause(lits[:-1])
if show:
    counter.set_sampling_set(show)
print(counter.count())
"""


def dimacs(path):
    """(variables, clauses, projection or None) of a DIMACS file."""
    show, clauses, num_vars = [], [], 0
    current = []
    for line in open(path):
        words = line.split()
        if not words:
            continue
        if words[0] == "c":
            if words[1:3] == ["p", "show"]:
                show += [int(w) for w in words[3:] if w != "0"]
            elif words[1:2] == ["ind"]:
                show += [int(w) for w in words[2:] if w != "0"]
            continue
        if words[0] == "p":
            num_vars = int(words[2])
            continue
        if words[0] == "%":
            break
        for w in words:
            lit = int(w)
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
    return num_vars, clauses, (show or None)


def timed(cmd, limit):
    """(stdout, cpu seconds, timed out) of running cmd."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit).stdout
        over = False
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        over = True
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu, over


def satpuz(binary, method, limit):
    def run(path):
        out, cpu, over = timed(
            [binary, "count", path, "--all", "--json", "--method", method, "-j", "1",
             "--timeout", str(limit)], limit + 10)
        m = re.search(r'"solutions_decimal": "(\d+)"', out)
        done = m and '"complete": true' in out
        return (int(m.group(1)) if done else None), cpu, over or not done
    return run


def ganak(limit):
    def run(path):
        out, cpu, over = timed([sys.executable, "-c", GANAK, path], limit)
        return (int(out.split()[-1]) if out.strip() and not over else None), cpu, over
    return run


def clingo(limit):
    def run(path):
        num_vars, clauses, show = dimacs(path)
        with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as lp:
            if show is None:
                program, args = path, ["--mode=clasp"]
            else:
                lp.write(f"{{x(1..{num_vars})}}.\n")
                for clause in clauses:
                    body = [f"not x({l})" if l > 0 else f"x({-l})" for l in clause]
                    lp.write(":- " + ", ".join(body) + ".\n" if body else ":- .\n")
                lp.write("#show.\n" + "".join(f"#show x({v}) : x({v}).\n" for v in show))
                program, args = lp.name, ["--project"]
        out, cpu, over = timed(
            [sys.executable, "-m", "clingo", program, "-n", "0", "-q", *args], limit)
        os.unlink(lp.name)
        m = re.search(r"Models\s*:\s*(\d+)", out)
        exact = m and not over and "+" not in out.split("Models")[1].split("\n")[0]
        return (int(m.group(1)) if exact else None), cpu, over
    return run


def random_3sat(path, num_vars, num_clauses, seed, show=None):
    rng = random.Random(seed)
    with open(path, "w") as f:
        if show:
            f.write("c p show " + " ".join(map(str, range(1, show + 1))) + " 0\n")
        f.write(f"p cnf {num_vars} {num_clauses}\n")
        for _ in range(num_clauses):
            lits = [rng.randint(1, num_vars) * rng.choice((1, -1)) for _ in range(3)]
            f.write(" ".join(map(str, lits)) + " 0\n")


def grid(binary, directory, positions, categories, seed, drop):
    name = os.path.join(directory, f"grid-{positions}x{categories}-s{seed}-d{drop}")
    subprocess.run([binary, "generate", "grid", "--positions", str(positions), "--categories",
                    str(categories), "--seed", str(seed), "--drop", str(drop), "--json",
                    "-o", name + ".json", "--force"], check=True, capture_output=True)
    subprocess.run([binary, "encode", name + ".json", "--dimacs", name + ".cnf", "--force"],
                   check=True, capture_output=True)
    return name + ".cnf"


def standard_files(binary, directory):
    files = []
    for num_vars, num_clauses, show, seed in [(50, 150, None, 1), (60, 150, 30, 1),
                                              (75, 150, None, 1)]:
        path = os.path.join(directory, f"random-{num_vars}-{num_clauses}"
                            f"{'-show' + str(show) if show else ''}-s{seed}.cnf")
        random_3sat(path, num_vars, num_clauses, seed, show)
        files.append(path)
    for spec in [(5, 4, 1, 3), (10, 5, 1, 3), (10, 5, 1, 5), (20, 5, 1, 4)]:
        files.append(grid(binary, directory, *spec))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--satpuz", default="target/release/satpuz")
    parser.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "satpuz-count"))
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--methods", default="auto,enumerate,components,blocking")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    files = args.files or standard_files(args.satpuz, args.dir)
    tools = [(f"satpuz {m}", satpuz(args.satpuz, m, args.timeout))
             for m in args.methods.split(",")]
    for name, module, make in [("Ganak", "pyganak", ganak), ("clingo", "clingo", clingo)]:
        try:
            __import__(module)
            tools.append((name, make(args.timeout)))
        except ImportError:
            print(f"{name}: not installed (pip install {module}); left out", file=sys.stderr)
    print("| file | models | " + " | ".join(t for t, _ in tools) + " |")
    print("|---|---|" + "---|" * len(tools))
    for path in files:
        counts, cells = set(), []
        for _, run in tools:
            count, cpu, over = run(path)
            if count is not None:
                counts.add(count)
            cells.append(f"timeout ({args.timeout:.0f} s)" if over else f"{cpu:.2f} s")
        if len(counts) > 1:
            sys.exit(f"{path}: the counts disagree: {sorted(counts)}")
        models = f"{counts.pop():,}" if counts else "?"
        print(f"| {os.path.basename(path)} | {models} | " + " | ".join(cells) + " |",
              flush=True)


if __name__ == "__main__":
    main()
