#!/usr/bin/env bash
# Issue 13, item 5: the three cluster tuning modes on simulated clusters of 10, 20, 50 and 100 nodes over several
# seeds, and where moving nodes to the hottest tier pays off in the model. Writes OUT/scaling.csv,
# OUT/reconfiguration.csv, OUT/cluster-scaling.png, OUT/cluster-scaling-spread.png and prints the table of
# docs/findings.md. Usage: scripts/cluster-scaling.sh OUT [TRIALS=200] [SEEDS=5]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/cluster-scaling.sh OUT [TRIALS] [SEEDS]}"
cd "$here"
mvn -o -q -DskipTests test-compile package >&2
exec java -cp "target/test-classes:target/classes:target/lib/*" io.tunescope.tune.cluster.ClusterScalingStudy \
  "$out" "${2:-200}" "${3:-5}"
