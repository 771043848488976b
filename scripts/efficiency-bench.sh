#!/usr/bin/env bash
# How much does a noisy machine slow a tuning session down? Runs many short `tunescope tune` sessions of a tiny
# external command whose two integer knobs x and y (0..15, default 0) have a planted landscape: the command times a
# fixed awk loop from inside and reports that time multiplied by
#     f(x, y) = 1 + A * ((x - x*) / W)^2 + B * ((y - y*) / W)^2        (A = 1, B = 0.5, W = 5 steps)
# so the true value of every configuration, relative to the optimum (x*, y*), is f itself, whatever the machine's
# speed; the optimum moves with the session number. Within 5 % of the optimum (f <= 1.05) lie the optimum and its
# four neighbours along the axes. Sessions run on the quiet machine and beside an interferer, interleaved (session i
# runs every protocol in both conditions before session i + 1, which condition goes first alternating), with the
# default protocol (`auto`: racing, no `protocol:` key) and `single` side by side; session i has seed i and the same
# optimum in every case.
#
# Per session, read from its journal: the first trial at which the session's incumbent (what it would report as best
# at that point: under racing the last trial that won its race, the default before; under `single` the lowest
# objective so far) has a true value within 5 % of the optimum, the measuring time up to then (the journal's
# elapsedMillis of the measurements taken so far) and the wall time (from the session's start to the end of the last
# of those measurements, which the command logs). A session that never gets there is censored at its budget (its
# trials, its whole measuring and wall time) and counted as such. The report gives per protocol and condition the
# sessions, the share that got there, the share whose final best is within 5 %, and the medians (p10..p90) of trials,
# measuring seconds and wall seconds to 95 %; then per protocol the ratio interferer / quiet of each median with a
# percentile bootstrap interval (2,000 resamples of the session numbers, seed 1). It also writes sessions.csv.
#
#   scripts/efficiency-bench.sh [SESSIONS] [OUT]       (SESSIONS per protocol and condition, default 10)
#   scripts/efficiency-bench.sh --report OUT           (the tables of the sessions in OUT so far)
#   INTERFERER=stress-ng|loop|none (default: stress-ng when installed, else loop)  DUTY=50 (percent of one CPU)
#   WORK=100000 (awk loop iterations per measurement: about 10-20 ms)  BUDGET=40 (trials per session)
#   PROTOCOLS="auto single"  STRATEGY=gp (the tuner's default); autoN (e.g. auto30) is `auto` with
#   protocol.measurementsPerTrial N (its measurement budget per trial of budget; `auto` names no protocol: 10)
set -euo pipefail
report() { # DIR: the tables of the sessions in DIR
python3 - "$1" <<'PY'
import csv, glob, json, os, random, re, statistics, sys
out = sys.argv[1]

def true_value(land, config):
    dx = (config["x"] - land["xOpt"]) / land["widthSteps"]
    dy = (config["y"] - land["yOpt"]) / land["widthSteps"]
    return 1 + land["a"] * dx * dx + land["b"] * dy * dy

def session(d):
    """(trials, measuring s, wall s or None, reached, final within 5 %, budget, final incumbent) of one session."""
    land = json.load(open(os.path.join(d, "landscape.json")))
    lines = [json.loads(l) for l in open(os.path.join(d, "journal.jsonl")) if l.strip()]
    racing = any(l.get("type") == "replicate" for l in lines)
    calls = []
    if os.path.exists(d.rstrip("/") + ".calls"):
        start = int(open(d.rstrip("/") + ".start").read().split()[0])
        calls = [(int(v) - start) / 1e9 for v in open(d.rstrip("/") + ".calls").read().split()]
    incumbent, best_value, millis, measured, reached, trials = None, None, 0, 0, None, 0
    for line in lines:
        if line.get("type") == "replicate":
            millis += line.get("elapsedMillis", 0)
            measured += 1
            continue
        if line.get("type") != "trial":
            continue
        trials = max(trials, line["trial"])
        if not racing:
            millis += line.get("elapsedMillis", 0)
            measured += max(1, len(line.get("measurements") or []))
        if racing and line.get("race") in ("incumbent", "better"):
            incumbent = line["config"]
        elif not racing and line.get("status", "").lower() == "ok" and (best_value is None
                                                                       or line["objective"] < best_value):
            incumbent, best_value = line["config"], line["objective"]
        if reached is None and incumbent is not None and true_value(land, incumbent) <= 1.05:
            wall = calls[measured - 1] if 0 < measured <= len(calls) else None
            reached = (line["trial"], millis / 1000, wall)
    final = incumbent is not None and true_value(land, incumbent) <= 1.05
    if reached:
        return reached + (True, final, land["budget"], incumbent)
    wall = calls[measured - 1] if 0 < measured <= len(calls) else None
    return (land["budget"], millis / 1000, wall, False, final, land["budget"], incumbent)

rows = {}
for d in sorted(glob.glob(f"{out}/*-*-*/")):
    m = re.fullmatch(r"(\w+)-(quiet|interferer)-(\d+)", os.path.basename(d.rstrip("/")))
    if not m or not os.path.exists(os.path.join(d, "journal.jsonl")):
        continue
    try:
        rows[(m[1], m[2], int(m[3]))] = session(d)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"skipped {d}: {e}", file=sys.stderr)

