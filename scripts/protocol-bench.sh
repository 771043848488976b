#!/usr/bin/env bash
# Does a tuning verdict rise above the noise? Runs many short `tunescope tune` sessions of a tiny external command
# whose knob x has a planted effect (0 %: an A/A space where x changes nothing; 8 %: x >= 2 reports 8 % less time) while
# an interferer loads the CPU, side by side with three protocols: `fixed` (racing with maxSlices: 5 and
# revalidateRuns: 20 written out), `auto` (racing with both sized from the noise; measurementsPerTrial PER_TRIAL) and
# `single`. After each session it re-measures the chosen best and the default afresh (STABILITY_RUNS runs of each,
# interleaved, who goes first alternating, a new process per run) and keeps that in the session's stability.json.
# It reports per protocol and effect: sessions, the share whose verdict is `better`, the re-validated gains (median and
# spread; 0 when no configuration beat the default, so none was re-validated), the gain best.json claims from the
# trials alone, the sessions whose best, re-measured, loses 10 points or more against the gain the session claimed
# (best.json's improvementPercent; and against its re-validated gain where there is one), by the point estimate and
# (in brackets) by the whole 95 % interval, the noise the sessions measured, the measurements and the wall time.
#
#   scripts/protocol-bench.sh [SESSIONS] [OUT]       (SESSIONS per protocol and effect, default 40)
#   scripts/protocol-bench.sh --report OUT           (the table of the sessions in OUT so far; also older runs, whose
#                                                    racing sessions show as `racing` and have no stability column)
#   INTERFERER=stress-ng|loop|none (default: stress-ng when installed, else loop)  DUTY=50 (percent of one CPU)
#   WORK=200000 (awk loop iterations per measurement: a few tens of milliseconds)
#   PROTOCOLS="fixed auto single"  PER_TRIAL=40 (auto's measurementsPerTrial)  STABILITY_RUNS=10  BUDGET=4
set -euo pipefail
report() { # DIR: the table of the sessions in DIR (also for a run stopped early: `protocol-bench.sh --report DIR`)
python3 - "$1" <<'PY'
import json, glob, os, statistics, sys
out = sys.argv[1]
print(f"{'protocol':8} {'effect':>6} {'sessions':>8} {'better':>7} {'share':>6} {'gain median':>11} {'gain p10..p90':>15} "
      f"{'claim median':>12} {'loses>=10 (sure): claim | revalidated':>38} {'noise cv':>8} {'measurements':>12} {'seconds':>7}")
def quantile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]
for protocol in ("racing", "fixed", "auto", "single"):
    for effect in ("0", "8"):
        rows = []
        for d in glob.glob(f"{out}/{protocol}-{effect}-*/"):
            try:
                best = json.load(open(os.path.join(d, "best.json")))
                summary = json.load(open(os.path.join(d, "summary.json")))
            except (OSError, ValueError):
                continue
            revalidated = best.get("revalidated") or {}
            gain = revalidated.get("improvementPercent")
            claims = (best.get("improvementPercent") or 0.0, gain)
            lost = (None, None)
            try:
                stability = json.load(open(os.path.join(d, "stability.json")))
                # per claim: (loses 10 points or more by the point estimate, and by the whole 95 % interval)
                lost = tuple(None if c is None else (stability["gainPercent"] <= c - 10,
                                                     stability["gainInterval"][1] <= c - 10) for c in claims)
            except (OSError, ValueError, KeyError, TypeError, IndexError):
                pass
            noise = (summary.get("noise") or {}).get("cvPercent")
            rows.append((best.get("verdict"), gain, best.get("improvementPercent") or 0.0,
                         summary.get("measurements") or summary["stats"]["completedTrials"],
                         summary.get("wallSeconds", 0), lost, noise))
        if not rows:
            continue
        better = sum(1 for r in rows if r[0] == "better")
        gains = [r[1] if r[1] is not None else 0.0 for r in rows]
        def lost_share(k):
            checked = [r[5][k] for r in rows if r[5][k] is not None]
            return f"{sum(c[0] for c in checked)} ({sum(c[1] for c in checked)})/{len(checked)}" if checked else "-"
        lost = f"{lost_share(0)} | {lost_share(1)}"
        noises = [r[6] for r in rows if r[6] is not None]
        noise = f"{statistics.median(noises):.1f}%" if noises else "-"
        print(f"{protocol:8} {effect + ' %':>6} {len(rows):>8} {better:>7} {100 * better / len(rows):>5.1f}% "
              f"{statistics.median(gains):>10.1f}% {quantile(gains, 0.1):>6.1f}..{quantile(gains, 0.9):>5.1f} % "
              f"{statistics.median(r[2] for r in rows):>11.1f}% {lost:>38} {noise:>8} "
              f"{statistics.median(r[3] for r in rows):>12} {statistics.median(r[4] for r in rows):>7}")
