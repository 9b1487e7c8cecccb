#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600), one at a time, one job: the machine
# has two cores. New inputs go to corpus/<target> (not committed); seeds/<target> are read.
# No -jobs flag: libFuzzer's default is one in-process fuzzer writing to stderr (-jobs=1 forks
# a worker whose output goes to fuzz-0.log instead, so logs-<target>.txt would hold no stats).
# A target that does not build shows its `error` lines and the loop goes on to the next.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
for target in $(cargo +nightly fuzz list); do
    mkdir -p "corpus/$target"
    echo "== $target ($seconds s)"
    cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        2>&1 | tee "logs-$target.txt" | grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|ERROR|^error|panicked|SUMMARY" || true
done