with open(os.path.join(out, "sessions.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["protocol", "condition", "session", "reached", "trialsTo95", "measuringSecondsTo95",
                "wallSecondsTo95", "finalWithin5Percent", "budget", "finalX", "finalY"])
    for (p, c, i), r in sorted(rows.items()):
        w.writerow([p, c, i, str(r[3]).lower(), r[0], round(r[1], 3), "" if r[2] is None else round(r[2], 3),
                    str(r[4]).lower(), r[5], (r[6] or {}).get("x", ""), (r[6] or {}).get("y", "")])

def quantile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]

def med(xs):
    return statistics.median(xs) if xs else None

def fmt(v, bound=False):
    if v is None:
        return "-"
    s = f"{v:.0f}" if isinstance(v, int) else f"{v:.1f}"
    return ("≥" + s) if bound else s

def median_bound(vals, censored):
    """Whether the median of vals is only a lower bound: a censored value (itself a lower bound) lies at or below the
    upper of the order statistics the median is taken from, so the true values could move it up."""
    return bool(censored) and min(censored) <= sorted(vals)[len(vals) // 2]

print("censored: a session that never got within 5 % counts at its budget (trials, whole measuring and wall time); "
      "a median marked ≥ rests on such sessions (a lower bound); a ratio marked ≥ or ≤ is a bound, ? unknown")
print(f"{'protocol':8} {'condition':10} {'sessions':>8} {'reached':>8} {'final≤5%':>8} {'trials to 95 %':>18} "
      f"{'measuring s to 95 %':>22} {'wall s to 95 %':>20}")
protocols = sorted({k[0] for k in rows}, key=lambda p: (p != "auto", p))
for p in protocols:
    for c in ("quiet", "interferer"):
        rs = [r for k, r in rows.items() if k[0] == p and k[1] == c]
        if not rs:
            continue
        cells = []
        for col in (0, 1, 2):
            vals = [r[col] for r in rs if r[col] is not None]
            if not vals:
                cells.append("-")
                continue
            lost = [r[col] for r in rs if r[col] is not None and not r[3]]
            p90 = quantile(vals, 0.9)
            cells.append(f"{fmt(med(vals), median_bound(vals, lost))} ({fmt(quantile(vals, 0.1))}.."
                         f"{fmt(p90, bool(lost) and min(lost) <= p90)})")
        reached = sum(r[3] for r in rs)
        final = sum(r[4] for r in rs)
        print(f"{p:8} {c:10} {len(rs):>8} {reached:>3} {100 * reached / len(rs):>3.0f}% {100 * final / len(rs):>7.0f}% "
              f"{cells[0]:>18} {cells[1]:>22} {cells[2]:>20}")

print()
print("ratio interferer / quiet of the medians, 95 % percentile bootstrap interval (2,000 resamples of the sessions)")
print(f"{'protocol':8} {'trials':>22} {'measuring s':>22} {'wall s':>22}")
rng = random.Random(1)
for p in protocols:
    quiet = {k[2]: r for k, r in rows.items() if k[0] == p and k[1] == "quiet"}
    loud = {k[2]: r for k, r in rows.items() if k[0] == p and k[1] == "interferer"}
    both = sorted(set(quiet) & set(loud))
    if not both:
        continue
    cells = []
    for col in (0, 1, 2):
        if any(quiet[i][col] is None or loud[i][col] is None for i in both):
            cells.append("-")
            continue
        def ratio(idx):
            q = med([quiet[i][col] for i in idx])
            return med([loud[i][col] for i in idx]) / q if q else float("inf")
        point = ratio(both)
        boots = sorted(ratio([rng.choice(both) for _ in both]) for _ in range(2000))
        # a median that rests on a censored session is a bound, and so is the ratio
        def bounded(side):
            return median_bound([side[i][col] for i in both], [side[i][col] for i in both if not side[i][3]])
        bound = {(False, False): "", (True, False): "≥", (False, True): "≤", (True, True): "?"}[
            (bounded(loud), bounded(quiet))]
        cells.append(f"{bound}{point:.2f} [{boots[50]:.2f}, {boots[1949]:.2f}]")
    print(f"{p:8} {cells[0]:>22} {cells[1]:>22} {cells[2]:>22}")
mismatch = []
for (p, c, i), r in rows.items():
    try:
        best = json.load(open(os.path.join(out, f"{p}-{c}-{i}", "best.json")))["best"]["config"]
    except (OSError, ValueError, KeyError, TypeError):
        continue
    if r[6] is not None and {k: best.get(k) for k in ("x", "y")} != {k: r[6].get(k) for k in ("x", "y")}:
        mismatch.append(f"{p}-{c}-{i}")
if mismatch:
    print(f"the journal's final incumbent differs from best.json in {len(mismatch)} session(s): {' '.join(mismatch)}")
PY
}
if [ "${1:-}" = "--report" ]; then report "$2"; exit 0; fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/scripts/bench-interferer.sh"
sessions="${1:-10}"
out="${2:-$(mktemp -d /tmp/efficiency-bench.XXXXXX)}"
duty="${DUTY:-50}"
work="${WORK:-100000}"
budget="${BUDGET:-40}"
protocols="${PROTOCOLS:-auto single}"
strategy="${STRATEGY:-gp}"
interferer="${INTERFERER:-$(command -v stress-ng >/dev/null && echo stress-ng || echo loop)}"
for p in $protocols; do
  [[ "$p" =~ ^(auto|single|auto[1-9][0-9]*)$ ]] \
    || { echo "efficiency-bench: PROTOCOLS ($p) must be auto, autoN (N a whole number from 1) or single" >&2; exit 3; }
