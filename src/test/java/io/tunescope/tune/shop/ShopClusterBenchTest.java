package io.tunescope.tune.shop;

import io.tunescope.Externals;
import io.tunescope.Progress;
import io.tunescope.shop.Mix;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopSummary;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterMeasurement;
import io.tunescope.tune.space.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop's stack as a cluster bench on H2 and nginx: two work lines serve with each node's own knobs; a node killed
 * mid-measurement is named and the next measurement without it serves with the rest; nothing is left running.
 */
class ShopClusterBenchTest {
    private static ShopTargetSpec spec() {
        return new ShopTargetSpec(Mix.SHOPPING, 8, 0.01, 1_000, 100, "h2", null, 1, "nginx", Duration.ofMillis(500),
                Duration.ofSeconds(3), Duration.ofMillis(300), ShopObjective.WIPS, Duration.ofSeconds(120), 0, 5);
    }

    @Test
    void twoLinesServeWithTheirOwnKnobsAndAKilledNodeIsExcluded(@TempDir Path dir) throws Exception {
        try (ShopClusterBench bench = ShopClusterBench.start(spec(), 2, Externals.nginx(), dir.resolve("db"),
                Progress.NONE)) {
            ClusterLayout layout = bench.layout();
            assertThat(layout.tiers()).containsExactly("proxy", "app");
            assertThat(layout.lines()).containsExactly("line1", "line2");
            assertThat(layout.inLine("line2")).extracting(n -> n.name()).containsExactly("proxy2", "app2");
            assertThat(bench.nodeSpace("app").param("app_max_threads")).isNotNull();
            assertThat(bench.nodeSpace("proxy").param("proxy_workers")).isNotNull();

            Map<String, Configuration> configs = new HashMap<>(Map.of(
                    "proxy1", new Configuration(Map.of("proxy_workers", 1L)),
                    "proxy2", new Configuration(Map.of("proxy_workers", 2L)),
                    "app1", new Configuration(Map.of("app_min_threads", 8L, "app_max_threads", 16L)),
                    "app2", new Configuration(Map.of("app_min_threads", 32L, "app_max_threads", 64L))));
            CompletableFuture<ClusterMeasurement> first = measure(bench, layout, configs, dir.resolve("m1"));
            awaitNode("proxies/proxy2/");
            // each node's threads and workers once they are up (polled with a deadline, not after a fixed pause)
            long settled = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < settled && (jettyThreads(node("app2")) < 32
                    || workers("proxies/proxy2/") < 2 || workers("proxies/proxy1/") < 1)) {
                Thread.sleep(20);
            }
            long app1Threads = jettyThreads(node("app1"));
            long app2Threads = jettyThreads(node("app2"));
            long proxy2Workers = workers("proxies/proxy2/");
            long proxy1Workers = workers("proxies/proxy1/");
            ClusterMeasurement m = first.get(120, TimeUnit.SECONDS);
            assertThat(m.ok()).as("%s", m).isTrue();
            assertThat(m.wipsByLine()).containsOnlyKeys("line1", "line2");
            assertThat(m.wipsByLine().values()).allMatch(w -> w > 0);
            assertThat(m.wips()).isCloseTo(m.wipsByLine().values().stream().mapToDouble(Double::doubleValue).sum(),
                    org.assertj.core.data.Offset.offset(0.01));
            assertThat(app1Threads).as("app1's worker threads, at most its app_max_threads").isBetween(1L, 16L);
            assertThat(app2Threads).as("app2's worker threads, at least its app_min_threads").isGreaterThanOrEqualTo(32);
            assertThat(List.of(proxy1Workers, proxy2Workers)).as("each proxy's proxy_workers").containsExactly(1L, 2L);
            ShopSummary s = Json.read(ResultsDir.of(dir.resolve("m1")).summary(), ShopSummary.class);
            assertThat(s.lines()).isEqualTo(2);
            assertThat(s.failedNodes()).isEmpty();
            assertThat(stack()).as("the nodes stop after each measurement; the database stays")
                    .allMatch(p -> p.info().commandLine().orElse("").contains("-Dtunescope.role=shop-db")).hasSize(1);

            CompletableFuture<ClusterMeasurement> second = measure(bench, layout, configs, dir.resolve("m2"));
            awaitNode("proxies/proxy2/");
            Thread.sleep(1_500);
            node("app2").destroyForcibly();
            ClusterMeasurement killed = second.get(120, TimeUnit.SECONDS);
            assertThat(killed.ok()).isFalse();
            assertThat(killed.failedNodes()).containsExactly("app2");
            assertThat(killed.error()).contains("app2");

            ClusterMeasurement rest = bench.measure(layout.without("app2"), configs, dir.resolve("m3"));
            assertThat(rest.ok()).as("%s", rest).isTrue();
            assertThat(rest.wipsByLine()).as("line2 has no node left").containsOnlyKeys("line1");
            assertThat(rest.wips()).isPositive();

            configs.put("app1", new Configuration(Map.of("app_min_threads", 40L, "app_max_threads", 16L)));
            ClusterMeasurement refused = bench.measure(layout.without("app2"), configs, dir.resolve("m4"));
            assertThat(refused.error()).startsWith("cannot apply: app-max-threads (16) must be at least 8 and at "
                    + "least app-min-threads (40)");
        }
        assertThat(stack()).as("the database stops with the bench").isEmpty();
    }

    private static CompletableFuture<ClusterMeasurement> measure(ShopClusterBench bench, ClusterLayout layout,
                                                                 Map<String, Configuration> configs, Path log) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return bench.measure(layout, configs, log);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    private static List<ProcessHandle> stack() {
        return ProcessHandle.current().descendants().filter(p -> {
            String c = p.info().commandLine().orElse("");
            return c.contains("-Dtunescope.role=shop-") || c.contains("nginx");
        }).toList();
    }

    private static Optional<ProcessHandle> find(String text) {
        return ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains(text))
                .findFirst();
    }

    private static ProcessHandle node(String name) {
        return find("-Dtunescope.node=" + name + " ").orElseThrow();
    }

    /** Waits until the nginx master whose configuration lies under {@code dir} runs. */
    private static void awaitNode(String dir) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (nginxMaster(dir).isEmpty()) {
            assertThat(System.nanoTime()).as("%s started", dir).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** What /proc/PID/cmdline shows: nginx writes its role over its command line ({@code nginx: worker process}). */
    private static String title(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static Optional<ProcessHandle> nginxMaster(String dir) {
        return ProcessHandle.current().descendants().filter(p -> {
            String t = title(p.pid());
            return t.startsWith("nginx: master") && t.contains(dir);
        }).findFirst();
    }

    /** Jetty's worker threads of a node (its pool names them shop-http-N). */
    private static long jettyThreads(ProcessHandle p) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
            return tasks.filter(t -> {
                try {
                    return Files.readString(t.resolve("comm")).startsWith("shop-http");
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }
    }

    /** The worker processes of the nginx master whose configuration lies under {@code dir}. */
    private static long workers(String dir) {
        return nginxMaster(dir).orElseThrow().children().filter(c -> title(c.pid()).contains("worker process"))
                .count();
    }
}
