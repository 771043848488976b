#!/usr/bin/env bash
# One `run --monitor --exact` with the figures of the schedstat check, plus what the run cannot see: the load
# average and the hypervisor's steal time over the run (/proc/stat, both CPUs, in ms).
# Usage: scripts/exact-schedstat.sh OUT_DIR [run options, with --monitor --exact]   (needs root for tracing)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/exact-schedstat.sh OUT_DIR [run options...]}"; shift
"$here/tunescope" --version >/dev/null   # the jar is built before the clock starts
steal() { awk '/^cpu /{print $9}' /proc/stat; }
load0=$(cut -d' ' -f1 /proc/loadavg); s0=$(steal); t0=$(date +%s.%N)
"$here/tunescope" run "$@" --out "$out" > "$out.log" 2>&1
s1=$(steal); t1=$(date +%s.%N); load1=$(cut -d' ' -f1 /proc/loadavg)
tick=$(getconf CLK_TCK)
python3 - "$out/summary.json" "$load0" "$load1" "$s0" "$s1" "$tick" "$t0" "$t1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); m = d.get("monitor", {}); s = m.get("schedstat") or {}
steal_ms = (int(sys.argv[5]) - int(sys.argv[4])) * 1000 / int(sys.argv[6]); wall = float(sys.argv[8]) - float(sys.argv[7])
print("trace %.1f ms  schedstat %.1f ms  total %+.2f %%  worst %+.2f %% (tid %s, %s judged)  inferred %s, %.1f ms  "
      "within1%% %s  lost %s  load %s-%s  steal %.0f ms over %.0f s (%.2f %% of 2 CPUs)" % (
      s.get("traceCpuMillis", 0), s.get("schedstatCpuMillis", 0), s.get("totalDifferencePercent", 0),
      s.get("worstDifferencePercent", 0), s.get("worstTid"), s.get("checkedThreads"), s.get("inferredSwitchIns"),
      s.get("inferredWindowMillis", 0), s.get("withinOnePercent"), m.get("lostEvents"), sys.argv[2], sys.argv[3],
      steal_ms, wall, 100 * steal_ms / (2000 * wall)))
PY