done
# measurements a session of protocol P may take per trial of budget: single 1, auto the tuner's default 10, autoN N
per_trial() { case "$1" in single) echo 1 ;; auto) echo 10 ;; *) echo "${1#auto}" ;; esac; }
case "$interferer" in stress-ng|loop|none) ;; *) echo "efficiency-bench: INTERFERER ($interferer) must be stress-ng, loop or none" >&2; exit 3 ;; esac
"$here/tunescope" --version >/dev/null   # the jar is built before the sessions start
mkdir -p "$out"

# the measured command: fixed work, timed from inside, scaled by the planted landscape; each call logs its end
cat > "$out/target.sh" <<'SH'
#!/usr/bin/env bash
for a in "$@"; do case "$a" in --x=*) x="${a#--x=}" ;; --y=*) y="${a#--y=}" ;; esac; done
s=$(date +%s%N)
awk -v n="$WORK" 'BEGIN { for (i = 0; i < n; i++) s += i * 0.5 }'
e=$(date +%s%N)
dx=$(( x - X_OPT )); dy=$(( y - Y_OPT ))
# f in parts per 10,000: 10000 * (1 + (100 dx^2 + 50 dy^2) / (100 W^2)), exact for W = 5
f=$(( 10000 + 100 * (100 * dx * dx + 50 * dy * dy) / (WIDTH * WIDTH) ))
echo "micros=$(( (e - s) / 1000 * f / 10000 ))"
echo "$e" >> "$CALLS"
SH
chmod +x "$out/target.sh"

