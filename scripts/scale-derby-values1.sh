#!/usr/bin/env bash
# DERBY-3024 in one command: VALUES 1 through shared and separate plans at 1-8 threads, USL fits, JFR hot-lock table.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./tunescope scale --engine derby --threads 1,2,4,8 --modes shared,separate --seconds 3 --contention \
  --out "${1:-runs/scale-derby-values1}"