PY
}
if [ "${1:-}" = "--report" ]; then report "$2"; exit 0; fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/scripts/bench-interferer.sh"
sessions="${1:-40}"
out="${2:-$(mktemp -d /tmp/protocol-bench.XXXXXX)}"
duty="${DUTY:-50}"
work="${WORK:-200000}"
protocols="${PROTOCOLS:-fixed auto single}"
per_trial="${PER_TRIAL:-40}"
stability_runs="${STABILITY_RUNS:-10}"
budget="${BUDGET:-4}"
interferer="${INTERFERER:-$(command -v stress-ng >/dev/null && echo stress-ng || echo loop)}"
"$here/tunescope" --version >/dev/null   # the jar is built before the sessions start
mkdir -p "$out"

# the measured command: fixed work, timed from inside, so a neighbour's load is what makes it noisy
cat > "$out/target.sh" <<'SH'
#!/usr/bin/env bash
x="${1#--x=}"
s=$(date +%s%N)
awk -v n="$WORK" 'BEGIN { for (i = 0; i < n; i++) s += i * 0.5 }'
e=$(date +%s%N)
micros=$(( (e - s) / 1000 ))
# the planted effect scales the measured time itself: fewer loop iterations would gain less than EFFECT, as the
# processes' start-up is part of the time
if [ "$EFFECT" != 0 ] && [ "$x" -ge 2 ]; then micros=$(( micros * (100 - EFFECT) / 100 )); fi
echo "micros=$micros"
SH
chmod +x "$out/target.sh"

protocol_yaml() { # fixed|auto|single
  case "$1" in
    fixed) echo "{mode: racing, maxSlices: 5, revalidateRuns: 20}" ;;
    auto) echo "{mode: racing, maxSlices: auto, revalidateRuns: auto, measurementsPerTrial: $per_trial}" ;;
    *) echo "$1" ;;
  esac
}

tuning_file() { # protocol seed
  command_tuning_header "$out/target.sh" "$budget" random "$2"
  cat <<YAML
protocol: $(protocol_yaml "$1")
parameters:
  - name: x
    type: int
    min: 0
    max: 3
    default: 0
YAML
}

# the chosen best and the default measured afresh, interleaved, who goes first alternating: stability.json (a best
# that is the default has nothing to lose: recorded as such, not measured)
stability() { # DIR
  local best d=() b=() i
  best=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["best"]["config"]["x"])' "$1/best.json") || return 1
  measure() { "$out/target.sh" "--x=$1" | sed -n 's/^micros=//p'; }
  if [ "$best" != 0 ]; then
    for i in $(seq 1 "$stability_runs"); do
      if [ $(( i % 2 )) = 1 ]; then d+=("$(measure 0)"); b+=("$(measure "$best")")
      else b+=("$(measure "$best")"); d+=("$(measure 0)"); fi
    done
  fi
  python3 - "$1/stability.json" "$best" "${d[*]:-}" "${b[*]:-}" <<'PY'
import json, math, statistics, sys
d = [float(v) for v in sys.argv[3].split()]
b = [float(v) for v in sys.argv[4].split()]
out = {"bestX": int(sys.argv[2]), "default": d, "best": b}
if not d:
    out.update(sameAsDefault=True, gainPercent=0.0, gainInterval=[0.0, 0.0])
else:
    # minimize: the gain of best over default from the interleaved pairs' log-ratios, as the re-validation reads it
    logs = [math.log(y / x) for x, y in zip(d, b)]
    t975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
            15: 2.131, 20: 2.086, 30: 2.042}
    df = len(logs) - 1
    t = t975.get(df) or t975[max(k for k in t975 if k <= df)] if df >= 1 else float("nan")
    mean = statistics.mean(logs)
    half = t * statistics.stdev(logs) / math.sqrt(len(logs)) if df >= 1 else float("nan")
    gain = lambda v: round((1 - math.exp(v)) * 100, 2)
    out.update(sameAsDefault=False, gainPercent=gain(mean), gainInterval=[gain(mean + half), gain(mean - half)])
json.dump(out, open(sys.argv[1], "w"), indent=1)
PY
}

trap stop_interferer EXIT
start_interferer

echo "protocol-bench: $sessions sessions per case ($protocols; auto's measurementsPerTrial $per_trial, budget $budget), interferer $interferer at $duty %, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)" | tee "$out/header.txt"
start=$(date +%s)
for i in $(seq 1 "$sessions"); do
  for effect in 0 8; do
    for protocol in $protocols; do
      dir="$out/$protocol-$effect-$i"
      tuning_file "$protocol" "$i" > "$out/$protocol-$effect-$i.yaml"
      EFFECT="$effect" WORK="$work" "$here/tunescope" tune "$out/$protocol-$effect-$i.yaml" --out "$dir" \
        > "$dir.log" 2>&1 || echo "session $dir failed: see $dir.log" >&2
      EFFECT="$effect" WORK="$work" stability "$dir" || echo "stability of $dir failed" >&2
    done
  done
done
echo "wall $(( $(date +%s) - start )) s, load after $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/header.txt"

report "$out"
