package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.stack.AppNode;
import io.tunescope.shop.stack.LiveStack;
import io.tunescope.tune.command.TuningFileParser;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget.Measurement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A persistent stack ({@code target.stack: persistent}): one stack for every trial, each trial's knobs applied by
 * reload where the tier allows it and read back from the tier; a change a tier refuses fails its trial with the
 * tier's words, the last good configuration comes back, and the next trial runs. The database tier's knobs are
 * parsed and checked against its engine's catalog.
 */
class PersistentShopTargetTest {
    private static final String TARGET = """
            target:
              engine: shop
              mix: shopping
              browsers: 4
              thinkScale: 0.01
              items: 1000
              scaleDown: 100
              database: %s
              proxy: nginx
              stack: persistent
              rampUp: 300ms
              measure: 1500ms
              rampDown: 0s
              revalidate: 0
            timeoutSeconds: 120
            """;

    private static ShopTarget target(Path dir, String database, String parameters) throws Exception {
        return TuningFileParser.parse(dir.resolve("t.yaml"), TARGET.formatted(database) + parameters).shopTarget();
    }

    private static List<Long> pids(List<AppNode> nodes) {
        return nodes.stream().map(AppNode::pid).toList();
    }

    @Test
    void proxyKnobsReloadNginxAndOnlyAppKnobsRestartTheNodes(@TempDir Path dir) throws Exception {
        try (ShopTarget t = target(dir, "h2", """
                parameters:
                  - {name: proxy_workers, min: 1, max: 4}
                  - {name: app_pool_size, min: 2, max: 32}
                """)) {
            Path logs = Files.createDirectories(dir.resolve("logs"));
            Measurement m1 = t.measure(new Configuration(Map.of("proxy_workers", 1L, "app_pool_size", 16L)), true,
                    logs.resolve("trial-1.log"));
            assertThat(m1.ok()).as(String.valueOf(m1.reason())).isTrue();
            LiveStack stack = t.liveStack().orElseThrow();
            long proxyPid = stack.proxy().pid();
            List<Long> nodes = pids(stack.apps());
            assertThat(workers(stack)).isEqualTo(1);

            Measurement m2 = t.measure(new Configuration(Map.of("proxy_workers", 3L, "app_pool_size", 16L)), false,
                    logs.resolve("trial-2.log"));
            assertThat(m2.ok()).as(String.valueOf(m2.reason())).isTrue();
            assertThat(t.liveStack()).containsSame(stack);
            assertThat(stack.proxy().pid()).as("nginx reloaded, not restarted").isEqualTo(proxyPid);
            assertThat(workers(stack)).as("the new worker count read back from nginx").isEqualTo(3);
            assertThat(pids(stack.apps())).as("the nodes' own knobs did not change").isEqualTo(nodes);

            Measurement m3 = t.measure(new Configuration(Map.of("proxy_workers", 3L, "app_pool_size", 4L)), false,
                    logs.resolve("trial-3.log"));
            assertThat(m3.ok()).as(String.valueOf(m3.reason())).isTrue();
            assertThat(pids(stack.apps())).as("a node restarts for its own knobs").doesNotContainAnyElementsOf(nodes);
            assertThat(stack.proxy().pid()).isEqualTo(proxyPid);
            assertThat(logs.resolve("trial-3-runs/summary.json")).isRegularFile();
        }
        assertThat(stackChildren()).as("nothing left running after close").isEmpty();
    }

    @Test
    void squidReconfiguresForItsMemoryCacheAndRestartsOnlyForItsDiskCache(@TempDir Path dir) throws Exception {
        String squid = TARGET.formatted("h2").replace("proxy: nginx", "proxy: squid");
        try (ShopTarget t = TuningFileParser.parse(dir.resolve("t.yaml"), squid + """
                parameters:
                  - {name: squid_cache_mem, min: 0, max: 128, log: false}
                  - {name: squid_disk_cache, min: 0, max: 64, log: false}
                """).shopTarget()) {
            Path logs = Files.createDirectories(dir.resolve("logs"));
            Measurement m1 = t.measure(new Configuration(Map.of("squid_cache_mem", 64L, "squid_disk_cache", 0L)),
                    true, logs.resolve("trial-1.log"));
            assertThat(m1.ok()).as(String.valueOf(m1.reason())).isTrue();
            LiveStack stack = t.liveStack().orElseThrow();
            long squidPid = stack.proxy().pid();
            List<Long> nodes = pids(stack.apps());

            Measurement m2 = t.measure(new Configuration(Map.of("squid_cache_mem", 8L, "squid_disk_cache", 0L)),
                    false, logs.resolve("trial-2.log"));
            assertThat(m2.ok()).as(String.valueOf(m2.reason())).isTrue();
            assertThat(stack.proxy().pid()).as("Squid reconfigured, not restarted").isEqualTo(squidPid);

            Measurement m3 = t.measure(new Configuration(Map.of("squid_cache_mem", 8L, "squid_disk_cache", 16L)),
                    false, logs.resolve("trial-3.log"));
            assertThat(m3.ok()).as(String.valueOf(m3.reason())).isTrue();
            assertThat(stack.proxy().pid()).as("the disk cache's size needs a restart").isNotEqualTo(squidPid);
            assertThat(pids(stack.apps())).as("the nodes stay").isEqualTo(nodes);
        }
        assertThat(stackChildren()).isEmpty();
    }

