#!/usr/bin/env bash
# A stand-in for a benchmark run, tuned by examples/tune-command.yaml. It reads the configuration from its
# arguments (--threads=4 --buffer_kb=64 --compress=false --mode=safe), sleeps a little like a real measurement,
# and prints "latency_ms=<value>". Known optimum: threads=12, buffer_kb=256, compress=true, mode=fast gives 10.
set -euo pipefail
threads=1 buf=16 compress=false mode=safe
for arg in "$@"; do
  case "$arg" in
    --threads=*) threads=${arg#*=} ;;
    --buffer_kb=*) buf=${arg#*=} ;;
    --compress=*) compress=${arg#*=} ;;
    --mode=*) mode=${arg#*=} ;;
    *) echo "tune-target: unknown argument $arg" >&2; exit 2 ;;
  esac
done
sleep "${TUNE_TARGET_SLEEP:-0.05}"
awk -v t="$threads" -v b="$buf" -v c="$compress" -v m="$mode" 'BEGIN {
  if (t == -1) t = 6                       # -1 means "auto", which picks 6 threads
  lb = log(b) / log(2)
  v = 10 + 0.5 * (t - 12) ^ 2 + 4 * (lb - 8) ^ 2 + (c == "true" ? 0 : 7) + (m == "fast" ? 0 : (m == "balanced" ? 3 : 9))
  printf "latency_ms=%.3f\n", v
}'
