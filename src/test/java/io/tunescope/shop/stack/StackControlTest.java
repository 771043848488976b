package io.tunescope.shop.stack;

import io.tunescope.Externals;
import io.tunescope.engine.Processes;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.store.Json;
import io.tunescope.store.RecordedProcess;
import io.tunescope.store.ResultsDir;
import io.tunescope.store.ShopStackState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code shop start}, {@code status} and {@code stop} on H2: the stack serves, outlives nothing after stop. */
class StackControlTest {
    @Test
    void startServesStatusSeesItStopLeavesNothing(@TempDir Path dir) throws Exception {
        ShopRunConfig config = new ShopRunConfig(Mix.BROWSING, 1, Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO,
                new ThinkTime(1), new ShopScale(1_000, 1, 100), "h2", null, AppKnobs.DEFAULTS, 1, dir, 0, false);
        ShopStackState state = StackControl.start(config.stack());
        List<Long> pids = new ArrayList<>(state.dbPids());
        pids.add(state.appPid());
        pids.add(state.supervisorPid());
        try {
            assertThat(StackControl.status(dir)).contains(state);
            assertThat(state.processes()).as("every pid recorded with its start time")
                    .extracting(RecordedProcess::pid).containsExactlyElementsOf(state.pids());
            assertThat(state.supervisor().orElseThrow().commandLine()).contains(StackMain.class.getName());
            HttpResponse<String> home = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(state.baseUrl() + "product-detail?i_id=5")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(home.statusCode()).isEqualTo(200);
        } finally {
            assertThat(StackControl.stop(dir).kind()).isEqualTo(StackStatus.Kind.RUNNING);
        }
        for (long pid : pids) {
            assertThat(Processes.isRunning(pid)).as("pid %d after stop", pid).isFalse();
        }
        assertThat(StackControl.status(dir)).isEmpty();
        assertThat(StackControl.stop(dir).kind()).isEqualTo(StackStatus.Kind.NONE);
    }

    @Test
    void startTakesTheTiersFromItsConfigFile(@TempDir Path dir) throws Exception {
        ShopTiers tiers = new ShopTiers("nginx", 0, ProxyKnobs.DEFAULTS, Externals.nginx(), 2);
        ShopStackConfig config = new ShopStackConfig(dir, "h2", null, new ShopScale(1_000, 1, 100), 1,
                AppKnobs.DEFAULTS.withCache(100, 60_000), tiers);
        ShopStackState state = StackControl.start(config);
        List<ProcessHandle> processes = new ArrayList<>();
        try {
            assertThat(Json.read(ResultsDir.of(dir).shopStackConfig(), ShopStackConfig.class)).isEqualTo(config);
            assertThat(state.appPids()).hasSize(2);
            assertThat(state.proxyPid()).isPositive();
            ProcessHandle.of(state.proxyPid()).ifPresent(p -> {
                processes.add(p);
                processes.addAll(p.children().toList());
            });
            state.appPids().forEach(pid -> ProcessHandle.of(pid).ifPresent(processes::add));
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest request = HttpRequest.newBuilder(URI.create(state.baseUrl() + "best-sellers?subject=ARTS"))
                    .build();
            HttpResponse<String> first = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.headers().firstValue("X-Proxy-Cache")).as("served through nginx").hasValue("MISS");
            assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=5");
            assertThat(client.send(request, HttpResponse.BodyHandlers.ofString()).headers()
                    .firstValue("X-Proxy-Cache")).hasValue("HIT");
        } finally {
            assertThat(StackControl.stop(dir).kind()).isEqualTo(StackStatus.Kind.RUNNING);
        }
        assertThat(processes).hasSizeGreaterThanOrEqualTo(4);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline && processes.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(50);
        }
        assertThat(processes).as("nginx, its worker and both nodes after stop").noneMatch(ProcessHandle::isAlive);
    }
}
