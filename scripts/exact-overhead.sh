#!/usr/bin/env bash
# Cost of `monitor` with and without --exact on a ~50-thread target (threads waking every 20 ms), alternating:
# the controller's own CPU (overheadCpuMillis, from outside the sampler) and the target's CPU time over each session
# (where the kernel's tracing cost lands). Needs root for --exact. Usage: scripts/exact-overhead.sh [rounds] [seconds]
# The target is one JDK-only Java source file run by the JDK's source launcher.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"; seconds="${2:-8}"
"$here/tunescope" --version >/dev/null   # the jar is built before the target starts
coproc TARGET { exec java -Xmx64m "$here/src/test/java/io/tunescope/monitor/fidelity/SpinSleepProgram.java" 32 100000000 0 20; }
trap 'kill "$TARGET_PID" 2>/dev/null || true' EXIT
read -r ready <&"${TARGET[0]}"; echo GO >&"${TARGET[1]}"
pid=$TARGET_PID
ticks() { awk '{sub(/.*\) /, ""); print $12 + $13}' "/proc/$pid/stat"; }
for r in $(seq "$rounds"); do
  for mode in sample exact; do
    flag=""; [ "$mode" = exact ] && flag="--exact"
    t0=$(ticks)
    out=$("$here/tunescope" monitor --pid "$pid" --duration "${seconds}s" --json $flag 2>/dev/null)
    t1=$(ticks)
    python3 -c 'import json,sys; d=json.loads(sys.argv[1]); e=d.get("exact") or {}; print(sys.argv[2], "overheadCpuMillis", d["overheadCpuMillis"], "selfCpuMillis", round(d["selfCpuMillis"],1), "events", e.get("events"), "lost", e.get("lostEvents"), "targetCpuMillis", (int(sys.argv[4])-int(sys.argv[3]))*10)' "$out" "$mode" "$t0" "$t1"
  done
done
