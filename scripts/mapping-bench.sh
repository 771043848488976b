#!/usr/bin/env bash
# Workload mapping against a cold start, on two DuckDB workloads.
#   scripts/mapping-bench.sh OUT [BUDGET]
# 1. Two past sessions fill a knowledge base: the 22 TPC-H queries in order at SF 0.01 (1 user), and Q1 with 4 users.
# 2. Two new workloads, each tuned twice with the same seed: cold (an empty knowledge base) and warm (a copy of the
#    one from step 1): the power run at SF 0.02 (1 user), and Q6 with 4 users. Every session is monitored alike.
# 3. For each new workload: the cold start's best (best.json: under the racing protocol, the default, the last race
#    winner) with the trial that measured it and the session's verdict, and the trial at which the warm start first
#    reached that objective (within 3 %; under racing a trial's objective is the mean of its measurements).
set -euo pipefail
out="${1:?usage: scripts/mapping-bench.sh OUT [BUDGET]}"
budget="${2:-8}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$out"
file() { # name workload users sf
  cat > "$out/$1.yaml" <<YAML
target: {engine: duckdb, workload: "$2", users: $3, scaleFactor: $4, warmupIterations: 1, iterations: 2,
         objective: geomean, revalidate: 0}
timeoutSeconds: 120
budget: $budget
strategy: gp
seed: 3
parameters:
  - {name: threads, min: 1, max: 4}
  - {name: memory_limit, min: 128}
  - {name: preserve_insertion_order}
YAML
}
# TUNESCOPE_JAR: a copy of the jar to run, so that editing the sources meanwhile does not rebuild it mid-run
run_tunescope() {
  if [ -n "${TUNESCOPE_JAR:-}" ]; then java -jar "$TUNESCOPE_JAR" "$@"; else "$here/tunescope" "$@"; fi
}
tune() { # name kb
  run_tunescope tune "$out/$1.yaml" --knowledge-base "$2" --out "$out/$1-$(basename "$2")" \
    > "$out/$1-$(basename "$2").out" 2> "$out/$1-$(basename "$2").err"
}
file past-seq sequence 1 0.01
file past-q1 "single:Q1" 4 0.01
file new-seq sequence 1 0.02
file new-q6 "single:Q6" 4 0.01
tune past-seq "$out/kb"
tune past-q1 "$out/kb"
for w in new-seq new-q6; do
  rm -rf "$out/empty" "$out/warm-kb"; mkdir -p "$out/empty"; cp -r "$out/kb" "$out/warm-kb"
  tune "$w" "$out/empty"
  tune "$w" "$out/warm-kb"
done
python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
def trials(d):
    return [json.loads(l) for l in open(os.path.join(d, "journal.jsonl")) if '"trial"' in l and '"type":"trial"' in l]
def best(d):
    # the protocol's best (under racing the last race winner, not the lowest mean) and the session's verdict
    b = json.load(open(os.path.join(d, "best.json")))
    return b["best"], b.get("verdict")
print("| workload | mapped to (distance) | cold: best (trial), verdict | warm: trial reaching it (within 3 %) | warm: best (trial), verdict | trials saved |")
print("| --- | --- | --- | --- | --- | --- |")
for w in ["new-seq", "new-q6"]:
    cold_best, cold_verdict = best(f"{out}/{w}-empty")
    warm_best, warm_verdict = best(f"{out}/{w}-warm-kb")
    warm = [t for t in trials(f"{out}/{w}-warm-kb") if t.get("objective") is not None]
    target, cold_at = cold_best["objective"], cold_best["trial"]
    warm_at = next((t["trial"] for t in warm if t["objective"] <= target * 1.03), None)
    m = json.load(open(f"{out}/{w}-warm-kb/summary.json")).get("mapping") or {}
    saved = "n/a" if warm_at is None else f"{cold_at - warm_at} of {cold_at} ({100 * (cold_at - warm_at) / cold_at:.0f} %)"
    print(f"| {w} | {m.get('workload')} x{m.get('users')} SF {m.get('scaleFactor')} ({m.get('distance')}) | "
          f"{target:.2f} ms ({cold_at}), {cold_verdict} | {warm_at if warm_at else 'not reached'} | "
          f"{warm_best['objective']:.2f} ms ({warm_best['trial']}), {warm_verdict} | {saved} |")
PY
