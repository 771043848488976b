#!/usr/bin/env bash
# Scenarios of scripts/soak-faults.sh that need more than one command: the steady TPC-C run with its memory sampler
# and database restarts, and the full disk. Sourced by soak-faults.sh (it uses its variables and record/strays).

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# start_steady DIR SECONDS: a TPC-C run on a private PostgreSQL for SECONDS + SOAK_STEADY_MARGIN (default 120 s: the last scenario may overrun),
# its memory sampled in the background into DIR.memory.tsv
start_steady() {
  local dir=$1 seconds=$2
  "$here/tunescope" run --engine postgres --workload tpcc --warehouses 1 --users 2 --wait 200ms --load \
    --duration "$(( seconds + ${SOAK_STEADY_MARGIN:-120} ))s" --out "$dir" > "$dir.stdout" 2> "$dir.stderr" &
  steady=$!
  echo "soak-faults: steady TPC-C run (pid $steady) for $(( seconds + ${SOAK_STEADY_MARGIN:-120} )) s in $dir" >&2
  sample_memory "$steady" "$dir.memory.tsv" "${SOAK_MEMORY_SECONDS:-60}" &
  sampler=$!
}

# one line per period: seconds since start, heap after a full GC (KiB) and RSS (KiB) of the controller and of its
# tenant agent, load average
sample_memory() {
  local controller=$1 file=$2 period=$3 started
  started=$(date +%s)
  printf 'seconds\tcontrollerHeapKiB\tcontrollerRssKiB\tagentHeapKiB\tagentRssKiB\tloadavg1\n' > "$file"
  while kill -0 "$controller" 2>/dev/null; do
    sleep "$period"
    local agent row="" pid heap rss
    agent=$(pgrep -P "$controller" -f 'tunescope.role=agent' | head -1)
    [ -n "$agent" ] || continue
    for pid in "$controller" "$agent"; do
      jcmd "$pid" GC.run > /dev/null 2>&1 || continue 2
      # the sum over the generations (serial GC: young and tenured; G1: one heap line), not metaspace
      heap=$(jcmd "$pid" GC.heap_info 2>/dev/null | awk '/generation|garbage-first heap/ && match($0, /used [0-9]+K/) {
        n += substr($0, RSTART + 5, RLENGTH - 6); seen = 1 } END { if (seen) print n }')
      rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$heap" ] && [ -n "$rss" ] || continue 2
      row+="	$heap	$rss"
    done
    printf '%s%s\t%s\n' "$(( $(date +%s) - started ))" "$row" "$(cut -d' ' -f1 /proc/loadavg)" >> "$file"
  done
}

# db_restart DIR: restarts the steady run's PostgreSQL (fast shutdown: every connection ended) as the owner of its
# data directory, then checks that the run goes on: a transaction committed after the restart within 60 s
db_restart() {
  local dir=$1 data="$1/tenants/t1/pgdata" status=PASS detail=""
  kill -0 "$steady" 2>/dev/null || { echo "soak-faults: steady run over, no db-restart" >&2; return; }
  for _ in $(seq 1 900); do
    [ "$(cat "$dir/tenants/t1/executions.csv" 2>/dev/null | wc -l)" -gt 1 ] && break
    kill -0 "$steady" 2>/dev/null || break
    sleep 0.1
  done
  sleep "$(( RANDOM % 10 + 5 ))"
  local before=$(date +%s%6N) took
  if ! runuser -u "$(stat -c %U "$data")" -- "$(pg_bin)/pg_ctl" -D "$data" -m fast -w -t 60 restart \
      >> "$dir.restarts.log" 2>&1; then
    record db-restart FAIL - "pg_ctl restart failed: $(tail -1 "$dir.restarts.log")"
    return
  fi
  took=$(( ($(date +%s%6N) - before) / 1000 ))
  local after=""
  for _ in $(seq 1 600); do
    after=$(awk -F, -v t="$before" 'NR > 1 && $8 > t && $11 == "" {n++} END {print n + 0}' \
      "$dir/tenants/t1/executions.csv")
    [ "$after" -gt 0 ] && break
    sleep 0.1
  done
  kill -0 "$steady" 2>/dev/null || { status=FAIL; detail="the steady run ended after the restart; "; }
  [ "$after" -gt 0 ] || { status=FAIL; detail+="no transaction committed within 60 s of the restart; "; }
  record db-restart "$status" - "${detail}restart took $took ms; commits after it: $after"
}

