#!/usr/bin/env bash
# Soak with faults: for DURATION, runs one scenario after another, picked at random (SEED), each with a fault
# injected at a random moment, and checks what it left:
#   pg-kill      a PostgreSQL tenant's postmaster killed (SIGKILL) while 2 users run TPC-H;
#   mariadb-kill a MariaDB tenant's server killed (SIGKILL) while 2 users run TPC-H;
#   agent-kill   the controller of a 2-tenant DuckDB run killed (SIGKILL) while its users run;
#   tune-kill    `tune` killed (SIGKILL) mid-session, then `tune --resume` to the end;
#   shop-term    `shop run` (H2 behind nginx) stopped with SIGTERM while its browsers run;
#   node-kill    an application node of `shop run` (H2, 2 nodes behind nginx) killed (SIGKILL) while browsers run;
#   proxy-kill   the nginx of such a run killed (SIGKILL): its master alone, or with its workers (drawn;
#                SOAK_PROXY_KILL=master or group forces one);
#   tune-restart the private PostgreSQL of a tuning session's trial restarted (pg_ctl restart -m fast) mid-trial;
#   db-restart   the server of the steady TPC-C run (below) restarted: PostgreSQL with pg_ctl restart -m fast,
#                MariaDB with SIGTERM and the same command line again;
#   disk-full    the file system of a 2-tenant DuckDB run's --out (a 16 MiB tmpfs; root only) filled while it runs.
# Beside the scenarios, for the whole soak, a steady TPC-C run (a private PostgreSQL, or MariaDB with
# SOAK_STEADY_DB=mariadb; 1 warehouse, 2 users) whose
# controller and tenant agent are sampled every SOAK_MEMORY_SECONDS (60): heap after a full GC and RSS; at the end
# the script prints their least-squares slopes per hour and checks the run: exit 0, complete, every execution on disk
# counted, the restarts' lost connections counted by SQLSTATE, the TPC-C consistency conditions held (the run checks
# them at its end and fails otherwise). SOAK_STEADY=0 leaves it out.
# After each: no process of the scenario left (nothing whose command line names its directory, 20 s deadline; for
# the web stack also each process below the run's controller at the fault and every process of their process groups);
# a cut run keeps summary.json with "complete": false and counts exactly the executions on disk; a resumed session
# ends with each trial number once and the budget's count of trials; a stopped shop run keeps its summary with the
# interactions counted. Prints one line per scenario and a table at the end; exits 1 when any check failed.
# Usage: scripts/soak-faults.sh [OUT] [DURATION=5m] [SEED=1]       (SOAK_ONLY=NAME runs only that scenario)
set -euo pipefail
steady_db=${SOAK_STEADY_DB:-postgres}
case "$steady_db" in
  postgres|mariadb) ;;
  *) echo "soak-faults: SOAK_STEADY_DB ($steady_db) must be postgres or mariadb" >&2; exit 2 ;;
esac
scenarios=(pg-kill mariadb-kill agent-kill tune-kill shop-term node-kill proxy-kill tune-restart)
[ "$(id -u)" = 0 ] && scenarios+=(disk-full)
[ "${SOAK_STEADY:-1}" = 0 ] || scenarios+=(db-restart)
case "${SOAK_PROXY_KILL:-}" in
  ''|master|group) ;;
  *) echo "soak-faults: SOAK_PROXY_KILL (${SOAK_PROXY_KILL}) must be master or group (unset: drawn)" >&2; exit 2 ;;
esac
case " ${scenarios[*]} " in
  *" ${SOAK_ONLY:-${scenarios[0]}} "*) ;;
  *) echo "soak-faults: SOAK_ONLY (${SOAK_ONLY:-}) must be one of: ${scenarios[*]}" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=${1:-$(mktemp -d /tmp/soak-faults.XXXXXX)}
duration=${2:-5m}
seed=${3:-1}
mkdir -p "$out"
chmod 755 "$out"   # a private server's data directory under it must be reachable by the server's user
results="$out/results.tsv"
: > "$results"
"$here/tunescope" --version > /dev/null   # the jar is current before the clock starts
seconds() { case "$1" in *h) echo $(( ${1%h} * 3600 ));; *m) echo $(( ${1%m} * 60 ));; *s) echo "${1%s}";; *) echo "$1";; esac; }
end=$(( $(date +%s) + $(seconds "$duration") ))
RANDOM=$seed
current=""
steady=""
sampler=""
mounted=""
mariadb_restarted=""
cleanup() {
  [ -n "$current" ] && kill -KILL "$current" 2>/dev/null || true
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  # the steady run stops its server and agent on SIGINT; SIGKILL only if it does not end in 60 s
  if [ -n "$steady" ] && kill -0 "$steady" 2>/dev/null; then
    kill -INT "$steady" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$steady" 2>/dev/null || break; sleep 1; done
    kill -KILL "$steady" 2>/dev/null || true
  fi
  [ -z "$mounted" ] || umount "$mounted" 2>/dev/null || true
  [ -z "$mariadb_restarted" ] || kill -TERM "$mariadb_restarted" 2>/dev/null || true
}
trap cleanup EXIT

