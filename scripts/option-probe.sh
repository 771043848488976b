#!/usr/bin/env bash
# The independent probe's second half: every numeric option of every command (from the commands' own model,
# OptionProbeTest's list) given a negative and a huge number, each in its own process with a time limit, in an empty
# working directory. A case passes when the command exits 2 or 3 within the limit, says one line on stderr that names
# the option, and writes nothing (neither --out nor the working directory). Commands that require a positional
# parameter are listed as not probed. Prints one line per failed case and a count; exits 1 when a case failed.
# Usage: scripts/option-probe.sh [OUT] [LIMIT_SECONDS=25]     (PROBE_VALUES="-1" for one value)
# The option list comes from OptionProbeTest's walk of the commands, so the test sources are compiled first.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=${1:-$(mktemp -d /tmp/option-probe.XXXXXX)}
limit=${2:-25}
mkdir -p "$out"
cp="$here/target/test-classes:$here/target/classes:$here/target/lib/*"
"$here/tunescope" --version > /dev/null
(cd "$here" && mvn -q -B test-compile)
java -cp "$cp" io.tunescope.cli.OptionProbeTest > "$out/cases.tsv"
pid=""
trap '[ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null || true' EXIT
failed=0; probed=0; skipped=0; n=0
while IFS=$'\t' read -r command option takes_out required; do
  if [ "$required" = true ]; then skipped=$((skipped + 1)); echo "not probed (needs a positional parameter): $command $option" >> "$out/skipped.txt"; continue; fi
  for value in ${PROBE_VALUES:--1 99999999999999999999}; do
    n=$((n + 1)); probed=$((probed + 1))
    cwd="$out/case-$n"; mkdir -p "$cwd"
    args=($command "$option" "$value")
    [ "$takes_out" = true ] && args+=(--out "$cwd/out")
    (cd "$cwd" && exec setsid java -jar "$here/target/tunescope.jar" "${args[@]}" > "$out/case-$n.stdout" 2> "$out/case-$n.stderr") &
    pid=$!
    code=""
    for _ in $(seq 1 $(( limit * 10 ))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
      # the JVM only, as a user's kill -9 would: its watchers must then stop what it started
      kill -KILL "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; code="still running after ${limit}s"
    else
      set +e; wait "$pid"; code=$?; set -e
    fi
    pid=""
    # a case that started a stack (shop start runs one on past its own exit): stopped, and counted as having worked
    [ ! -f "$cwd/out/stack.json" ] || java -jar "$here/target/tunescope.jar" shop stop --out "$cwd/out" > /dev/null 2>&1 || true
    for _ in $(seq 1 200); do pgrep -f -- "$cwd/" > /dev/null || break; sleep 0.1; done
    left=$(pgrep -fa -- "$cwd/" | head -2 | cut -c1-100 || true)
    said=$(tr '\r' '\n' < "$out/case-$n.stderr" | grep -v -E '^(load|run|tune) |^$' || true)
    lines=$(printf '%s\n' "$said" | grep -c . || true)
    name=${option#--}
    problem=""
    case "$code" in 2|3) ;; *) problem="exit $code; " ;; esac
    [ "$lines" -eq 1 ] || problem+="$lines lines on stderr; "
    printf '%s' "$said" | grep -q -- "$name" || problem+="does not name $name; "
    [ -z "$left" ] || problem+="left running: $left; "
    [ -z "$(ls -A "$cwd")" ] || problem+="wrote $(ls -A "$cwd" | head -3 | tr '\n' ' '); "
    if [ -n "$problem" ]; then
      failed=$((failed + 1))
      printf '%s %s %s: %s| %s\n' "$command" "$option" "$value" "$problem" "$(printf '%s' "$said" | head -1 | cut -c1-160)" | tee -a "$out/failed.txt"
    fi
  done
done < "$out/cases.tsv"
echo "option-probe: $probed cases, $failed failed, $skipped options not probed (a positional parameter required); details in $out"
[ "$failed" -eq 0 ]
