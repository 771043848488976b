#!/bin/bash
# One work line of two application nodes against two lines of one node each, 40 browsers in all, alternately,
# three times each (docs/benchmarks.md, "one work line against two"). Usage: scripts/shop-lines-bench.sh THINK OUT
# (THINK: --think-scale, 0.05 or 0.002 there).
set -euo pipefail
think="${1:?think scale}"
out="${2:?results directory}"
cd "$(dirname "$0")/.."
for r in 1 2 3; do
  for lines in 1 2; do
    echo "== run $r lines $lines load $(cut -d' ' -f1-3 /proc/loadavg)"
    nice -n 10 ./tunescope shop run --database postgres --items 1000 --scale-down 100 --browsers 40 \
      --think-scale "$think" --ramp-up 5s --duration 20s --ramp-down 2s --proxy nginx \
      --lines "$lines" --app-nodes $((2 / lines)) --seed 7 --out "$out/r$r-l$lines"
  done
done
