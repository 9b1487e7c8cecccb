#!/usr/bin/env bash
# What makes Hooks #4's CPU time swing: the same CNF given to varisat in other orders.
#
#   benches/hooks_order.sh [--puzzle hooks4] [--seeds 5] [--bin target/release/satpuz]
#
# Exports the puzzle's CNF once (`satpuz encode`, lazy connectivity: the cuts a solve needed are
# in it, none for #4), then writes it again renamed or reordered and times `satpuz solve FILE`
# (the first model, user + sys CPU of the whole process) for each:
#   built      the clauses as the encoder emits them
#   reversed   the clauses in reverse order
#   by-length  sorted by length, shortest first (stable: ties keep the emitted order)
#   renamed    every variable renumbered at random (the clause order kept)
#   flipped    a random half of the variables negated (varisat's first phase is "false")
#   long-shuf  the clauses of 3 literals or more shuffled among their own places
#   win-1000   the clauses shuffled within consecutive windows of 1,000
#   shuffled   every clause shuffled
# The random ones with --seeds seeds each (1, 2, ...); the fixed ones as many times, so each
# line has as many runs. Prints each run and per order the median and the range.
set -euo pipefail

puzzle=hooks4
seeds=5
bin=target/release/satpuz
while [ $# -gt 0 ]; do
    case "$1" in
        --puzzle) puzzle=$2; shift 2 ;;
        --seeds) seeds=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "hooks_order.sh: unknown argument '$1' (--puzzle NAME, --seeds N, --bin PATH)" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "hooks_order.sh: no satpuz binary at '$bin' (cargo build --release)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "hooks_order.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "hooks_order.sh: needs python3" >&2; exit 2; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" encode "$puzzle" --dimacs "$dir/built.cnf" >/dev/null
echo "/proc/loadavg $(cat /proc/loadavg 2>/dev/null || echo unknown); $puzzle, $seeds runs per order"

# Writes ORDER's CNF for SEED to OUT (comments dropped: a renamed file's names would lie).
reorder() {
    python3 - "$dir/built.cnf" "$1" "$2" "$3" <<'EOF'
import random, sys
src, order, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
nvars, clauses, cur = 0, [], []
for line in open(src):
    if line.startswith(("c", "%")) or not line.strip():
        continue
    if line.startswith("p"):
        nvars = int(line.split()[2])
        continue
    for tok in line.split():
        lit = int(tok)
        if lit == 0:
            clauses.append(cur)
            cur = []
        else:
            cur.append(lit)
if order == "reversed":
    clauses.reverse()
elif order == "by-length":
    clauses.sort(key=len)
elif order == "renamed":
    perm = list(range(1, nvars + 1))
    rng.shuffle(perm)
    clauses = [[perm[abs(l) - 1] * (1 if l > 0 else -1) for l in c] for c in clauses]
elif order == "flipped":
    flip = [rng.random() < 0.5 for _ in range(nvars)]
    clauses = [[-l if flip[abs(l) - 1] else l for l in c] for c in clauses]
elif order == "long-shuf":
    places = [i for i, c in enumerate(clauses) if len(c) > 2]
    longs = [clauses[i] for i in places]
    rng.shuffle(longs)
    for i, c in zip(places, longs):
        clauses[i] = c
elif order == "win-1000":
    clauses = [c for k in range(0, len(clauses), 1000)
               for c in rng.sample(clauses[k:k + 1000], len(clauses[k:k + 1000]))]
elif order == "shuffled":
    rng.shuffle(clauses)
with open(out, "w") as f:
    f.write(f"p cnf {nvars} {len(clauses)}\n")
    for c in clauses:
        f.write(" ".join(map(str, c)) + " 0\n")
EOF
}

out=$(mktemp)
for order in built reversed by-length renamed flipped long-shuf win-1000 shuffled; do
    for seed in $(seq 1 "$seeds"); do
        reorder "$order" "$seed" "$dir/run.cnf"
        # Exit 10: satisfiable (the puzzle has a grid).
        t=$( { /usr/bin/time -f '%U %S' "$bin" solve "$dir/run.cnf" >/dev/null || [ $? -eq 10 ]; } 2>&1 | tail -1)
        read -r user sys <<<"$t"
        cpu=$(echo "$user + $sys" | bc)
        echo "$order seed $seed cpu $cpu" | tee -a "$out"
    done
done
echo "median and range of the CPU seconds per order:"
for order in built reversed by-length renamed flipped long-shuf win-1000 shuffled; do
    grep "^$order " "$out" | awk '{print $5}' | sort -n | awk -v o="$order" '
        { v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
          printf "  %-10s median %5.2f s  range %5.2f .. %5.2f s\n", o, m, v[1], v[NR] }'
done
rm -f "$out"
