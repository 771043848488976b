#!/usr/bin/env bash
# Generate+load time of TPC-H into a tenant, repeated; prints each run and the median.
# Usage: scripts/bench-tpch-load.sh ENGINE SF REPEATS     e.g. scripts/bench-tpch-load.sh duckdb 1 3
set -euo pipefail
engine=${1:-duckdb}; sf=${2:-1}; repeats=${3:-3}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
loads=()
for i in $(seq 1 "$repeats"); do
  "$here/tunescope" run --engine "$engine" --sf "$sf" --workload single:Q6 --iterations 1 --out "$out/r$i" >/dev/null 2>&1
  load=$(grep -o '"loadMillis" : [0-9]*' "$out/r$i/summary.json" | grep -o '[0-9]*$')
  index=$(grep -o '"indexMillis" : [0-9]*' "$out/r$i/summary.json" | grep -o '[0-9]*$')
  rows=$(grep -o '"rows" : [0-9]*' "$out/r$i/summary.json" | head -1 | grep -o '[0-9]*$')
  echo "run $i: $rows rows, generate+load ${load} ms, keys+indexes ${index} ms"
  loads+=("$((load + index))")
done
median=$(printf '%s\n' "${loads[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
echo "engine $engine, SF $sf: median generate+load+index ${median} ms over $repeats runs (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
