package io.tunescope.monitor.export;

import io.tunescope.monitor.GroupKey;
import io.tunescope.monitor.LiveTotals;
import io.tunescope.monitor.role.ThreadRole;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class MetricsEndpointTest {
    @Test
    void rendersProcessExporterNamesPerGroup() {
        Map<GroupKey, LiveTotals.Snapshot> groups = new TreeMap<>();
        groups.put(new GroupKey("t1", ThreadRole.WORKER, "duck-t1"), new LiveTotals.Snapshot(150, 25, 40, 3, 7,
                1_750_000_000L, 2));
        groups.put(new GroupKey("t1", ThreadRole.JVM, "jvm-gc"), new LiveTotals.Snapshot(0, 0, 1, 0, 0, 0, 2));
        String text = OpenMetricsFormat.render(groups, 100);
        assertThat(text).contains("# TYPE namedprocess_namegroup_thread_cpu_seconds_total counter\n")
                .contains("namedprocess_namegroup_thread_cpu_seconds_total{groupname=\"t1\",threadname=\"duck-t1\","
                        + "role=\"worker\",mode=\"user\"} 1.500000\n")
                .contains("namedprocess_namegroup_thread_cpu_seconds_total{groupname=\"t1\",threadname=\"duck-t1\","
                        + "role=\"worker\",mode=\"system\"} 0.250000\n")
                .contains("namedprocess_namegroup_thread_context_switches_total{groupname=\"t1\","
                        + "threadname=\"duck-t1\",role=\"worker\",ctxswitchtype=\"voluntary\"} 40\n")
                .contains("namedprocess_namegroup_thread_count{groupname=\"t1\",threadname=\"jvm-gc\",role=\"jvm\"} 2")
                .contains("tunescope_thread_migrations_total{groupname=\"t1\",threadname=\"duck-t1\","
                        + "role=\"worker\"} 7");
        assertThat(text.lines().filter(l -> l.startsWith("namedprocess_namegroup_thread_cpu_seconds_total")))
                .hasSize(4);
        assertThat(OpenMetricsFormat.escape("a\"b\\c")).isEqualTo("a\\\"b\\\\c");
    }

    @Test
    void servesOnLoopbackOnly() throws IOException, InterruptedException {
        LiveTotals totals = new LiveTotals();
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(0, totals, 100)) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue(OpenMetricsFormat.CONTENT_TYPE);
            assertThat(r.body()).contains("# TYPE namedprocess_namegroup_thread_context_switches_total counter");
            assertThat(endpoint.address().getAddress().isLoopbackAddress()).isTrue();
            // what the kernel says this process listens on, not what the endpoint reports of itself
            assertThat(io.tunescope.ListeningSockets.of(ProcessHandle.current().pid()))
                    .filteredOn(l -> l.port() == endpoint.port()).singleElement()
                    .satisfies(l -> assertThat(l.loopback()).isTrue());
        }
    }
}
