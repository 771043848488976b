#!/usr/bin/env bash
# Cost of the thread monitor, two builds side by side on the same ~50-thread target: allocation per sweep (JMH with
# the GC profiler) and the whole process's CPU with and without the live monitor at 8 ms and 1 ms.
# Usage: scripts/monitor-overhead.sh [BEFORE_COMMIT (default a93bd38, a sampler that allocated per thread and tick)] [extra JMH options]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
before_commit="${1:-a93bd38}"
shift || true
before_dir="$(mktemp -d)"
trap 'rm -rf "$before_dir"' EXIT
git archive "$before_commit" | tar -x -C "$before_dir"
(cd "$before_dir" && mvn -q -B compile)
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
java -cp "$cp" org.openjdk.jmh.Main 'io.tunescope.monitor.overhead.SweepAllocationBenchmark' -prof gc \
  -jvmArgsAppend "-Xmx256m -Dtunescope.classes.before=$before_dir/target/classes" \
  -rf json -rff target/monitor-sweep-alloc.json "$@"
for interval_ms in 8 1; do
  java -Xmx256m -Dtunescope.classes.before="$before_dir/target/classes" -cp "$cp" \
    io.tunescope.monitor.overhead.MonitorOverheadBenchmark "$interval_ms" 6 5 before,after
done