optimum() { # SESSION: "x* y*", away from the default (0, 0) and from the edges
  echo "$(( 3 + ($1 * 7) % 10 )) $(( 2 + ($1 * 5) % 11 ))"
}

tuning_file() { # protocol seed
  command_tuning_header "$out/target.sh" "$budget" "$strategy" "$2"
  case "$1" in
    single) echo "protocol: single" ;;
    auto?*) printf 'protocol:\n  measurementsPerTrial: %s\n' "$(per_trial "$1")" ;;
  esac
  cat <<YAML
parameters:
  - {name: x, type: int, min: 0, max: 15, default: 0}
  - {name: y, type: int, min: 0, max: 15, default: 0}
YAML
}

trap stop_interferer EXIT

# the expected duration: a session measures at most per_trial times its budget; each measurement costs twice what a
# call of the command costs here (three calls, before the sessions) plus 5 ms of the tuner's own, and a session four
# seconds more (the JVM's start, the end)
calls="$out/calibrate.calls"
t0=$(date +%s%N)
for _ in 1 2 3; do X_OPT=0 Y_OPT=0 WIDTH=5 WORK="$work" CALLS="$calls" "$out/target.sh" --x=0 --y=0 >/dev/null; done
per_call_ms=$(( ($(date +%s%N) - t0) / 3000000 + 5 ))
measurements=0
for p in $protocols; do measurements=$(( measurements + budget * $(per_trial "$p") )); done
n_protocols=$(wc -w <<< "$protocols")
expected_s=$(( sessions * 2 * (measurements * per_call_ms * 2 / 1000 + 4 * n_protocols) ))
echo "efficiency-bench: $sessions sessions per protocol and condition ($protocols; budget $budget, strategy $strategy, WORK $work), interferer $interferer at $duty %, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ); expected at most about $(( (expected_s + 59) / 60 )) min ($per_call_ms ms per call)" | tee "$out/header.txt"

start=$(date +%s)
for i in $(seq 1 "$sessions"); do
  read -r x_opt y_opt <<< "$(optimum "$i")"
  conditions="quiet interferer"
  [ $(( i % 2 )) = 0 ] && conditions="interferer quiet"
  for condition in $conditions; do
    [ "$condition" = interferer ] && start_interferer
    for protocol in $protocols; do
      name="$protocol-$condition-$i"
      dir="$out/$name"
      tuning_file "$protocol" "$i" > "$out/$name.yaml"
      : > "$out/$name.calls"
      date +%s%N > "$out/$name.start"
      X_OPT="$x_opt" Y_OPT="$y_opt" WIDTH=5 WORK="$work" CALLS="$out/$name.calls" \
        "$here/tunescope" tune "$out/$name.yaml" --out "$dir" > "$dir.log" 2>&1 \
        || echo "session $dir failed: see $dir.log" >&2
      mkdir -p "$dir"
      printf '{"xOpt": %d, "yOpt": %d, "widthSteps": 5, "a": 1.0, "b": 0.5, "min": 0, "max": 15, "budget": %d}\n' \
        "$x_opt" "$y_opt" "$budget" > "$dir/landscape.json"
    done
    [ "$condition" = interferer ] && stop_interferer
  done
done
echo "wall $(( $(date +%s) - start )) s, load after $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/header.txt"

report "$out"
