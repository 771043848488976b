#!/usr/bin/env bash
# The exact mode's own cost against perf's for the same scheduler tracepoints of the same threads, side by side, round
# by round: `tunescope monitor` without and with --exact (each one's overheadCpuMillis: the controller's CPU over the
# session), `perf record` of sched_switch, sched_wakeup and sched_migrate_task for the target's threads, and
# `perf script` decoding that record to text. Prints the medians and the
# ratio of the exact mode's own cost (exact minus sample-only) to perf's. Needs root and perf.
# Usage: scripts/floor/exact-vs-perf.sh [ROUNDS=5] [SECONDS=8] [THREADS=50]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds="${1:-5}"; seconds="${2:-8}"; threads="${3:-50}"
work="$(mktemp -d)"
target_pid=""
cleanup() { [ -n "$target_pid" ] && kill "$target_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cc -O2 -pthread -o "$work/thread-target" scripts/floor/thread-target.c
[ -f target/tunescope.jar ] && [ -z "$(find src/main pom.xml -newer target/tunescope.jar -type f -print -quit)" ] \
  || mvn -q -B -DskipTests package
"$work/thread-target" "$threads" > /dev/null &
target_pid=$!
sleep 1
# CPU milliseconds (user + system) of a command and everything it waited for
child_cpu_ms() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(round((r.ru_utime + r.ru_stime) * 1000))
PY
}
overhead_ms() {
  java -jar target/tunescope.jar monitor --pid "$target_pid" --duration "${seconds}s" --json "$@" 2>/dev/null \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(round(d["overheadCpuMillis"]), (d.get("exact") or {}).get("events", 0))'
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $threads threads, $seconds s per session, $rounds rounds"
printf '%5s %12s %12s %12s %12s %14s %12s\n' round sample_ms exact_ms exactOwn_ms perfRec_ms perfRec+script perf_events
for r in $(seq "$rounds"); do
  read -r sample _ < <(overhead_ms)
  read -r exact events < <(overhead_ms --exact)
  rec=$(child_cpu_ms perf record -q -e sched:sched_switch -e sched:sched_wakeup -e sched:sched_migrate_task \
        -p "$target_pid" -o "$work/perf.data" -- sleep "$seconds")
  script=$(child_cpu_ms sh -c "perf script -i '$work/perf.data' > '$work/perf.txt'")
  pevents=$(wc -l < "$work/perf.txt")
  printf '%5s %12s %12s %12s %12s %14s %12s\n' "$r" "$sample" "$exact" "$((exact - sample))" "$rec" \
    "$((rec + script))" "$pevents"
  echo "$sample $exact $((exact - sample)) $rec $((rec + script))" >> "$work/rows"
done
python3 - "$work/rows" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
med = [statistics.median(c) for c in zip(*rows)]
own, rec, both = med[2], med[3], med[4]
print(f"median: sample {med[0]:.0f} ms, exact {med[1]:.0f} ms, exact's own {own:.0f} ms; perf record {rec:.0f} ms, "
      f"with perf script {both:.0f} ms")
print(f"exact's own / perf record = {own / rec:.2f}; / (perf record + perf script) = {own / both:.2f}"
      if rec > 0 and both > 0 else "perf used no measurable CPU")
PY
