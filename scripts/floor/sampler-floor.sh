#!/usr/bin/env bash
# The thread sampler against the floor of its own /proc reads, side by side: `tunescope monitor` (the whole JVM) and
# sampler-floor (a C loop making the same reads in the same pattern) watch the same THREADS-thread target, one after
# the other, round by round; each one's CPU is read from outside (the sum of its threads' schedstat) over the same
# steady-state window, after a warm-up. Prints, per sampler mode, interval and thread count, the median % of a core
# of each, and the ratio tunescope / floor with its range over the rounds.
# Usage: scripts/floor/sampler-floor.sh [ROUNDS=3] [WINDOW_S=8] [INTERVALS_MS="1 2 4 8"] [THREADS="50 500"] [MODES="full gated"]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rounds="${1:-3}"; window_s="${2:-8}"; intervals="${3:-1 2 4 8}"; thread_counts="${4:-50 500}"; modes="${5:-full gated}"
warm_s=4
work="$(mktemp -d)"
target_pid=""
cleanup() {
  [ -n "$target_pid" ] && kill "$target_pid" 2>/dev/null || true
  jobs -p | xargs -r kill 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cc -O2 -o "$work/sampler-floor" scripts/floor/sampler-floor.c
cc -O2 -pthread -o "$work/thread-target" scripts/floor/thread-target.c
[ -f target/tunescope.jar ] && [ -z "$(find src/main pom.xml -newer target/tunescope.jar -type f -print -quit)" ] \
  || mvn -q -B -DskipTests package

# on-CPU nanoseconds of every live thread of a process (schedstat's first field), summed
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f", s}'; }

# runs "$@" in the background for warm + window + 1 s, returns its % of a core over the window after the warm-up
measure() {
  "$@" > "$work/out" 2>&1 &
  local pid=$!
  sleep "$warm_s"
  local c0 t0 c1 t1
  c0=$(cpu_ns "$pid"); t0=$(date +%s%N)
  sleep "$window_s"
  c1=$(cpu_ns "$pid"); t1=$(date +%s%N)
  wait "$pid" || { echo "failed: $*" >&2; cat "$work/out" >&2; exit 1; }
  awk -v c="$((c1 - c0))" -v t="$((t1 - t0))" 'BEGIN {printf "%.3f", 100 * c / t}'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; rounds $rounds, window ${window_s} s after ${warm_s} s warm-up"
printf '%-6s %6s %8s %14s %12s %8s %16s\n' mode threads interval "tunescope %" "floor %" ratio "ratio range"
for threads in $thread_counts; do
  "$work/thread-target" "$threads" > "$work/target.out" &
  target_pid=$!
  sleep 1
  for mode in $modes; do
    for ms in $intervals; do
      total_ms=$(( (warm_s + window_s + 1) * 1000 ))
      ts=(); fl=(); ratios=()
      for r in $(seq "$rounds"); do
        t=$(measure java ${TUNESCOPE_JAVA_OPTS:-} -jar target/tunescope.jar monitor --pid "$target_pid" \
              --interval "${ms}ms" --duration "${total_ms}ms" --sampler "$mode" --json)
        f=$(measure "$work/sampler-floor" "$target_pid" $((ms * 1000)) "$total_ms" "$mode")
        ts+=("$t"); fl+=("$f")
        ratios+=("$(awk -v a="$t" -v b="$f" 'BEGIN {printf "%.2f", a / b}')")
      done
      med() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
      range="$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)..$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)"
      printf '%-6s %6s %6sms %14.2f %12.2f %8.2f %16s\n' "$mode" "$threads" "$ms" "$(med "${ts[@]}")" \
        "$(med "${fl[@]}")" "$(med "${ratios[@]}")" "$range"
    done
  done
  kill "$target_pid"; wait "$target_pid" 2>/dev/null || true; target_pid=""
done
