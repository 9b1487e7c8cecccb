#!/usr/bin/env bash
# The Hooks series under a fixed load: HOGS busy loops (plain shell loops at nice 0, as
# ordinary as the solver itself) run beside `satpuz solve hooksN` for N = 1..11, each timed as
# a whole process (start included), RUNS rounds of all eleven; then the hogs are stopped.
#
#   benches/hooks_load.sh [--hogs 4] [--runs 5] [--bin target/release/satpuz ...] [--only 4,9,11]
#
# Prints one line per puzzle and round (wall, user+sys CPU), then per puzzle the median wall and
# CPU over the rounds and the median of the rounds' totals. `--hogs 0` is the quiet setup.
# `--bin` given several times compares builds: each round runs every binary on each puzzle in
# turn, so they share the machine's conditions, and the medians are per binary. A `--bin` may
# carry flags for `solve` after the path: `--bin "target/release/satpuz -j 1"`.
# Other programs on the machine add to the hogs: the script prints /proc/loadavg before it
# starts the hogs so a run can say what else was there.
set -euo pipefail

hogs=4
runs=5
bins=()
only=$(seq -s, 1 11)
while [ $# -gt 0 ]; do
    case "$1" in
        --hogs) hogs=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --bin) bins+=("$2"); shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "hooks_load.sh: unknown argument '$1' (--hogs N, --runs N, --bin PATH, --only 4,9,11)" >&2; exit 2 ;;
    esac
done
[ ${#bins[@]} -gt 0 ] || bins=(target/release/satpuz)
for bin in "${bins[@]}"; do
    read -r path _ <<<"$bin"
    [ -x "$path" ] || { echo "hooks_load.sh: no satpuz binary at '$path' (cargo build --release)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "hooks_load.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }

echo "before the hogs: /proc/loadavg $(cat /proc/loadavg 2>/dev/null || echo unknown); $hogs hogs, $runs rounds"

pids=()
stop_hogs() {
    # Only the loops this script started, by their process ids.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
}
trap stop_hogs EXIT INT TERM
for _ in $(seq 1 "$hogs"); do
    nice -n 0 bash -c 'while :; do :; done' &
    pids+=($!)
done
[ "$hogs" -gt 0 ] && sleep 2 # let the run queue and /proc/loadavg see them

out=$(mktemp)
IFS=, read -r -a puzzles <<<"$only"
for round in $(seq 1 "$runs"); do
    for k in "${puzzles[@]}"; do
        for b in "${!bins[@]}"; do
            read -r -a cmd <<<"${bins[$b]}"
            t=$( { /usr/bin/time -f '%e %U %S' "${cmd[0]}" solve "hooks$k" "${cmd[@]:1}" >/dev/null; } 2>&1 | tail -1)
            read -r wall user sys <<<"$t"
            cpu=$(echo "$user + $sys" | bc)
            echo "round $round hooks$k wall $wall cpu $cpu bin $b" | tee -a "$out"
        done
    done
done
stop_hogs

median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else printf "%.3f\n", (a[NR/2]+a[NR/2+1])/2}'; }
for b in "${!bins[@]}"; do
    echo "${bins[$b]}: median over $runs rounds, $hogs hogs:"
    for k in "${puzzles[@]}"; do
        w=$(awk -v p="hooks$k" -v b="$b" '$3 == p && $9 == b {print $5}' "$out" | median)
        c=$(awk -v p="hooks$k" -v b="$b" '$3 == p && $9 == b {print $7}' "$out" | median)
        printf '  hooks%-2s wall %6.2f s  cpu %6.2f s\n' "$k" "$w" "$c"
    done
    tw=$(awk -v b="$b" '$9 == b {w[$2] += $5} END {for (r in w) print w[r]}' "$out" | median)
    tc=$(awk -v b="$b" '$9 == b {c[$2] += $7} END {for (r in c) print c[r]}' "$out" | median)
    printf '  all     wall %6.2f s  cpu %6.2f s  (median of the rounds'"'"' totals)\n' "$tw" "$tc"
done
rm -f "$out"