# polls until FILE has more than one line (a header and an execution), at most 90 s
await_rows() {
  for _ in $(seq 1 900); do
    [ "$(cat $1 2>/dev/null | wc -l)" -gt 1 ] && return 0
    kill -0 "$current" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
# every process whose command line names DIR (but not this script's own pgrep), after a 20 s deadline
strays() {
  for _ in $(seq 1 200); do
    pgrep -f -- "$1/" > /dev/null || return 0
    sleep 0.1
  done
  pgrep -fa -- "$1/" | head -3
}
record() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$results"; echo "soak-faults: $1 $2 $3: $4" >&2; }

# a cut TPC-H run: exit code 1, summary with complete false, executions on disk = executions counted
check_cut_run() {
  python3 - "$1" "$2" <<'PY'
import csv, glob, json, os, sys
d, code = sys.argv[1], int(sys.argv[2])
problems = []
if code == 0:
    problems.append("exit 0 after the fault")
try:
    s = json.load(open(os.path.join(d, "summary.json")))
except (OSError, ValueError) as e:
    print(f"no readable summary.json: {e}"); sys.exit(1)
if s.get("complete") is not False:
    problems.append("summary says complete")
on_disk = {}
for path in glob.glob(os.path.join(d, "tenants", "*", "executions.csv")):
    with open(path, newline="") as f:
        text = f.read()
    if not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]   # a torn last line (a kill, a full disk): the summary's reader drops it
    on_disk[os.path.basename(os.path.dirname(path))] = sum(
        1 for r in csv.DictReader(text.splitlines()) if r["phase"] == "MEASURE")
counted = {t["name"]: t["executions"] for t in s.get("tenants", [])}
if {k: v for k, v in on_disk.items() if v} != {k: v for k, v in counted.items() if v}:
    problems.append(f"executions on disk {on_disk} != summary {counted}")
print("; ".join(problems) if problems else f"executions kept {sum(counted.values())}, reason: {str(s.get('failure'))[:90]}")
sys.exit(1 if problems else 0)
PY
}

run_cut() {   # run_cut NAME DIR SIGNAL_TARGET_PATTERN ENGINE_ARGS...
  local name=$1 dir=$2 pattern=$3; shift 3
  "$here/tunescope" run "$@" --users 2 --workload sequence --permute --duration 60s --out "$dir" \
    > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  local detail="" status=PASS
  if await_rows "$dir/tenants/t1/executions.csv"; then
    sleep "$(( RANDOM % 4 + 1 ))"
    local victim
    if [ "$pattern" = controller ]; then victim=$current; else victim=$(pgrep -o -f -- "$pattern" || true); fi
    [ -n "$victim" ] && kill -KILL "$victim" || { status=FAIL; detail="no process matched $pattern; "; }
  else
    status=FAIL; detail="no execution before the fault; "
  fi
  set +e; wait "$current"; local code=$?; set -e; current=""
  if [ "$pattern" = controller ]; then
    local left; left=$(strays "$dir")
    [ -z "$left" ] || { status=FAIL; detail+="left running: $left"; }
    record "$name" "$status" "$code" "${detail}killed the controller; tenants gone"
    return
  fi
  local verdict; verdict=$(check_cut_run "$dir" "$code") || status=FAIL
  local left; left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  record "$name" "$status" "$code" "$detail$verdict"
}

