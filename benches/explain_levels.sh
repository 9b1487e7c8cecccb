#!/bin/sh
# The level distribution of docs/explain.md: generated grids (seeds 1-60, 5 x 5 and 4 x 4) and
# dealt Inquest cases (seeds 1-80 short, 1-30 long), each explained, its level tallied.
#   benches/explain_levels.sh target/release/satpuz
set -eu
satpuz=${1:-satpuz}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
level() { "$satpuz" explain "$1" --json | sed -n 's/.*"level": *"\([a-z]*\)".*/\1/p' | head -n 1; }
tally() { sort | uniq -c | awk -v what="$1" '{ printf "%s %s %s\n", what, $2, $1 }'; }
for shape in "5 5" "4 4"; do
  set -- $shape
  for seed in $(seq 1 60); do
    "$satpuz" generate grid --positions "$1" --categories "$2" --seed "$seed" -o "$dir/g.json" --force 2>/dev/null
    level "$dir/g.json"
  done | tally "$1x$2"
done
for length in short long; do
  last=80; [ "$length" = long ] && last=30
  for seed in $(seq 1 "$last"); do
    "$satpuz" inquest --seed "$seed" --length "$length" --json > "$dir/case.json"
    level "$dir/case.json"
  done | tally "$length"
done
