#!/usr/bin/env bash
# Scenarios of scripts/soak-faults.sh that need more than one command: the steady TPC-C run with its memory sampler
# and database restarts (PostgreSQL or MariaDB), a tuning session whose server is restarted, and the full disk.
# Sourced by soak-faults.sh (it uses its variables and record/strays).

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# start_steady DIR SECONDS: a TPC-C run on a private $steady_db (SOAK_STEADY_DB: postgres or mariadb) for SECONDS +
# SOAK_STEADY_MARGIN (default 120 s: the last scenario may overrun), its memory sampled in the background into
# DIR.memory.tsv
start_steady() {
  local dir=$1 seconds=$2
  "$here/tunescope" run --engine "$steady_db" --workload tpcc --warehouses 1 --users 2 --wait 200ms --load \
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
    # under set -e a failed substitution would end the sampler: the agent starts only after the load
    agent=$(pgrep -P "$controller" -f 'tunescope.role=agent' | head -1 || true)
    [ -n "$agent" ] || continue
    for pid in "$controller" "$agent"; do
      jcmd "$pid" GC.run > /dev/null 2>&1 || continue 2
      # the sum over the generations (serial GC: young and tenured; G1: one heap line), not metaspace
      heap=$(jcmd "$pid" GC.heap_info 2>/dev/null | awk '/generation|garbage-first heap/ && match($0, /used [0-9]+K/) {
        n += substr($0, RSTART + 5, RLENGTH - 6); seen = 1 } END { if (seen) print n }' || true)
      rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$heap" ] && [ -n "$rss" ] || continue 2
      row+="	$heap	$rss"
    done
    printf '%s%s\t%s\n' "$(( $(date +%s) - started ))" "$row" "$(cut -d' ' -f1 /proc/loadavg)" >> "$file"
  done
}

# db_restart DIR: restarts the steady run's server, then checks that the run goes on: a transaction committed after
# the restart within 60 s. PostgreSQL: pg_ctl restart -m fast as the owner of its data directory (every connection
# ended); MariaDB: mariadb_restart
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
  if [ "$steady_db" = mariadb ]; then
    if ! mariadb_restart "$dir" >> "$dir.restarts.log" 2>&1; then
      record db-restart FAIL - "MariaDB restart failed: $(tail -1 "$dir.restarts.log")"
      return
    fi
  elif ! runuser -u "$(stat -c %U "$data")" -- "$(pg_bin)/pg_ctl" -D "$data" -m fast -w -t 60 restart \
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

# gone PID: the process has exited (no such process, or a zombie its parent has not reaped yet)
gone() { [ ! -e "/proc/$1" ] || [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = Z ]; }