tune_kill() {
  local dir=$1 status=PASS detail=""
  TUNE_TARGET_SLEEP=1 "$here/tunescope" tune --budget 5 --out "$dir" "$here/examples/tune-command.yaml" \
    > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  # the session's journal first: on a loaded machine the JVM may not have written it 10 s after its start
  for _ in $(seq 1 900); do [ -s "$dir/journal.jsonl" ] && break; kill -0 "$current" 2>/dev/null || break; sleep 0.1; done
  sleep "$(( RANDOM % 8 + 3 ))"
  kill -KILL "$current" 2>/dev/null || true
  set +e; wait "$current"; set -e; current=""
  local left; left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  set +e
  TUNE_TARGET_SLEEP=1 "$here/tunescope" tune --resume "$dir" > "$dir.resume.stdout" 2> "$dir.resume.stderr"
  local code=$?
  set -e
  local verdict
  verdict=$(python3 - "$dir" "$code" <<'PY'
import json, os, sys
d, code = sys.argv[1], int(sys.argv[2])
trials = [json.loads(l) for l in open(os.path.join(d, "journal.jsonl")) if '"type":"trial"' in l]
numbers = [t["trial"] for t in trials]
ok = code == 0 and sorted(numbers) == list(range(1, 6))
print(("" if ok else "FAIL ") + f"resume exit {code}; trials in the journal {sorted(numbers)}")
sys.exit(0 if ok else 1)
PY
) || status=FAIL
  record tune-kill "$status" "$code" "$detail$verdict"
}

shop_term() {
  local dir=$1 status=PASS detail=""
  "$here/tunescope" shop run --database h2 --proxy nginx --items 1000 --scale-down 100 --browsers 4 --ramp-up 1s \
    --duration 120s --out "$dir" > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  # browsing has begun; then 5-15 s, so that the browsers (thinking 7 s on average) have completed some interactions
  await_browsers "$current" "$dir.stderr"
  sleep "$(( RANDOM % 11 + 5 ))"
  # the stack as it is at the signal: every process below the controller, and their process groups (nginx's)
  local tree groups; tree=$(descendants "$current"); groups=$(groups_of "$tree")
  kill -TERM "$current" 2>/dev/null || true
  set +e; wait "$current"; local code=$?; set -e; current=""
  local verdict
  verdict=$(python3 - "$dir" <<'PY'
import json, os, sys
try:
    s = json.load(open(os.path.join(sys.argv[1], "summary.json")))
except (OSError, ValueError) as e:
    print(f"no readable summary.json: {e}"); sys.exit(1)
n = sum(i.get("count", 0) for i in s.get("interactions") or [])
ok = s.get("complete") is False
print(("" if ok else "FAIL ") + f"complete={s.get('complete')}, interactions {n}, failure: {str(s.get('failure'))[:80]}")
sys.exit(0 if ok else 1)
PY
) || status=FAIL
  [ -n "$groups" ] || { status=FAIL; detail+="no process group of its own below the run (no nginx); "; }
  local left; left=$(alive_of "$tree" "$groups")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  detail+="stack at the signal: $(echo "$tree" | grep -c .) processes, process groups of its own: $(echo $groups); "
  record shop-term "$status" "$code" "$detail$verdict"
}

source "$here/scripts/soak-faults-more.sh"
source "$here/scripts/soak-faults-web.sh"

[ "${SOAK_STEADY:-1}" = 0 ] || start_steady "$out/steady" $(( end - $(date +%s) ))
i=0
while [ "$(date +%s)" -lt "$end" ]; do
  i=$((i + 1))
  s=${SOAK_ONLY:-${scenarios[$(( RANDOM % ${#scenarios[@]} ))]}}
  dir="$out/$i-$s"
  case "$s" in
    pg-kill) run_cut pg-kill "$dir" "-D $dir/" --engine postgres --sf 0.01 ;;
    mariadb-kill) run_cut mariadb-kill "$dir" "^([^ ]*/)?mariadbd .*$dir/" --engine mariadb --sf 0.01 ;;
    agent-kill) run_cut agent-kill "$dir" controller --engine duckdb --sf 0.01 --tenants 2 ;;
    tune-kill) tune_kill "$dir" ;;
    shop-term) shop_term "$dir" ;;
    node-kill|proxy-kill) shop_kill "$s" "$dir" ;;
    tune-restart) tune_restart "$dir" ;;
    db-restart) db_restart "$out/steady" ;;
    disk-full) disk_full "$dir" ;;
  esac
done
[ -z "$steady" ] || finish_steady "$out/steady"
echo
printf '%-14s %6s %6s\n' scenario runs failed
awk -F'\t' '{n[$1]++; if ($2 != "PASS") f[$1]++} END {for (k in n) printf "%-14s %6d %6d\n", k, n[k], f[k] + 0; }' "$results"
fails=$(awk -F'\t' '$2 != "PASS"' "$results" | wc -l)
echo "faults injected: $(wc -l < "$results"), failed checks: $fails; details in $results"
[ -z "${steady_failed:-}" ] || echo "the steady run failed its checks: $out/steady.tsv"
[ "$fails" -eq 0 ] && [ -z "${steady_failed:-}" ]
