package io.tunescope.workload.file;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** The example workload files run on embedded DuckDB at small scale, results per transaction name. */
class FileWorkloadRunTest {
    @Test
    @Timeout(300)
    void keyValueRunsWithItsSetUpAndRecordsEachTransaction(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("kv");
        int code = Main.execute("run", "--engine", "duckdb", "--workload", "file:examples/workloads/key-value.yaml",
                "--users", "2", "--iterations", "100", "--seed", "7", "--latency-limit", "1us", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        assertThat(tenant.get("executions").asLong()).isEqualTo(200);
        assertThat(tenant.get("queries")).extracting(q -> q.get("query").asText())
                .contains("get", "put").allMatch(List.of("get", "put", "insert")::contains);
        JsonNode mix = tenant.get("transactions");
        assertThat(mix.get("transactions")).extracting(t -> t.get("name").asText())
                .containsExactly("get", "put", "insert");
        assertThat(mix.get("transactions").get(0).get("p99Millis").asDouble()).isPositive();
        assertThat(mix.get("latencyLimitMillis").asDouble()).isEqualTo(0.001);
        for (JsonNode t : mix.get("transactions")) {
            assertThat(t.get("late").asLong()).as("no transaction takes under 1 us").isEqualTo(t.get("count").asLong());
        }
        List<String> lines = Files.readAllLines(out.resolve("tenants/t1/executions.csv"));
        List<String> gets = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            if (f[4].equals("get")) {
                gets.add(f[9]);
            }
        }
        assertThat(gets).as("a get of a key the set-up inserted reads its row").isNotEmpty().allMatch("1"::equals);
    }

    @Test
    @Timeout(300)
    void ordersRunsItsPhasesWithWarmUpLeftOut(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("orders");
        int code = Main.execute("run", "--engine", "duckdb", "--workload", "file:examples/workloads/orders.yaml",
                "--users", "8", "--seed", "3", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(summary.get("config").get("durationMillis").asLong()).isEqualTo(8_000);
        List<String> lines = Files.readAllLines(out.resolve("tenants/t1/executions.csv"));
        Set<String> warmupUsers = new TreeSet<>();
        Set<String> measuredUsers = new TreeSet<>();
        Set<String> measured = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            (f[5].equals("WARMUP") ? warmupUsers : measuredUsers).add(f[1]);
            if (f[5].equals("MEASURE")) {
                measured.add(f[4]);
            }
        }
        assertThat(warmupUsers).as("the warm-up phase has 2 users").containsExactly("1", "2");
        assertThat(measuredUsers).as("the second phase has 8").hasSize(8);
        assertThat(measured).containsExactly("new-order", "order-status", "product");
        JsonNode mix = summary.get("tenants").get(0).get("transactions").get("transactions");
        assertThat(mix.get(0).get("name").asText()).isEqualTo("new-order");
        assertThat(mix.get(0).get("committed").asLong()).as(mix.toString()).isPositive();
    }

    @Test
    @Timeout(300)
    void phasesOnTheCommandLineShapeAWorkloadWithoutPhasesOfItsOwn(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("kv-phases");
        int code = Main.execute("run", "--engine", "duckdb", "--workload", "file:examples/workloads/key-value.yaml",
                "--users", "3", "--phases", "1s:1:warmup,2s:3,2s:40/s", "--seed", "7", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        assertThat(summary.get("config").get("durationMillis").asLong()).as("the phases make the length")
                .isEqualTo(5_000);
        List<String> lines = Files.readAllLines(out.resolve("tenants/t1/executions.csv"));
        Set<String> warmupUsers = new TreeSet<>();
        Set<String> measuredUsers = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            (f[5].equals("WARMUP") ? warmupUsers : measuredUsers).add(f[1]);
        }
        assertThat(warmupUsers).as("the warm-up phase has 1 user").containsExactly("1");
        assertThat(measuredUsers).as("the phases after it have 3").hasSize(3);
        assertThat(Main.execute("run", "--engine", "duckdb", "--workload", "file:examples/workloads/orders.yaml",
                "--users", "8", "--phases", "2s:8", "--out", tmp.resolve("own").toString()))
                .as("a file with phases of its own").isEqualTo(ExitCode.BAD_INPUT);
        assertThat(tmp.resolve("own")).doesNotExist();
    }

    @Test
    void phasesSetTheLengthAndRefuseWhatContradictsThem(@TempDir Path tmp) {
        String orders = "file:examples/workloads/orders.yaml";
        assertThat(Main.execute("run", "--engine", "duckdb", "--workload", orders, "--users", "8",
                "--duration", "30s", "--out", tmp.resolve("a").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--engine", "duckdb", "--workload", orders, "--users", "4",
                "--out", tmp.resolve("b").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("run", "--engine", "duckdb", "--workload", orders, "--users", "8",
                "--rate", "10", "--out", tmp.resolve("c").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("check", "examples/workloads/orders.yaml", "examples/workloads/key-value.yaml"))
                .isEqualTo(ExitCode.OK);
    }

    @Test
    @Timeout(300)
    void aPlanComparesTwoWorkloadFiles(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("plan");
        assertThat(Main.execute("check", "examples/workloads/two-workloads.yaml")).isEqualTo(ExitCode.OK);
        int code = Main.execute("run", "examples/workloads/two-workloads.yaml", "--out", out.toString());
        assertThat(code).isEqualTo(ExitCode.OK);
        Set<String> names = new TreeSet<>();
        try (java.util.stream.Stream<Path> files = Files.walk(out)) {
            for (Path csv : files.filter(f -> f.getFileName().toString().equals("executions.csv")).toList()) {
                List<String> lines = Files.readAllLines(csv);
                lines.subList(1, lines.size()).forEach(l -> names.add(l.split(",")[4]));
            }
        }
        assertThat(names).as("each cell's transactions by name").contains("get", "put", "scan");
    }
}
