# Sourced by the trial-protocol benchmarks (protocol-bench.sh, efficiency-bench.sh): the interferer beside a session
# and the header of a tuning file whose target is a command timed from inside.
#
# Reads: interferer (stress-ng, loop or none) and duty (percent of one CPU).

interferer_pids=()

# Starts the interferer: stress-ng at $duty % of one CPU, or a shell loop busy for $duty % of every 200 ms.
start_interferer() {
  case "$interferer" in
    stress-ng) stress-ng --cpu 1 --cpu-load "$duty" --quiet & interferer_pids+=($!) ;;
    loop) ( on=$(( duty * 2 )); off=$(( (100 - duty) * 2 ))
            while :; do end=$(( $(date +%s%N) + on * 1000000 )); while [ "$(date +%s%N)" -lt "$end" ]; do :; done
                        sleep "0.$(printf '%03d' "$off")"; done ) & interferer_pids+=($!) ;;
    none) ;;
  esac
}

stop_interferer() {
  local p
  for p in "${interferer_pids[@]:-}"; do
    [ -n "$p" ] && { kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; }
  done
  interferer_pids=()
}

# The first lines of a tuning file that tunes TARGET, a command printing micros=N: TARGET BUDGET STRATEGY SEED
command_tuning_header() {
  cat <<YAML
command: ["$1"]
pass:
  args: "--{name}={value}"
objective:
  regex: "micros=([0-9]+)"
  direction: minimize
timeoutSeconds: 10
budget: $2
strategy: $3
seed: $4
YAML
}
