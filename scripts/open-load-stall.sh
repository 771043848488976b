#!/usr/bin/env bash
# Open load against a stalled server: tunescope runs pgbench's select-only at a fixed arrival rate below saturation
# against a private PostgreSQL; mid-run every server process is stopped (SIGSTOP) for STALL_MS and continued. Prints
# the achieved rate against the target, and the response times (counted from each transaction's scheduled start) of
# the transactions scheduled during the stall beside those of the rest of the run: the stall must show in them.
# Usage: scripts/open-load-stall.sh   (env: RATE=200 USERS=8 SECS=20 STALL_AT=8 STALL_MS=1000 SCALE=1)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pgbin=${PGBIN:-/usr/lib/postgresql/15/bin}
rate=${RATE:-200}; users=${USERS:-8}; secs=${SECS:-20}; stall_at=${STALL_AT:-8}; stall_ms=${STALL_MS:-1000}
scale=${SCALE:-1}
work=$(mktemp -d /tmp/open-load-stall.XXXXXX)
chmod 755 "$work"; [ "$(id -u)" = 0 ] && chown postgres "$work"
port=$((20000 + RANDOM % 20000))
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$pgbin/initdb" -D "$work/data" -U bench --auth=trust >/dev/null
as_pg "$pgbin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w -o "-p $port -k $work -c listen_addresses=127.0.0.1" \
    start >/dev/null
postmaster=$(head -1 "$work/data/postmaster.pid")
cleanup() {
  kill -CONT "$postmaster" $(pgrep -P "$postmaster" || true) 2>/dev/null || true
  as_pg "$pgbin/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
as_pg "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U bench bench
pgbench -i -q -s "$scale" -h 127.0.0.1 -p "$port" -U bench bench 2>/dev/null
out="$work/run"
"$here/tunescope" run --engine jdbc --url "jdbc:postgresql://127.0.0.1:$port/bench" --db-user bench \
    --workload pgbench:select-only --users "$users" --rate "$rate" --duration "${secs}s" --out "$out" \
    > "$work/run.txt" 2>&1 &
runner=$!
csv="$out/tenants/t1/executions.csv"
until [ -s "$csv" ] && [ "$(wc -l < "$csv")" -gt 1 ]; do
  kill -0 "$runner" 2>/dev/null || { cat "$work/run.txt"; exit 1; }
  sleep 0.1
done
sleep "$stall_at"
stopped=$(pgrep -P "$postmaster" | tr '\n' ' ')
from_us=$(date +%s%6N)
kill -STOP "$postmaster" $stopped
sleep "$(awk -v ms="$stall_ms" 'BEGIN {print ms / 1000}')"
kill -CONT "$postmaster" $stopped
to_us=$(date +%s%6N)
wait "$runner"
python3 - "$out" "$from_us" "$to_us" "$rate" <<'PY'
import csv, json, sys
out, t0, t1, target = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
rows = [r for r in csv.DictReader(open(out + "/tenants/t1/executions.csv")) if r["phase"] == "MEASURE"]
summary = json.load(open(out + "/summary.json"))
seconds = summary["tenants"][0]["measureSeconds"]
def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p * len(v)))] if v else float("nan")
during = [int(r["responseNanos"]) / 1e6 for r in rows if t0 <= int(r["startEpochMicros"]) < t1]
rest = [int(r["responseNanos"]) / 1e6 for r in rows if not t0 - 2_000_000 <= int(r["startEpochMicros"]) < t1 + 2_000_000]
every = [int(r["responseNanos"]) / 1e6 for r in rows]
achieved = len(rows) / seconds
expected = target * seconds
print(f"target {target:.0f}/s  achieved {achieved:.1f}/s  ({100 * (achieved / target - 1):+.2f} %) over {seconds:.1f} s; "
      f"Poisson arrivals alone spread the count by +/-{100 / expected ** 0.5:.2f} % (one standard deviation)")
print(f"stall {(t1 - t0) / 1000:.0f} ms: {len(during)} transactions scheduled in it, p50 {pct(during, .5):.1f} ms, "
      f"max {max(during, default=float('nan')):.1f} ms")
print(f"away from the stall (2 s either side left out): {len(rest)} transactions, p50 {pct(rest, .5):.2f} ms, "
      f"p99 {pct(rest, .99):.2f} ms")
print(f"whole run: p99 {pct(every, .99):.1f} ms, p99.9 {pct(every, .999):.1f} ms")
PY