# disk_full DIR: a 2-tenant DuckDB run whose --out is on a 16 MiB tmpfs, filled once its users run: exit 1, one
# line naming the full disk, no stack trace, summary.json with complete false and the executions on disk counted
disk_full() {
  local dir=$1 mnt="$1.mnt" status=PASS detail=""
  mkdir -p "$mnt"
  mount -t tmpfs -o size=16m tmpfs "$mnt" || { record disk-full FAIL - "cannot mount a tmpfs"; return; }
  mounted=$mnt
  "$here/tunescope" run --engine duckdb --sf 0.01 --tenants 2 --users 2 --workload sequence --permute \
    --duration 60s --out "$mnt/out" > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  if await_rows "$mnt/out/tenants/t1/executions.csv"; then
    sleep "$(( RANDOM % 4 + 1 ))"
    dd if=/dev/zero of="$mnt/filler" bs=64k > /dev/null 2>&1 || true
  else
    status=FAIL; detail="no execution before the fault; "
  fi
  set +e; wait "$current"; local code=$?; set -e; current=""
  # what the user reads: stderr without the progress lines and the notes on files whose last line the full disk tore
  local said; said=$(tr '\r' '\n' < "$dir.stderr" | grep -v -E '^(load|run) |^$|its last line is torn' || true)
  if [ "$(printf '%s\n' "$said" | grep -c .)" -ne 1 ] || ! printf '%s' "$said" | grep -q 'No space left on device'; then
    status=FAIL; detail+="stderr is not one line naming the full disk: $(printf '%s' "$said" | head -3 | tr '\n' '|'); "
  fi
  rm -f "$mnt/filler"
  local verdict; verdict=$(check_cut_run "$mnt/out" "$code") || status=FAIL
  local left; left=$(strays "$mnt")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  # keep what was measured beside the soak's other results, then unmount
  cp -a "$mnt/out" "$dir" 2>/dev/null || true
  umount "$mnt" && mounted="" && rmdir "$mnt"
  record disk-full "$status" "$code" "$detail$verdict"
}

# finish_steady DIR: waits for the steady run, checks it and prints the memory slopes
finish_steady() {
  local dir=$1
  set +e; wait "$steady"; local code=$?; set -e; steady=""
  [ -z "$sampler" ] || { wait "$sampler" 2>/dev/null || true; sampler=""; }
  local restarts; restarts=$(awk -F'\t' '$1 == "db-restart"' "$results" | wc -l)
  local status=PASS verdict
  verdict=$(python3 - "$dir" "$code" "$restarts" "$dir.memory.tsv" "${SOAK_WARMUP_SECONDS:-300}" <<'PY'
import csv, json, os, sys
d, code, restarts, memory, warm = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
problems = []
try:
    s = json.load(open(os.path.join(d, "summary.json")))
except (OSError, ValueError) as e:
    print(f"no readable summary.json: {e}"); sys.exit(1)
if code != 0 or s.get("complete") is not True:
    problems.append(f"exit {code}, complete={s.get('complete')}, failure: {s.get('failure')}")
t = s["tenants"][0]
with open(os.path.join(d, "tenants", "t1", "executions.csv"), newline="") as f:
    rows = [r for r in csv.DictReader(f) if r["phase"] == "MEASURE"]
if len(rows) != t["executions"]:
    problems.append(f"executions on disk {len(rows)} != summary {t['executions']}")
states = (t.get("transactions") or {}).get("errorsBySqlState") or {}
lost = sum(n for k, n in states.items() if k.startswith("08") or k.startswith("57P"))
if restarts and not lost:
    problems.append(f"{restarts} restarts but no lost connection counted: {states}")
out = [f"steady run: exit {code}, {t['executions']} transactions ({sum(1 for r in rows if not r['error'])} committed) "
       f"over {t['measureSeconds']:.0f} s, {restarts} restarts, failures by SQLSTATE {states}"]
samples = [l.rstrip("\n").split("\t") for l in open(memory)][1:]
samples = [[float(x) for x in r] for r in samples if len(r) == 6]
after = [r for r in samples if r[0] >= warm] if len(samples) >= 8 else samples[1:]
for name, col in (("controller heap", 1), ("controller RSS", 2), ("agent heap", 3), ("agent RSS", 4)):
    xs = [r[0] / 3600 for r in after]; ys = [r[col] / 1024 for r in after]
    if len(xs) < 3:
        problems.append(f"{name}: only {len(xs)} samples after warm-up"); continue
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    growth = slope * (xs[-1] - xs[0])
    # flat: the fitted growth over the span under 10 % of the mean (heap after a full GC; RSS also holds free
    # committed heap, code and metaspace); a shrinking heap is no leak
    flat = growth < 0.10 * my
    if not flat:
        problems.append(f"{name} not flat")
    out.append(f"{name}: {len(xs)} samples over {(xs[-1] - xs[0]) * 60:.0f} min, mean {my:.1f} MiB "
               f"({min(ys):.1f}-{max(ys):.1f}), slope {slope:+.2f} MiB/h, growth over the span {growth:+.2f} MiB "
               f"({100 * growth / my:+.1f} %) {'flat' if flat else 'NOT FLAT'}")
loads = [r[5] for r in samples]
if loads:
    out.append(f"load average {min(loads):.1f}-{max(loads):.1f} over the samples")
print(("FAIL " + "; ".join(problems) + " | " if problems else "") + " | ".join(out))
sys.exit(1 if problems else 0)
PY
) || status=FAIL
  local left; left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; verdict+="; left running: $left"; }
  printf '%s\t%s\t%s\t%s\n' steady "$status" "$code" "$verdict" >> "$out/steady.tsv"
  echo "soak-faults: steady $status: $verdict" | sed 's/ | /\n  /g' >&2
  [ "$status" = PASS ] || steady_failed=1
}
