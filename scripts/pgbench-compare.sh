#!/usr/bin/env bash
# pgbench (C, libpq) and tunescope's pgbench workload side by side on one private PostgreSQL: the same database
# (initialized once by pgbench -i), the same built-in scripts, prepared statements in both, the two tools alternated
# (which goes first flips every repeat). Prints one line per run and, per workload and client count, the median tps
# ratio tunescope/pgbench and both tools' latency percentiles (pgbench's from its per-transaction log).
# Then the driver's own CPU per 1,000 transactions: tunescope's CPU (controller and agent JVM, from /usr/bin/time)
# for a long and a short run of select-only, the difference divided by the difference in transactions, so start-up,
# JIT and connection set-up cancel out.
# Usage: scripts/pgbench-compare.sh   (env: SCALE=10 SECS=15 REPS=2 CLIENTS="1 4 16" WORKLOADS="tpcb-like select-only")
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pgbin=${PGBIN:-/usr/lib/postgresql/15/bin}
scale=${SCALE:-10}; secs=${SECS:-15}; reps=${REPS:-2}; clients=${CLIENTS:-"1 4 16"}
workloads=${WORKLOADS:-"tpcb-like select-only"}; warmup=${WARMUP:-2000}
work=$(mktemp -d /tmp/pgbench-compare.XXXXXX)
chmod 755 "$work"; [ "$(id -u)" = 0 ] && chown postgres "$work"
port=$((20000 + RANDOM % 20000))
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$pgbin/initdb" -D "$work/data" -U bench --auth=trust >/dev/null
as_pg "$pgbin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=60" start >/dev/null
trap 'as_pg "$pgbin/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
as_pg "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U bench bench
pgbench -i -q -s "$scale" -h 127.0.0.1 -p "$port" -U bench bench 2>/dev/null
url="jdbc:postgresql://127.0.0.1:$port/bench"
results="$work/results.tsv"

run_pgbench() {  # workload clients rep
  local threads=$(( $2 < 2 ? $2 : 2 )) dir="$work/pgb-$1-$2-$3"
  mkdir -p "$dir"; chmod 777 "$dir"
  (cd "$dir" && pgbench -n -M prepared -b "$1" -c "$2" -j "$threads" -T "$secs" -l \
      -h 127.0.0.1 -p "$port" -U bench bench > out.txt 2>&1)
  local tps; tps=$(grep -o 'tps = [0-9.]*' "$dir/out.txt" | head -1 | grep -o '[0-9.]*$')
  cat "$dir"/pgbench_log.* | awk '{print $3/1000}' | sort -n | awk -v tps="$tps" -v w="$1" -v c="$2" '
    {a[NR]=$1} END {printf "pgbench\t%s\t%d\t%.1f\t%.3f\t%.3f\t%.3f\n", w, c, tps, a[int(NR*.5)+1], a[int(NR*.95)+1], a[int(NR*.99)+1]}' >> "$results"
  tail -1 "$results"
}

run_tunescope() {  # workload clients rep [seconds] -> also prints cpu seconds and executions
  local dir="$work/ts-$1-$2-$3" s=${4:-$secs}
  /usr/bin/time -f "%U %S" -o "$work/time.txt" "$here/tunescope" run --engine jdbc --url "$url" --db-user bench \
      --workload "pgbench:$1" --no-load --sf "$scale" --users "$2" --warmup "$warmup" --duration "${s}s" \
      --out "$dir" > /dev/null 2>&1
  python3 - "$dir/summary.json" "$1" "$2" "$work/time.txt" "${5:-}" >> "${6:-$results}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["tenants"][0]
q = t["queries"][0]
cpu = sum(float(x) for x in open(sys.argv[4]).read().split()[:2])
if sys.argv[5]:
    print("%d\t%.2f" % (t["executions"], cpu))
else:
    print("tunescope\t%s\t%s\t%.1f\t%.3f\t%.3f\t%.3f" % (sys.argv[2], sys.argv[3], t["throughputPerSec"],
          q["p50Millis"], q["p95Millis"], q["p99Millis"]))
PY
  [ -z "${5:-}" ] && tail -1 "$results"
  return 0
}

