package io.tunescope.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import io.tunescope.workload.tpch.PreparedCopy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** TPC-C loaded once into the data cache: a second run copies it, and a run's changes never reach the cached file. */
class TpccCacheTest {
    @Test
    @Timeout(300)
    void aSecondRunCopiesThePreparedFileAndFindsItUnchangedByTheFirst(@TempDir Path tmp) throws Exception {
        Path cache = tmp.resolve("cache");
        JsonNode first = run(cache, tmp.resolve("one"));
        Path file = onlyCopy(cache);
        String manifest = Files.readString(file.resolveSibling(file.getFileName() + ".json"));
        FileTime written = Files.getLastModifiedTime(file);
        Map<String, Long> rows = rowsIn(file);
        assertThat(rows).containsEntry("new_order", 9_000L).containsEntry("orders", 30_000L);
        assertThat(first.get("tenants").get(0).get("transactions").get("tpmC").asDouble()).isPositive();

        // the first run's New-Orders and Deliveries changed its tenant's copy, not the cached file
        JsonNode second = run(cache, tmp.resolve("two"));
        assertThat(onlyCopy(cache)).isEqualTo(file);
        assertThat(Files.readString(file.resolveSibling(file.getFileName() + ".json"))).isEqualTo(manifest);
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(written);
        assertThat(rowsIn(file)).isEqualTo(rows);
        assertThat(second.get("tenants").get(0).get("load").get("rows").asLong())
                .isEqualTo(rows.values().stream().mapToLong(Long::longValue).sum());
    }

    private static JsonNode run(Path cache, Path out) throws Exception {
        PrintStream before = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute("run", "--engine", "duckdb", "--workload", "tpcc", "--warehouses", "1",
                    "--users", "2", "--duration", "2s", "--data-cache", cache.toString(), "--out", out.toString());
        } finally {
            System.setOut(before);
        }
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        // exit 0 also says the consistency conditions held after the run
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        JsonNode mix = summary.get("tenants").get(0).get("transactions");
        assertThat(mix.get("consistency").asText()).isEqualTo("passed");
        assertConsole(captured.toString(StandardCharsets.UTF_8), mix);
        return summary;
    }

    /** The console's last lines give tpmC and NOTPM, each transaction's counts and p90, and the verdict. */
    private static void assertConsole(String stdout, JsonNode mix) {
        List<String> lines = stdout.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        assertThat(lines.get(lines.size() - 1)).startsWith("results: ");
        assertThat(lines.get(lines.size() - 2)).isEqualTo("TPC-C consistency conditions 1-4: passed");
        assertThat(lines.get(lines.size() - 3)).startsWith(String.format(Locale.ROOT, "tpmC %,.1f  NOTPM %,.1f",
                mix.get("tpmC").asDouble(), mix.get("notpm").asDouble()));
        assertThat(String.join("\n", lines)).contains("p90 ms");
        for (JsonNode t : mix.get("transactions")) {
            String row = lines.stream().filter(l -> l.startsWith(t.get("name").asText() + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no line for " + t.get("name") + " in\n" + stdout));
            List<String> cells = List.of(row.split("\\s+"));
            assertThat(cells.get(1)).isEqualTo(t.get("count").asText());
            assertThat(cells.get(2)).isEqualTo(t.get("committed").asText());
            if (t.hasNonNull("p90Millis")) {
                assertThat(cells.get(6)).isEqualTo(String.format(Locale.ROOT, "%.2f", t.get("p90Millis").asDouble()));
            }
        }
    }

    private static Path onlyCopy(Path cache) throws Exception {
        try (Stream<Path> files = Files.list(cache.resolve("tpcc"))) {
            List<Path> copies = files.filter(f -> f.toString().endsWith(".duckdb")).toList();
            assertThat(copies).hasSize(1);
            return copies.get(0);
        }
    }

    private static Map<String, Long> rowsIn(Path file) throws Exception {
        try (Connection memory = DriverManager.getConnection("jdbc:duckdb:")) {
            return PreparedCopy.rowsInFile(memory, file.toString(), TpccSchema.TABLES);
        }
    }
}
