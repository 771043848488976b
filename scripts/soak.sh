#!/usr/bin/env bash
# Soak run: 4 DuckDB tenants x 10 users of TPC-H for a long time with the monitor on, then checks
#   1. every execution on disk (tenants/t*/executions.csv) is counted in summary.json, per tenant;
#   2. errors are zero (summary and the files' error column);
#   3. the controller's memory stays flat after warm-up: heap after a full GC (jcmd GC.run, then GC.heap_info) and
#      RSS, sampled every minute of the measurement after the first 5; flat means the least-squares slope, less the
#      growth the storage figures predict for the raw-sample file's in-memory block index (0.41 bytes per sample,
#      docs/benchmarks.md), times the span, is under 5 % of the mean heap (10 % of the mean RSS, which also holds
#      the heap's committed but free regions);
#   4. the raw-sample file's size is what the storage figures predict: 3.54 bytes per sample within -20 % (2.8) and
#      the largest live figure, 4.9 (docs/benchmarks.md, "Storage"), from the sample count monitor.json reports.
# Exit 0 when all four hold, 1 otherwise. Everything it starts is stopped on exit, also on Ctrl-C.
#
# Usage: scripts/soak.sh [OUT] [DURATION]          e.g. scripts/soak.sh /tmp/soak 30m      (defaults: a temp dir, 30m)
# SOAK_CHECK_ONLY=1 re-runs only the checks on an existing OUT.
# Environment: SOAK_WAIT (pause after each query, default 4s: the load stays well under one core), SOAK_SF (0.01),
# SOAK_WARMUP_MIN (minutes excluded from the flatness check, default 5; 1 for runs under 10 minutes).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=${1:-$(mktemp -d /tmp/soak.XXXXXX)}
duration=${2:-30m}
wait_between=${SOAK_WAIT:-4s}
sf=${SOAK_SF:-0.01}
mkdir -p "$out"
run="$out/run"
memory="$out/memory.tsv"
if [ -z "${SOAK_CHECK_ONLY:-}" ]; then
rm -rf "$run"

# make sure the jar is current before the clock starts
"$here/tunescope" --version >/dev/null

controller=""
cleanup() {
  if [ -n "$controller" ] && kill -0 "$controller" 2>/dev/null; then
    kill -INT "$controller" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$controller" 2>/dev/null || break; sleep 1; done
    kill -KILL "$controller" 2>/dev/null || true
  fi
}
trap cleanup EXIT

echo "soak: 4 tenants x 10 users, TPC-H SF $sf, $duration, --wait $wait_between, monitor on; output $run" >&2
TUNESCOPE_JAVA_OPTS="-Xmx512m" "$here/tunescope" run --engine duckdb --sf "$sf" --tenants 4 --users 10 \
  --duration "$duration" --wait "$wait_between" --permute --load-threads 1 --duckdb-threads 1 \
  --monitor --out "$run" >"$out/run.stdout" 2>"$out/run.stderr" &
controller=$!
started=$(date +%s)

# one line a minute: minutes since start, heap after a full GC (KiB), RSS (KiB), load average
printf 'minute\theapAfterGcKiB\trssKiB\tloadavg1\n' >"$memory"
minute=0
while kill -0 "$controller" 2>/dev/null; do
  sleep 5
  now=$(date +%s)
  if [ $(( (now - started) / 60 )) -gt "$minute" ]; then
    minute=$(( (now - started) / 60 ))
    jcmd "$controller" GC.run >/dev/null 2>&1 || continue
    heap=$(jcmd "$controller" GC.heap_info 2>/dev/null | grep -m1 -o 'used [0-9]*K' | grep -o '[0-9]*' || true)
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$controller/status" 2>/dev/null || true)
    [ -n "$heap" ] && [ -n "$rss" ] && printf '%s\t%s\t%s\t%s\n' "$minute" "$heap" "$rss" "$(cut -d' ' -f1 /proc/loadavg)" >>"$memory"
  fi
done
set +e
wait "$controller"
code=$?
set -e
controller=""
echo "soak: run exited $code after $(( $(date +%s) - started )) s" >&2
echo "$code" >"$out/run.exit"
fi
code=$(cat "$out/run.exit")

