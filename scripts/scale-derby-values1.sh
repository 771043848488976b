#!/usr/bin/env bash
# DERBY-3024 in one command: VALUES 1 through shared and separate plans at 1-8 threads, USL fits, JFR hot-lock table.
# Usage: scripts/scale-derby-values1.sh [OUT=runs/scale-derby-values1] [THREADS=1,2,4,8] [SECONDS=3] [SCALE OPTION...]
# Options after the third argument go to `tunescope scale` as they are (for example --forks 0).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/tunescope" scale --engine derby --threads "${2:-1,2,4,8}" --modes shared,separate --seconds "${3:-3}" --contention \
  --out "${1:-runs/scale-derby-values1}" "${@:4}"
