#!/usr/bin/env bash
# Two satpuz builds side by side on the workloads a change to varisat's search touches
# (vendor/varisat/PATCHES.md, the fifth and sixth changes): each round runs every command with OLD then
# NEW, so both share the machine's load; per command, the median CPU (user+sys) of each build
# over the rounds and their ratio; at the end, the totals per set. Every count's output must be
# the same for both builds but for its time, or the script stops; an explanation may pick other
# clue sets of the same size, so only its number of lines must be the same, and a satisfiable
# DIMACS file another model, so only the verdict.
#
#   benches/varisat_compare.sh --old BIN --new BIN [--runs 5] [SET...]
#
# SETs (default: all): refute (benches/grid/refute/ 40 and 50 x 5), batch (benches/grid/batch/),
# own (generate grid's 50 x 5 bench files, both mixes), explain (`satpuz explain` of a generated
# 10 x 5 grid, seed 1), dimacs (`satpuz solve` of random 3-SAT at the threshold: 250 variables,
# 1065 clauses, seeds 1 to 6, written here).
# Hooks: benches/hooks_load.sh --bin OLD --bin NEW.
set -euo pipefail
cd "$(dirname "$0")/.."

old="" new="" runs=5 sets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --old) old=$2; shift 2 ;;
        --new) new=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        refute|batch|own|explain|dimacs) sets+=("$1"); shift ;;
        *) echo "varisat_compare.sh: unknown argument '$1' (--old BIN --new BIN [--runs N] [refute|batch|own|explain|dimacs]...)" >&2; exit 2 ;;
    esac
done
for bin in "$old" "$new"; do
    [ -x "$bin" ] || { echo "varisat_compare.sh: give two satpuz binaries, --old BIN --new BIN" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "varisat_compare.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
[ ${#sets[@]} -gt 0 ] || sets=(refute batch own explain dimacs)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One command per line: SET<TAB>satpuz arguments.
for set in "${sets[@]}"; do
    case "$set" in
        refute) files=(benches/grid/refute/n[45]0-*.json) ;;
        batch) files=(benches/grid/batch/*.json) ;;
        own) files=(benches/grid/n50-*.json) ;;
        explain)
            "$old" generate grid --positions 10 --categories 5 --seed 1 -o "$tmp/g10.json" >/dev/null 2>&1
            printf 'explain\texplain %s\n' "$tmp/g10.json" >>"$tmp/commands"
            continue ;;
        dimacs)
            for seed in 1 2 3 4 5 6; do
                python3 - "$seed" >"$tmp/r$seed.cnf" <<'PY'
import random, sys
rng = random.Random(int(sys.argv[1]))
print("p cnf 250 1065")
for _ in range(1065):
    print(" ".join(str(v * rng.choice((1, -1))) for v in rng.sample(range(1, 251), 3)), 0)
PY
                printf 'dimacs\tsolve %s\n' "$tmp/r$seed.cnf" >>"$tmp/commands"
            done
            continue ;;
    esac
    for f in "${files[@]}"; do printf '%s\tcount %s --all --json -q\n' "$set" "$f" >>"$tmp/commands"; done
done

echo "load before: $(cat /proc/loadavg 2>/dev/null || echo unknown); $runs rounds"
for round in $(seq 1 "$runs"); do
    while IFS=$'\t' read -r set args; do
        for b in old new; do
            bin=$old; [ "$b" = new ] && bin=$new
            # The exit code is part of the output (solve: 10 SAT, 20 UNSAT).
            # shellcheck disable=SC2086 # args is a word list by design
            /usr/bin/time -f '%U %S' -o "$tmp/time" "$bin" $args >"$tmp/out.$b" 2>/dev/null ||
                echo "exit $?" >>"$tmp/out.$b"
            read -r user sys < <(tail -1 "$tmp/time")
            echo "$set|$args|$b|$(echo "$user + $sys" | bc)" >>"$tmp/times"
        done
        if [ "$set" = explain ]; then
            same() { [ "$(wc -l <"$1")" = "$(wc -l <"$2")" ]; }
        elif [ "$set" = dimacs ]; then
            # Another search may find another model: the verdict and exit code must agree.
            same() { cmp -s <(grep -E '^s |^exit' "$1") <(grep -E '^s |^exit' "$2"); }
        else
            same() { cmp -s <(grep -v -E 'time_ms|[0-9] ms' "$1") <(grep -v -E 'time_ms|[0-9] ms' "$2"); }
        fi
        same "$tmp/out.old" "$tmp/out.new" || { echo "varisat_compare.sh: outputs differ: satpuz $args" >&2; exit 1; }
    done <"$tmp/commands"
done

python3 - "$tmp/times" "$tmp" <<'EOF'
import collections, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    s, args, b, cpu = line.rstrip("\n").split("|")
    times[(s, args, b)].append(float(cpu))
ratio = lambda o, n: f"{o / n:.2f}" if n > 0 else "-"
print("| set | command | old CPU s | new CPU s | old/new |")
print("|---|---|---:|---:|---:|")
totals = collections.defaultdict(float)
for (s, args, b) in sorted(k for k in times if k[2] == "old"):
    o = statistics.median(times[(s, args, "old")])
    n = statistics.median(times[(s, args, "new")])
    totals[(s, "old")] += o
    totals[(s, "new")] += n
    name = args.split(" --")[0].replace(sys.argv[2] + "/", "")
    print(f"| {s} | {name} | {o:.2f} | {n:.2f} | {ratio(o, n)} |")
for s in sorted({k[0] for k in totals}):
    o, n = totals[(s, "old")], totals[(s, "new")]
    print(f"| {s} | all (sum of medians) | {o:.2f} | {n:.2f} | {ratio(o, n)} |")
EOF