python3 - "$run" "$memory" "$code" "${SOAK_WARMUP_MIN:-}" <<'PY'
import csv, glob, json, os, sys
run, memory, code, warm = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
ok = True
def check(name, passed, detail):
    global ok
    ok = ok and passed
    print(f"{'PASS' if passed else 'FAIL'}  {name}: {detail}")

check("run exit code", code == 0, f"{code}")
summary = json.load(open(os.path.join(run, "summary.json")))
on_disk, errors_on_disk = {}, 0
for path in sorted(glob.glob(os.path.join(run, "tenants", "*", "executions.csv"))):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["phase"] == "MEASURE"]
    on_disk[os.path.basename(os.path.dirname(path))] = len(rows)
    errors_on_disk += sum(1 for r in rows if r["error"])
counted = {t["name"]: t["executions"] for t in summary["tenants"]}
check("every execution on disk is counted", on_disk == counted and len(counted) == 4,
      f"on disk {on_disk}, in summary.json {counted}, total {sum(on_disk.values())}")
errors = sum(t["errors"] for t in summary["tenants"])
check("errors are zero", errors == 0 and errors_on_disk == 0,
      f"summary {errors}, error column {errors_on_disk}, complete={summary['complete']}")

mon = json.load(open(os.path.join(run, "monitor", "monitor.json")))
measured_min = max(t["measureSeconds"] for t in summary["tenants"]) / 60
# 0.41 bytes of heap per sample: the raw-sample file's in-memory block index (docs/benchmarks.md, "Storage": 9.2 MB
# for 22,500,000 samples); it grows with the recording by design, so it is the growth allowed
index_kib_per_min = 9.2e6 / 22.5e6 * mon["samples"] / measured_min / 1024
rows = [l.rstrip("\n").split("\t") for l in open(memory)][1:]
rows = [(int(m), int(h), int(r)) for m, h, r, _ in rows]
warm = int(warm) if warm else (5 if len(rows) >= 10 else 1)
# only minutes inside the measurement: after it the controller reads the samples back for per-query metrics
after = [r for r in rows if warm < r[0] < int(measured_min)]
def flat(name, idx, allowed_kib_per_min, limit):
    xs = [r[0] for r in after]; ys = [r[idx] / 1024 for r in after]
    n = len(xs)
    if n < 3:
        check(name, False, f"only {n} samples after warm-up")
        return
    mx, my = sum(xs) / n, sum(ys) / n
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    excess = (slope - allowed_kib_per_min / 1024) * (xs[-1] - xs[0])
    check(name + " flat after warm-up", excess < limit * my,
          f"minutes {xs[0]}-{xs[-1]}: mean {my:.1f} MiB, min {min(ys):.1f}, max {max(ys):.1f}, "
          f"slope {slope * 1024:+.0f} KiB/min against {allowed_kib_per_min:.0f} KiB/min allowed, growth beyond it over "
          f"the span {excess:+.1f} MiB ({100 * excess / my:+.1f} % of the mean; limit {100 * limit:.0f} %)")
flat("heap after full GC", 1, index_kib_per_min, 0.05)
flat("RSS", 2, index_kib_per_min, 0.10)

size = os.path.getsize(os.path.join(run, "monitor", "samples.tsraw"))
per = size / mon["samples"]
check("raw samples as the storage figures predict", 2.8 <= per <= 4.9,
      f"{mon['samples']} samples, {size} bytes = {per:.2f} bytes per sample (predicted 2.8-4.9, 3.54 typical: "
      f"{3.54 * mon['samples'] / 1e6:.1f} MB predicted, {size / 1e6:.1f} MB on disk); "
      f"monitor CPU {mon['selfCpuMillis'] / mon['durationMillis'] * 100:.1f} % of one core, "
      f"{mon['ticks']} ticks taken, {mon['missedTicks']} missed (the sampler gets little CPU under nice and load)")
total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(run) for f in fs)
print(f"INFO  output {total / 1e6:.1f} MB in all; executions {sum(on_disk.values())} "
      f"({sum(on_disk.values()) / (summary['tenants'][0]['measureSeconds'] or 1):.1f}/s)")
sys.exit(0 if ok else 1)
PY