    @Test
    void aSettingTheDatabaseRefusesFailsItsTrialRestoresTheLastGoodAndTheNextTrialRuns(@TempDir Path dir)
            throws Exception {
        assumeThat(memoryGiB()).as("a 64 GiB buffer pool must not fit this machine").isLessThan(60);
        try (ShopTarget t = target(dir, "postgres", """
                parameters:
                  - {name: work_mem, min: 1024, max: 65536}
                  - {name: shared_buffers, min: 16, max: 65536}
                """)) {
            Path logs = Files.createDirectories(dir.resolve("logs"));
            Measurement m1 = t.measure(new Configuration(Map.of("work_mem", 8192L, "shared_buffers", 128L)), true,
                    logs.resolve("trial-1.log"));
            assertThat(m1.ok()).as(String.valueOf(m1.reason())).isTrue();
            LiveStack stack = t.liveStack().orElseThrow();
            assertThat(show(stack, "work_mem")).isEqualTo("8MB");
            long postmaster = stack.database().postgres().orElseThrow().pid();

            Measurement m2 = t.measure(new Configuration(Map.of("work_mem", 16384L, "shared_buffers", 128L)), false,
                    logs.resolve("trial-2.log"));
            assertThat(m2.ok()).as(String.valueOf(m2.reason())).isTrue();
            assertThat(show(stack, "work_mem")).as("read back from the server").isEqualTo("16MB");
            assertThat(stack.database().postgres().orElseThrow().pid()).as("a reload, no restart")
                    .isEqualTo(postmaster);

            Measurement refused = t.measure(new Configuration(Map.of("work_mem", 4096L, "shared_buffers", 65536L)),
                    false, logs.resolve("trial-3.log"));
            assertThat(refused.ok()).isFalse();
            assertThat(refused.reason()).startsWith("the database tier refused the change: PostgreSQL did not restart");
            assertThat(t.liveStack()).as("the session's stack goes on").containsSame(stack);
            assertThat(show(stack, "work_mem")).as("the last good configuration is back").isEqualTo("16MB");
            assertThat(show(stack, "shared_buffers")).isEqualTo("128MB");

            Measurement m4 = t.measure(new Configuration(Map.of("work_mem", 2048L, "shared_buffers", 128L)), false,
                    logs.resolve("trial-4.log"));
            assertThat(m4.ok()).as(String.valueOf(m4.reason())).isTrue();
            assertThat(show(stack, "work_mem")).isEqualTo("2MB");
        }
        assertThat(stackChildren()).isEmpty();
    }

    @Test
    void theDatabaseTiersKnobsAreCheckedAgainstItsCatalog(@TempDir Path dir) throws Exception {
        ShopTarget t = target(dir, "postgres", "parameters: [{name: work_mem, min: 1024, max: 65536}]\n");
        assertThat(t.settings(new Configuration(Map.of("work_mem", 2048L))).database())
                .containsEntry("work_mem", 2048L);
        assertThat(((io.tunescope.store.TargetDescription.Shop) t.describe()).stack()).isEqualTo("persistent");
        assertThatThrownBy(() -> target(dir, "postgres", "parameters: [{name: work_mem, min: 1, max: 65536}]\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("work_mem (1) must be a whole number between 64 and 2097152 kB");
        assertThatThrownBy(() -> target(dir, "h2", "parameters: [{name: work_mem}]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("work_mem");
        assertThatThrownBy(() -> target(dir, "postgres", "parameters: [{name: max_connections}]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("max_connections");
        assertThatThrownBy(() -> target(dir, "mariadb", "parameters: [{name: sort_buffer_size}]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("target.stack (persistent)")
                .hasMessageContaining("use stack: fresh");
        assertThatThrownBy(() -> TuningFileParser.parse(dir.resolve("t.yaml"), TARGET.formatted("h2")
                .replace("stack: persistent", "stack: sometimes") + "parameters: [{name: app_pool_size}]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("stack (sometimes) must be fresh");
    }

    private static long workers(LiveStack stack) {
        return stack.proxy().members().stream().filter(m -> m.name().startsWith("nginx-worker")).count();
    }

    private static String show(LiveStack stack, String name) throws Exception {
        try (Connection c = stack.database().postgres().orElseThrow().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long memoryGiB() throws Exception {
        long kib = 0;
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:") || line.startsWith("SwapTotal:")) {
                kib += Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return kib >> 20;
    }

    private static List<ProcessHandle> stackChildren() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("")
                .contains("-Dtunescope.role=shop-")).toList();
    }
}
