#!/usr/bin/env bash
# Scenarios of scripts/soak-faults.sh on the web stack: an application node or the proxy of a running `shop run`
# killed with SIGKILL. Sourced by soak-faults.sh (it uses its variables and record/strays).
#
# What the product promises (docs/shop.md, "A node that dies mid-run"): the run goes on to its end; nginx takes a
# dead application node out of the balancing and sends the requests on to the other node (a request the dead node
# held may fail); the summary is written complete, marked degraded, with the dead node in failedNodes and the
# interactions counted; exit 0 when some were measured, else exit 1 with one line naming the failed node. When the
# store's only proxy dies the browsers' requests fail from then on, and are counted as errors.

# every process below PID, one pid a line (the tiers of a shop run: nginx, application nodes, the database)
descendants() {
  local child
  for child in $(pgrep -P "$1" || true); do
    echo "$child"
    descendants "$child"
  done
}

# waits until the shop run PID has logged its browsers' progress line to FILE (the store is populated and browsing
# has begun; at most 180 s, or until the run exits)
await_browsers() {
  for _ in $(seq 1 1800); do
    grep -q "emulated browsers" "$2" 2>/dev/null && break
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
}

# the process groups of the pids in $1 (one a line) other than this script's own, one a line: nginx runs in a
# session of its own, so its group holds every process it forked, also one no longer below its master
groups_of() {
  local own pid g
  own=$(ps -o pgid= -p $$ | tr -d ' ')
  for pid in $1; do
    g=$(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ' || true)
    if [ -n "$g" ] && [ "$g" != "$own" ]; then echo "$g"; fi
  done | sort -u
}

# the running pids (not zombies) of $1 (one a line) and of the members of the process groups in $2
running_of() {
  local pid
  for pid in $1 $(for g in $2; do pgrep -g "$g" || true; done); do
    if [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; then echo "$pid"; fi
  done | sort -u
}

# those of the pids in $1 (one a line), and of the members of the process groups in $2, still running after a 20 s
# deadline, with their command lines
alive_of() {
  local pid left
  for _ in $(seq 1 200); do
    left=$(running_of "$1" "${2:-}")
    [ -z "$left" ] && return 0
    sleep 0.1
  done
  for pid in $left; do printf '%s: %s; ' "$pid" "$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | cut -c1-80)"; done
}

# shop_kill NAME DIR: `shop run` (H2, 2 application nodes behind nginx, 4 browsers, 40 s measured) with, once the
# browsers run, node-kill: one application node (drawn) killed; proxy-kill: nginx killed, drawn between its master
# alone (its workers serve on until the run stops them) and its whole process group (master and workers: the
# store's front is gone); SOAK_PROXY_KILL=master or group forces the one or the other. Checks: exit 0 (or 1 with
# one line naming the failed node when nothing was measured), no stack trace, summary.json complete and degraded
# with the victim in failedNodes and the interactions counted; a killed application node cost at most one
# interaction per browser (the one in flight); no process of the run left
# (each process of the stack as it was at the kill, every process of their process groups other than this script's,
# and anything naming the run's directory).
shop_kill() {
  local name=$1 dir=$2 status=PASS detail="" victim="" how="" browsers=4
  "$here/tunescope" shop run --database h2 --items 1000 --scale-down 100 --browsers "$browsers" --app-nodes 2 \
    --proxy nginx --ramp-up 1s --duration 40s --out "$dir" > "$dir.stdout" 2> "$dir.stderr" &
  current=$!
  await_browsers "$current" "$dir.stderr"
  sleep "$(( RANDOM % 6 + 3 ))"
  local tree groups; tree=$(descendants "$current"); groups=$(groups_of "$tree")
  if [ "$name" = node-kill ]; then
    victim=app$(( RANDOM % 2 + 1 ))
    local pid; pid=$(pgrep -P "$current" -f -- "-Dtunescope.node=$victim( |$)" || true)
    how="$victim (pid ${pid:-none})"
    [ -n "$pid" ] && kill -KILL "$pid" || { status=FAIL; detail="no application node $victim; "; }
  else
    victim=proxy
    local master; master=$(pgrep -P "$current" -f "tunescope-nginx-watcher" | head -1 || true)
    master=${master:+$(pgrep -P "$master" -x nginx | head -1 || true)}
    local which=${SOAK_PROXY_KILL:-}
    if [ -z "$which" ]; then (( RANDOM % 2 )) && which=master || which=group; fi
    if [ -z "$master" ]; then
      status=FAIL; detail="no nginx master; "
    elif [ "$which" = master ]; then
      how="nginx master (pid $master) alone, its workers $(pgrep -P "$master" | tr '\n' ' ' || true)left"
      kill -KILL "$master"
    else
      how="nginx's process group (master $master and its workers)"
      kill -KILL -- "-$master"
    fi
  fi
  set +e; wait "$current"; local code=$?; set -e; current=""
  local verdict
  verdict=$(python3 - "$dir" "$code" "$name" "$victim" "$browsers" <<'PY'
import json, os, sys
d, code, name, victim, browsers = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
problems = []
err = open(d + ".stderr", errors="replace").read().replace("\r", "\n")
said = [l for l in err.split("\n") if l.strip() and "emulated browsers" not in l and not l.startswith(("load", "start"))]
if "Exception" in err or "\tat " in err:
    problems.append("a stack trace on stderr")
try:
    s = json.load(open(os.path.join(d, "summary.json")))
except (OSError, ValueError) as e:
    print(f"no readable summary.json: {e}"); sys.exit(1)
n = sum(i.get("count", 0) for i in s.get("interactions") or [])
if code == 1:
    if s.get("wips", 0) > 0 or not any("0 WIPS measured: nodes failed: " in l for l in said):
        problems.append(f"exit 1 without the line for no WIPS: {said[-1:]}")
elif code != 0:
    problems.append(f"exit {code}")
if s.get("complete") is not True:
    problems.append(f"complete={s.get('complete')}")
if s.get("degraded") is not True or victim not in (s.get("failedNodes") or []):
    problems.append(f"degraded={s.get('degraded')}, failedNodes={s.get('failedNodes')}")
if n <= 0:
    problems.append("no interaction counted")
errors = s.get("errors", 0)
if name == "node-kill" and errors > browsers:
    problems.append(f"{errors} interactions failed, more than the {browsers} browsers had in flight")
print(("FAIL " + "; ".join(problems) + " | " if problems else "") + f"exit {code}, interactions {n} over "
      f"{s.get('measureSeconds', 0):.0f} s ({s.get('wips', 0):.1f} WIPS), errors {errors} {s.get('errorsByKind')}, "
      f"image errors {(s.get('images') or {}).get('errors')}, failedNodes {s.get('failedNodes')}")
sys.exit(1 if problems else 0)
PY
) || status=FAIL
  local left; left=$(alive_of "$tree" "$groups")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  left=$(strays "$dir")
  [ -z "$left" ] || { status=FAIL; detail+="left running: $left; "; }
  record "$name" "$status" "$code" "${detail}killed $how; $verdict"
}
