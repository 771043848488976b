package io.tunescope.tune.database;

import io.tunescope.Externals;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A private PostgreSQL instance as a tuning target: a configuration that keeps it from starting, then a good one. */
class PostgresTargetTest {
    @Test
    void aServerThatWillNotStartIsAFailedTrialAndTheNextConfigurationRunsOnAFreshOne(@TempDir Path dir)
            throws Exception {
        Externals.require(PostgresBinaries.find().isPresent(), "PostgreSQL binaries");
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: postgres, workload: "single:Q6", scaleFactor: 0.01, warmupIterations: 0,
                         iterations: 1, objective: geomean, revalidate: 0}
                timeoutSeconds: 120
                parameters:
                  - name: shared_buffers
                  - name: work_mem
                """);
        DatabaseTarget target = new DatabaseTarget(f.target());
        // 64 GB of shared buffers on a machine with less memory: the postmaster cannot map its shared memory
        long ramMb = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize() >> 20;
        assumeTrue(ramMb < 60_000, "this machine has enough memory for 64 GB of shared buffers");
        Configuration crash = f.space().configuration(Map.of("shared_buffers", 65536, "work_mem", 4096));
        TuningTarget.Measurement failed = target.measure(crash, false, dir.resolve("logs/trial-1.stderr"));
        assertThat(failed.ok()).isFalse();
        assertThat(failed.reason()).containsIgnoringCase("start");
        Configuration good = f.space().configuration(Map.of("shared_buffers", 256, "work_mem", 65536));
        TuningTarget.Measurement ok = target.measure(good, false, dir.resolve("logs/trial-2.stderr"));
        assertThat(ok.reason()).isNull();
        assertThat(ok.values()).hasSize(1).allMatch(v -> v > 0);
        String summary = Files.readString(dir.resolve("logs/trial-2-runs/summary.json"));
        assertThat(summary).containsPattern("\"engineSettings\" : \\{\\s*\"shared_buffers\" : 256,\\s*\"work_mem\" : 65536");
        assertThat(TpchRunner.serverSettings(target.runConfig(good, false, dir))).containsExactly("shared_buffers = '256MB'",
                "work_mem = '65536kB'");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("/postgres"))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains(dir.toString())))
                .isEmpty();
    }
}
