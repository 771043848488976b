#!/usr/bin/env bash
# The default strategy (gp) against Nelder-Mead and random search on a real database (the goal: gp reaches
# Nelder-Mead's 40-trial best in at most half the trials, and is never behind random search at 10, 20 and 40
# trials; 3 seeds side by side).
#   scripts/strategy-bench.sh TUNING.yaml OUT [BUDGET] [SEEDS...]
# e.g. scripts/strategy-bench.sh examples/tune-duckdb-tpch.yaml /tmp/sb 40 1 2 3
# Every session is the tuning file with --strategy and --seed overridden and no re-validation (the comparison is of
# the searches' best trial objectives). Seeds run side by side in time: for each seed, gp, nelder-mead and random
# one after the other, so that drift of the machine hits the three alike. Then a table: each strategy's best so far
# at 10, 20 and BUDGET trials per seed, and the trial at which gp first reached Nelder-Mead's final best.
# TUNESCOPE_JAR: a copy of the jar to run (so that editing the sources meanwhile does not rebuild it mid-run).
set -euo pipefail
file="${1:?usage: scripts/strategy-bench.sh TUNING.yaml OUT [BUDGET] [SEEDS...]}"
out="${2:?usage: scripts/strategy-bench.sh TUNING.yaml OUT [BUDGET] [SEEDS...]}"
budget="${3:-40}"
shift $(( $# < 3 ? $# : 3 ))
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(1 2 3)
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run_tunescope() {
  if [ -n "${TUNESCOPE_JAR:-}" ]; then java -jar "$TUNESCOPE_JAR" "$@"; else "$here/tunescope" "$@"; fi
}
mkdir -p "$out"
# no re-validation: a copy of the file with revalidate: 0 (the key is replaced or added under target:)
sed -E 's/^(\s*)revalidate:.*/\1revalidate: 0/' "$file" > "$out/tuning.yaml"
grep -q 'revalidate: 0' "$out/tuning.yaml" || sed -i -E 's/^target:\s*$/target:\n  revalidate: 0/' "$out/tuning.yaml"
for seed in "${seeds[@]}"; do
  for strategy in gp nelder-mead random; do
    dir="$out/$strategy-seed$seed"
    if [ -f "$dir/summary.json" ]; then continue; fi
    if [ -f "$dir/journal.jsonl" ]; then
      run_tunescope tune --resume "$dir" --budget "$budget" --strategy "$strategy" --seed "$seed" > "$dir.out" 2> "$dir.err"
    else
      run_tunescope tune "$out/tuning.yaml" --out "$dir" --budget "$budget" --strategy "$strategy" --seed "$seed" \
        > "$dir.out" 2> "$dir.err"
    fi
  done
done
python3 "$here/scripts/strategy-table.py" "$out" "$budget" "${seeds[@]}"
