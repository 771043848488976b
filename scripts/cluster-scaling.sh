#!/usr/bin/env bash
# The three cluster tuning modes on simulated clusters of 10, 20, 50 and 100 nodes over several seeds, and where
# moving nodes to the hottest tier pays off in the model. Writes OUT/scaling.csv, OUT/reconfiguration.csv,
# OUT/cluster-scaling.png, OUT/cluster-scaling-spread.png and prints the table of docs/findings.md.
# Usage: scripts/cluster-scaling.sh OUT [TRIALS=200] [SEEDS=5]
# The study is one Java source file run by the JDK's source launcher against the built jar: no test classes needed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/cluster-scaling.sh OUT [TRIALS] [SEEDS]}"
if [ -z "${TUNESCOPE_CLASSPATH:-}" ]; then
  "$here/tunescope" --version >/dev/null   # builds target/tunescope.jar when missing or stale
fi
cp="${TUNESCOPE_CLASSPATH:-$here/target/tunescope.jar:$here/target/lib/*}"
exec java -cp "$cp" "$here/src/test/java/io/tunescope/tune/cluster/ClusterScalingStudy.java" \
  "$out" "${2:-200}" "${3:-5}"
