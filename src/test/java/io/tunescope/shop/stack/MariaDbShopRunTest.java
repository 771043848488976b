package io.tunescope.shop.stack;

import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** A short {@code shop run --database mariadb}: every interaction without an error, and no server left after it. */
class MariaDbShopRunTest {
    private static List<ProcessHandle> mariadbServers() {
        return ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("mariadbd"))
                .toList();
    }

    @Test
    void aShortRunOnMariaDbHasNoErrorsAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        Externals.mariadb();
        List<Long> servers = new CopyOnWriteArrayList<>();
        Progress watch = (label, total, unit) -> {
            mariadbServers().forEach(p -> servers.add(p.pid()));
            return Progress.Task.NONE;
        };
        ShopRunConfig config = new ShopRunConfig(Mix.ORDERING, 6, Duration.ofMillis(500), Duration.ofSeconds(3),
                Duration.ofMillis(300), new ThinkTime(0.01), new ShopScale(1_000, 6, 100), "mariadb", null,
                AppKnobs.DEFAULTS, 4, dir, 0, false);
        ShopSummary s = ShopRun.run(config, watch);
        assertThat(servers).as("mariadbd, seen while the stack ran").isNotEmpty();
        assertThat(s.database()).isEqualTo("mariadb");
        assertThat(s.wips()).isPositive();
        assertThat(s.errors()).as("errors by kind: %s", s.errorsByKind()).isZero();
        assertThat(s.interactions().stream().filter(i -> i.name().equals("Buy Confirm")).findFirst().orElseThrow()
                .count()).as("orders were placed").isPositive();
        ShopSummary.Tier db = s.tiers().stream().filter(t -> t.tier().equals("db")).findFirst().orElseThrow();
        assertThat(servers).contains(db.pid());
        assertThat(db.cpuMillis()).isPositive();
        assertThat(mariadbServers()).as("no server left").isEmpty();
        assertThat(servers).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                .as("server %d", pid).isNotEqualTo(java.util.Optional.of(true)));
        Path home = ResultsDir.of(dir).shopDatabase("mariadb");
        assertThat(home.resolve("data")).as("the data is deleted").doesNotExist();
        assertThat(Files.exists(home.resolve("mariadb.log"))).as("the error log is kept").isTrue();
    }
}
