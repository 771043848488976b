package io.tunescope.tune.database;

import io.tunescope.Externals;
import io.tunescope.experiment.TpchRunner;
import io.tunescope.tune.command.TuningFile;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A private MariaDB instance as a tuning target: a configuration that keeps it from starting is a failed trial with
 * the server's own reason, and the next configuration runs on a fresh instance with its settings in my.cnf.
 */
@Timeout(300)
class MariaDbTargetTest {
    @Test
    void aServerThatWillNotStartIsAFailedTrialWithItsReasonAndTheNextConfigurationRuns(@TempDir Path dir)
            throws Exception {
        Externals.mariadb();
        TuningFile f = TuningFileParser.parse(dir.resolve("t.yaml"), """
                target: {engine: mariadb, workload: "single:Q6", scaleFactor: 0.01, warmupIterations: 0,
                         iterations: 1, objective: geomean, revalidate: 0}
                timeoutSeconds: 120
                parameters:
                  - name: innodb_buffer_pool_size
                  - name: join_cache_level
                  - name: innodb_log_file_size
                """);
        DatabaseTarget target = new DatabaseTarget(f.target());
        // a 64 GB buffer pool on a machine with less memory: InnoDB cannot map it and the server gives up
        long ramMb = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize() >> 20;
        assumeTrue(ramMb < 60_000, "this machine has enough memory for a 64 GB buffer pool");
        Configuration crash = f.space().configuration(Map.of("innodb_buffer_pool_size", 65536, "join_cache_level", 2,
                "innodb_log_file_size", 96));
        TuningTarget.Measurement failed = target.measure(crash, false, dir.resolve("logs/trial-1.stderr"));
        assertThat(failed.ok()).isFalse();
        assertThat(failed.reason()).startsWith("tenant t1: MariaDB did not start: ").contains("InnoDB")
                .contains("innodb_buffer_pool_size");
        Configuration good = f.space().configuration(Map.of("innodb_buffer_pool_size", 256, "join_cache_level", 4,
                "innodb_log_file_size", 48));
        TuningTarget.Measurement ok = target.measure(good, false, dir.resolve("logs/trial-2.stderr"));
        assertThat(ok.reason()).isNull();
        assertThat(ok.values()).hasSize(1).allMatch(v -> v > 0);
        assertThat(TpchRunner.serverSettings(target.runConfig(good, false, dir))).containsExactly(
                "innodb_buffer_pool_size = 268435456", "join_cache_level = 4", "innodb_log_file_size = 50331648");
        assertThat(Files.readAllLines(dir.resolve("logs/trial-2-runs/tenants/t1/my.cnf")))
                .contains("join_cache_level = 4", "bind-address = 127.0.0.1");
        assertThat(target.snippet(good)).isEqualTo("innodb_buffer_pool_size = 268435456\njoin_cache_level = 4\n"
                + "innodb_log_file_size = 50331648\n");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("mariadbd"))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("").contains(dir.toString())))
                .isEmpty();
    }
}
