#!/usr/bin/env bash
# Harness cost of `tunescope scale`: JMH compares the lab's per-operation path with a bare JDBC loop on the same
# engine, plan mode and thread count. Usage: scripts/scale-harness-cost.sh [extra JMH options, e.g. -p engine=h2]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
for t in 1 2; do
  java -cp "$cp" org.openjdk.jmh.Main 'io.tunescope.bench.HarnessCostBenchmark' -t "$t" \
    -rf json -rff "target/harness-cost-${t}t.json" "$@"
done
# Side by side under the same load: the same threads alternate bare and harness windows; median of round ratios.
for t in 1 2; do
  java -cp "$cp" io.tunescope.bench.HarnessCostAb derby separate "$t" 15 500
done
