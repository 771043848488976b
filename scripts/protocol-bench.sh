#!/usr/bin/env bash
# Does a tuning verdict rise above the noise? Runs many short `tunescope tune` sessions of a tiny external command
# whose knob x has a planted effect (0 %: an A/A space where x changes nothing; 8 %: x >= 2 does 8 % less work) while
# an interferer loads the CPU, once with the racing protocol and once with `single`, and reports per protocol and
# effect: sessions, the share whose verdict is `better`, the re-validated gains (median and spread; 0 when no
# configuration beat the default, so none was re-validated), the gain best.json claims from the trials alone, the
# measurements taken and the session's wall time.
#
#   scripts/protocol-bench.sh [SESSIONS] [OUT]       (SESSIONS per protocol and effect, default 40)
#   scripts/protocol-bench.sh --report OUT           (the table of the sessions in OUT so far)
#   INTERFERER=stress-ng|loop|none (default: stress-ng when installed, else loop)  DUTY=50 (percent of one CPU)
#   WORK=200000 (awk loop iterations per measurement: a few tens of milliseconds)
set -euo pipefail
report() { # DIR: the table of the sessions in DIR (also for a run stopped early: `protocol-bench.sh --report DIR`)
python3 - "$1" <<'PY'
import json, glob, os, statistics, sys
out = sys.argv[1]
print(f"{'protocol':8} {'effect':>6} {'sessions':>8} {'better':>7} {'share':>6} {'gain median':>11} {'gain p10..p90':>15} "
      f"{'claim median':>12} {'measurements':>12} {'seconds':>7}")
for protocol in ("racing", "single"):
    for effect in ("0", "8"):
        rows = []
        for d in glob.glob(f"{out}/{protocol}-{effect}-*/"):
            try:
                best = json.load(open(os.path.join(d, "best.json")))
                summary = json.load(open(os.path.join(d, "summary.json")))
            except (OSError, ValueError):
                continue
            gain = (best.get("revalidated") or {}).get("improvementPercent")
            rows.append((best.get("verdict"), gain, best.get("improvementPercent") or 0.0, summary.get("measurements") or summary["stats"]["completedTrials"],
                         summary.get("wallSeconds", 0)))
        if not rows:
            continue
        better = sum(1 for r in rows if r[0] == "better")
        gains = sorted(r[1] if r[1] is not None else 0.0 for r in rows)
        q = lambda p: gains[min(len(gains) - 1, int(p * len(gains)))]
        print(f"{protocol:8} {effect + ' %':>6} {len(rows):>8} {better:>7} {100 * better / len(rows):>5.1f}% "
              f"{statistics.median(gains):>10.1f}% {q(0.1):>6.1f}..{q(0.9):>5.1f} % "
              f"{statistics.median(r[2] for r in rows):>11.1f}% {statistics.median(r[3] for r in rows):>12} "
              f"{statistics.median(r[4] for r in rows):>7}")
PY
}
if [ "${1:-}" = "--report" ]; then report "$2"; exit 0; fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sessions="${1:-40}"
out="${2:-$(mktemp -d /tmp/protocol-bench.XXXXXX)}"
duty="${DUTY:-50}"
work="${WORK:-200000}"
interferer="${INTERFERER:-$(command -v stress-ng >/dev/null && echo stress-ng || echo loop)}"
"$here/tunescope" --version >/dev/null   # the jar is built before the sessions start
mkdir -p "$out"

# the measured command: fixed work, timed from inside, so a neighbour's load is what makes it noisy
cat > "$out/target.sh" <<'SH'
#!/usr/bin/env bash
x="${1#--x=}"
n="$WORK"
if [ "$EFFECT" != 0 ] && [ "$x" -ge 2 ]; then n=$(( n * (100 - EFFECT) / 100 )); fi
s=$(date +%s%N)
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) s += i * 0.5 }'
e=$(date +%s%N)
echo "micros=$(( (e - s) / 1000 ))"
SH
chmod +x "$out/target.sh"

tuning_file() { # protocol seed
  cat <<YAML
command: ["$out/target.sh"]
pass:
  args: "--{name}={value}"
objective:
  regex: "micros=([0-9]+)"
  direction: minimize
timeoutSeconds: 10
budget: 4
strategy: random
seed: $2
protocol: $1
parameters:
  - name: x
    type: int
    min: 0
    max: 3
    default: 0
YAML
}

pids=()
stop_interferer() { for p in "${pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; }
trap stop_interferer EXIT
case "$interferer" in
  stress-ng) stress-ng --cpu 1 --cpu-load "$duty" --quiet & pids+=($!) ;;
  loop) ( on=$(( duty * 2 )); off=$(( (100 - duty) * 2 ))
          while :; do end=$(( $(date +%s%N) + on * 1000000 )); while [ "$(date +%s%N)" -lt "$end" ]; do :; done
                      sleep "0.$(printf '%03d' "$off")"; done ) & pids+=($!) ;;
  none) ;;
esac

echo "protocol-bench: $sessions sessions per case, interferer $interferer at $duty %, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)" | tee "$out/header.txt"
start=$(date +%s)
for i in $(seq 1 "$sessions"); do
  for effect in 0 8; do
    for protocol in racing single; do
      dir="$out/$protocol-$effect-$i"
      tuning_file "$protocol" "$i" > "$out/$protocol-$effect-$i.yaml"
      EFFECT="$effect" WORK="$work" "$here/tunescope" tune "$out/$protocol-$effect-$i.yaml" --out "$dir" \
        > "$dir.log" 2>&1 || echo "session $dir failed: see $dir.log" >&2
    done
  done
done
echo "wall $(( $(date +%s) - start )) s, load after $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/header.txt"

report "$out"