# mariadb_restart DIR: restarts the MariaDB server of the run in DIR as an operator would, there being no restart
# command for a server started by hand: SIGTERM (MariaDB's normal shutdown, which ends every connection), then the
# same command line again (its my.cnf holds the data directory, the port and the unprivileged user), ready once it
# accepts a connection on its port. The new server is this script's process, not the run's (the run stops only the
# server it started, known by its pid and start time): finish_steady stops it after the run.
mariadb_restart() {
  local dir=$1 pid argv=() cnf port
  pid=$(pgrep -f -- "^([^ ]*/)?mariadbd .*$dir/" | head -1 || true)
  [ -n "$pid" ] || { echo "no mariadbd names $dir"; return 1; }
  mapfile -d '' argv < "/proc/$pid/cmdline"
  cnf=$(printf '%s\n' "${argv[@]}" | sed -n 's/^--defaults-file=//p' || true)
  port=$(sed -n 's/^port *= *//p' "$cnf" 2>/dev/null | tail -1 || true)
  [ -n "$port" ] || { echo "no port in $cnf"; return 1; }
  kill -TERM "$pid"
  for _ in $(seq 1 600); do gone "$pid" && break; sleep 0.1; done
  gone "$pid" || { echo "mariadbd (pid $pid) did not stop within 60 s"; return 1; }
  [ -z "$mariadb_restarted" ] || gone "$mariadb_restarted" || { echo "an earlier restarted server still runs"; return 1; }
  setsid "${argv[@]}" < /dev/null > /dev/null 2>&1 &
  mariadb_restarted=$!
  for _ in $(seq 1 600); do
    (exec 3<> "/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    gone "$mariadb_restarted" && { echo "mariadbd exited at its restart; see its error log"; return 1; }
    sleep 0.1
  done
  echo "mariadbd accepted no connection on port $port within 60 s of its restart"; return 1
}

# check_complete_run DIR CODE [ARGS...] < CHECK: runs the Python CHECK (stdin) with sys.argv[1:] = DIR CODE ARGS,
# after a prelude that reads DIR/summary.json into s (unreadable: the check fails with that one line) and starts the
# list problems with the exit code, completeness and failure when the run did not exit 0 with "complete": true
check_complete_run() {
  { cat <<'PY'
import csv, json, os, sys
d, code = sys.argv[1], int(sys.argv[2])
problems = []
try:
    s = json.load(open(os.path.join(d, "summary.json")))
except (OSError, ValueError) as e:
    print(f"no readable summary.json: {e}"); sys.exit(1)
if code != 0 or s.get("complete") is not True:
    problems.append(f"exit {code}, complete={s.get('complete')}, failure: {str(s.get('failure'))[:90]}")
PY
    cat; } | python3 - "$@"
}

# tune_restart DIR: a tuning session of 2 trials (protocol single, no re-validation), each a fresh private
# PostgreSQL measuring TPC-H (SF 0.01, 1 user, 10 s), whose server is restarted (pg_ctl restart -m fast) while the
# users of a drawn trial run. Checks: the session exits 0 and its summary is complete, the journal holds trials 1..2
# each once, the restarted trial failed with its reason (a lost connection) or was measured anyway, no process left
tune_restart() {
  local dir=$1 status=PASS detail="" budget=2 target=$(( RANDOM % 2 + 1 ))
  cat > "$dir.yaml" <<YAML
target:
  engine: postgres
  workload: sequence
  scaleFactor: 0.01
  users: 1
  warmupIterations: 0
  measure: 10s
  objective: geomean
  revalidate: 0
protocol: single
timeoutSeconds: 900
budget: $budget
strategy: random
seed: $RANDOM
parameters:
  - name: work_mem
    max: 64MB
  - name: random_page_cost
    max: 8
YAML
  "$here/tunescope" tune --out "$dir" "$dir.yaml" > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  local data="" journaled
  for _ in $(seq 1 6000); do   # 10 minutes at most
    kill -0 "$current" 2>/dev/null || break
    journaled=$(grep -c '"type":"trial"' "$dir/journal.jsonl" 2>/dev/null || true)
    if [ "${journaled:-0}" -eq $(( target - 1 )) ]; then
      data=$(pgrep -a -f -- "bin/postgres -D $dir/" | sed -n 's/.* -D \([^ ]*\).*/\1/p' | head -1 || true)
      [ -n "$data" ] && [ "$(cat "${data%/pgdata}/executions.csv" 2>/dev/null | wc -l)" -gt 1 ] && break
    fi
    data=""
    sleep 0.1
  done
  local took="-"
  if [ -n "$data" ]; then
    sleep "$(( RANDOM % 5 + 1 ))"
    local before=$(date +%s%6N) logged
    logged=$(wc -l 2>/dev/null < "$dir.restarts.log" || echo 0)
    if runuser -u "$(stat -c %U "$data")" -- "$(pg_bin)/pg_ctl" -D "$data" -m fast -w -t 60 restart \
        >> "$dir.restarts.log" 2>&1; then
      took="$(( ($(date +%s%6N) - before) / 1000 )) ms"
    elif tail -n +"$(( logged + 1 ))" "$dir.restarts.log" | grep -q '^server stopped'; then
      # the stop ended the trial's connection, so the trial failed and the session stopped its server (as it
      # should) while pg_ctl still waited for the restarted one: the fault was injected; the session is checked below
      took="$(( ($(date +%s%6N) - before) / 1000 )) ms (stopped again by the session before pg_ctl saw it up)"
    elif tail -n +"$(( logged + 1 ))" "$dir.restarts.log" | grep -q 'waiting for server to shut down.*is not a database cluster directory'; then
      # pg_ctl had signalled the shutdown and was waiting for it when the session, its trial failed, stopped the
      # server and removed the trial's data directory: injected as well
      took="- (the session removed the data directory while pg_ctl waited for the shutdown)"
    else
      status=FAIL; detail="pg_ctl restart failed: $(tail -1 "$dir.restarts.log"); "
    fi
  else
    status=FAIL; detail="trial $target's users never ran; "
  fi
  set +e; wait "$current"; local code=$?; set -e; current=""
  local verdict
  verdict=$(check_complete_run "$dir" "$code" "$budget" "$target" <<'PY'
budget, target = int(sys.argv[3]), int(sys.argv[4])
trials = [json.loads(l) for l in open(os.path.join(d, "journal.jsonl")) if '"type":"trial"' in l]
numbers = sorted(t["trial"] for t in trials)
if numbers != list(range(1, budget + 1)):
    problems.append(f"trials in the journal {numbers}")
hit = [t for t in trials if t["trial"] == target]
what = "not journaled"
if hit:
    t = hit[0]
    if t.get("status") == "failed":
        what = f"failed: {str(t.get('reason'))[:110]}"
        if not any(w in str(t.get("reason")) for w in ("connection", "terminat", "57P", "08")):
            problems.append(f"trial {target} failed for another reason than the restart")
    else:
        what = f"measured anyway: {t.get('objective')}"
print(("FAIL " + "; ".join(problems) + " | " if problems else "")
      + f"exit {code}, trials {numbers}, trial {target} (restarted) {what}")
sys.exit(1 if problems else 0)
PY
) || status=FAIL
  local left; left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  record tune-restart "$status" "$code" "${detail}restart took $took; $verdict"
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
  local status=PASS verdict own=""
  # a MariaDB server this script restarted is its own to stop (see mariadb_restart), once the run has ended
  if [ -n "$mariadb_restarted" ] && ! gone "$mariadb_restarted"; then
    kill -TERM "$mariadb_restarted"
    for _ in $(seq 1 600); do gone "$mariadb_restarted" && break; sleep 0.1; done
    gone "$mariadb_restarted" && own="; the server this script restarted stopped by it" \
      || { kill -KILL "$mariadb_restarted"; status=FAIL; own="; the restarted server did not stop within 60 s"; }
  fi
  mariadb_restarted=""
  verdict=$(check_complete_run "$dir" "$code" "$restarts" "$dir.memory.tsv" "${SOAK_WARMUP_SECONDS:-300}" <<'PY'
restarts, memory, warm = int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
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
  verdict+=$own
  printf '%s\t%s\t%s\t%s\n' steady "$status" "$code" "$verdict" >> "$out/steady.tsv"
  echo "soak-faults: steady $status: $verdict" | sed 's/ | /\n  /g' >&2
  [ "$status" = PASS ] || steady_failed=1
}
