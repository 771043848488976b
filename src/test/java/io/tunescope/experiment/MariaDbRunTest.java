package io.tunescope.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.Processes;
import io.tunescope.store.ConnectionsCsv;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** MariaDB as a TPC-H tenant: a private instance, loaded, all 22 queries answered as the reference answers say. */
@Timeout(300)
class MariaDbRunTest {
    @Test
    void allTwentyTwoQueriesValidateOnAPrivateInstanceThatIsGoneAfterwards(@TempDir Path dir) throws Exception {
        Externals.mariadb();
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "mariadb", "--sf", "0.01", "--validate", "--users", "2",
                "--monitor", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(code).as("summary: %s", summary).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        assertThat(tenant.get("load").get("rows").asLong()).isEqualTo(86_805);
        List<String> validated = new ArrayList<>();
        tenant.get("queries").forEach(q -> {
            assertThat(q.get("errors").asLong()).as(q.get("query").asText()).isZero();
            if (q.get("validated").asBoolean()) {
                validated.add(q.get("query").asText());
            }
        });
        assertThat(validated).hasSize(22);
        // the server's own count of SELECTs covers every execution the run recorded
        JsonNode selects = ServerCountersTest.counter(tenant.get("database"), "global_status", "Com_select");
        assertThat(selects.get("change").asDouble()).isGreaterThanOrEqualTo(tenant.get("executions").asDouble());
        List<Long> pids = new ArrayList<>();
        tenant.get("pids").forEach(p -> pids.add(p.asLong()));
        assertThat(pids).isNotEmpty().noneMatch(Processes::isRunning);
        assertThat(out.resolve("tenants/t1/mariadb.log")).exists();

        // the monitor tells the users' connection threads (named by PROCESSLIST.TID) from the engine's own
        List<Long> connectionThreads = new ArrayList<>(ConnectionsCsv.read(out.resolve("tenants/t1/connections.csv"))
                .values().stream().map(Integer::longValue).toList());
        assertThat(connectionThreads).hasSize(2);
        JsonNode threads = Json.MAPPER.readTree(out.resolve("monitor/monitor.json").toFile()).get("threads");
        List<Long> workers = new ArrayList<>();
        threads.forEach(t -> {
            if (t.get("role").asText().equals("worker")) {
                assertThat(t.get("group").asText()).isEqualTo("mariadb-connection");
                workers.add(t.get("tid").asLong());
            } else {
                assertThat(t.get("role").asText()).as("thread %s", t).isEqualTo("engine");
            }
        });
        assertThat(workers).containsExactlyInAnyOrderElementsOf(connectionThreads);
        assertThat(out.resolve("tenants/t1/data")).doesNotExist();
    }
}