echo "# tool workload clients tps p50_ms p95_ms p99_ms   (load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
for w in $workloads; do
  for c in $clients; do
    for r in $(seq 1 "$reps"); do
      if [ $((r % 2)) = 1 ]; then run_pgbench "$w" "$c" "$r"; run_tunescope "$w" "$c" "$r"
      else run_tunescope "$w" "$c" "$r"; run_pgbench "$w" "$c" "$r"; fi
    done
  done
done
echo "# median per workload and clients (load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "$results" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
keys = sorted({(r[1], int(r[2])) for r in rows})
print("workload      clients  tps pgbench  tps tunescope  ratio   p50/p95/p99 ms pgbench   p50/p95/p99 ms tunescope")
for w, c in keys:
    def med(tool, i):
        return statistics.median(float(r[i]) for r in rows if r[0] == tool and r[1] == w and int(r[2]) == c)
    pg, ts = med("pgbench", 3), med("tunescope", 3)
    lat = lambda tool: "/".join("%.2f" % med(tool, i) for i in (4, 5, 6))
    print("%-13s %7d  %11.0f  %13.0f  %5.2fx   %-22s   %s" % (w, c, pg, ts, ts / pg, lat("pgbench"), lat("tunescope")))
PY
# driver CPU: the agent JVM's CPU (/proc/PID/stat) over a 10-second window of a select-only run, divided by the
# transactions that started in that window (from executions.csv); pgbench's own: its CPU over all its transactions
cpu_probe() {  # clients
  local dir="$work/cpu-$1"
  "$here/tunescope" run --engine jdbc --url "$url" --db-user bench --workload pgbench:select-only --no-load \
      --sf "$scale" --users "$1" --warmup "$warmup" --duration 25s --out "$dir" > /dev/null 2>&1 &
  local ctl=$! agent=""
  for _ in $(seq 1 600); do agent=$(pgrep -P "$ctl" java | head -1 || true); [ -n "$agent" ] && break; sleep 0.1; done
  for _ in $(seq 1 600); do [ -s "$dir/tenants/t1/executions.csv" ] && break; sleep 0.1; done
  sleep 6
  local t1 c1 t2 c2
  t1=$(date +%s%6N); c1=$(awk '{print $14 + $15}' "/proc/$agent/stat")
  sleep 10
  t2=$(date +%s%6N); c2=$(awk '{print $14 + $15}' "/proc/$agent/stat")
  wait "$ctl" || true
  local n; n=$(awk -F, -v a="$t1" -v b="$t2" 'NR > 1 && $8 >= a && $8 < b' "$dir/tenants/t1/executions.csv" | wc -l)
  local tick; tick=$(getconf CLK_TCK)
  awk -v n="$n" -v c="$((c2 - c1))" -v t="$tick" -v u="$1" 'BEGIN {printf "tunescope driver CPU: %.1f ms per 1,000 select-only transactions (%d users, %d transactions in 10 s)\n", c / t * 1000 / n * 1000, u, n}'
  /usr/bin/time -f "%U %S" -o "$work/pgtime.txt" pgbench -n -M prepared -b select-only -c "$1" -j "$(( $1 < 2 ? $1 : 2 ))" \
      -T 10 -h 127.0.0.1 -p "$port" -U bench bench > "$work/pgcpu.txt" 2>&1
  local m; m=$(grep -o 'number of transactions actually processed: [0-9]*' "$work/pgcpu.txt" | grep -o '[0-9]*$')
  awk -v n="$m" -v u="$1" '{printf "pgbench CPU: %.1f ms per 1,000 select-only transactions (%d users, %d transactions in 10 s)\n", ($1 + $2) * 1000 / n * 1000, u, n}' "$work/pgtime.txt"
}
cpu_probe 4
