#!/usr/bin/env bash
# The side-by-side table of docs/performance.md: satpuz, PySAT and OR-tools CP-SAT count the
# same logic-grid files, each timed from the parsed file to its last answer (median of 3 runs;
# the three counts must agree). Setup, once: `pip install python-sat ortools`.
#   benches/compare.sh              the table's files
#   benches/compare.sh FILE...      any grid files in the bench format (benches/grid/)
#   benches/compare.sh --families   the families of the other generators (benches/grid/refute/,
#                                   refute-budget/, batch/) and generate grid's fresh 40 and 50 x 5
#                                   files of both mixes (seeds 11-13) in CPU time, then the worst
#                                   ratio per family and size
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --features cadical --quiet  # the build the tests and CI use; varisat stays the default solver
if [ "${1:-}" = --families ]; then
    shift
    set -- --cpu --runs 1 --worst benches/grid/refute/*.json benches/grid/refute-budget/*.json \
        benches/grid/batch/*.json benches/grid/n{40,50}-s1[123].json \
        benches/grid/positional/n{40,50}-s1[123].json "$@"
elif [ $# -eq 0 ]; then
    set -- benches/grid/n10-s1-relaxed.json benches/grid/n20-s2.json \
        benches/grid/n20-s2-relaxed.json benches/grid/n30-s1.json \
        benches/grid/n30-s1-relaxed.json benches/grid/n50-s2.json benches/grid/n50-s8.json \
        benches/grid/n50-s8-relaxed.json
fi
python3 benches/grid_compare.py --satpuz target/release/satpuz --markdown --runs 3 "$@"
