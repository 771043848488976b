package io.tunescope.monitor.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import io.tunescope.store.ResultsExport;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every raw sample of a results directory as one table, {@code thread_samples}, for pandas, DuckDB or Spark: one row
 * per sample of every recording under the directory (a run's {@code monitor/}, each cell's, a {@code monitor --out}
 * directory), with the thread it belongs to from the thread list beside the samples. Counters the sampler did not
 * read are null; {@code monotonic_nanos} is the sampler's clock (CLOCK_MONOTONIC), comparable within one machine
 * boot.
 */
public final class SampleExport {
    /** The table's name, and so its file's. */
    public static final String TABLE = "thread_samples";
    private static final String RAW_FILE = "samples.tsraw";
    /** The thread list beside the samples: a run's monitor.json, or the summary.json of {@code monitor --out}. */
    private static final List<String> THREAD_LISTS = List.of("monitor.json", "summary.json");
    private static final String CREATE_SAMPLES = "CREATE TABLE raw(recording VARCHAR, slot INTEGER, "
            + "monotonic_nanos BIGINT, state VARCHAR, core INTEGER, cpu_nanos BIGINT, voluntary_switches BIGINT, "
            + "involuntary_switches BIGINT, migrations BIGINT, run_delay_nanos BIGINT)";
    private static final String CREATE_THREADS = "CREATE TABLE threads(recording VARCHAR, slot INTEGER, "
            + "tenant VARCHAR, pid INTEGER, tid INTEGER, thread_name VARCHAR, role VARCHAR, thread_group VARCHAR)";
    private static final String SELECT = "SELECT r.recording, r.slot, t.tenant, t.pid, t.tid, t.thread_name, t.role, "
            + "t.thread_group, r.monotonic_nanos, r.state, r.core, NULLIF(r.cpu_nanos, -1) AS cpu_nanos, "
            + "NULLIF(r.voluntary_switches, -1) AS voluntary_switches, "
            + "NULLIF(r.involuntary_switches, -1) AS involuntary_switches, "
            + "NULLIF(r.migrations, -1) AS migrations, NULLIF(r.run_delay_nanos, -1) AS run_delay_nanos "
            + "FROM raw r LEFT JOIN threads t USING (recording, slot) ORDER BY r.recording, r.monotonic_nanos, r.slot";

    private SampleExport() {
    }

    /** The recordings under {@code dir}: each raw-sample file, in path order. */
    public static List<Path> recordings(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().equals(RAW_FILE) && Files.isRegularFile(p))
                    .sorted().toList();
        }
    }

    /** The file {@link #export} writes into {@code outDir}. */
    public static Path target(Path outDir, ResultsExport.Format format) {
        return outDir.resolve(TABLE + "." + format.extension());
    }

    /** Writes every sample of every recording under {@code dir} into {@code outDir}; returns the number of samples. */
    public static long export(Path dir, Path outDir, ResultsExport.Format format) throws IOException, SQLException {
        Files.createDirectories(outDir);
        String target = "'" + target(outDir.toAbsolutePath(), format).toString().replace("'", "''") + "'";
        long samples = 0;
        // a scratch database on disk, not in memory: a long monitored run holds millions of samples
        Path scratch = Files.createTempFile("tunescope-samples", ".duckdb");
        Files.delete(scratch);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + scratch); Statement s = c.createStatement()) {
            s.execute(CREATE_SAMPLES);
            s.execute(CREATE_THREADS);
            DuckDBConnection duck = c.unwrap(DuckDBConnection.class);
            for (Path file : recordings(dir)) {
                String relative = dir.relativize(file.getParent()).toString();
                String recording = relative.isEmpty() ? "." : relative;
                appendThreads(duck, recording, file.getParent());
                samples += appendSamples(duck, recording, file);
            }
            // COPY takes no parameters: the path is a quoted literal ('' doubled)
            s.execute("COPY (" + SELECT + ") TO " + target + " (" + format.copyOptions() + ")");
        } finally {
            Files.deleteIfExists(scratch);
            Files.deleteIfExists(scratch.resolveSibling(scratch.getFileName() + ".wal"));
        }
        return samples;
    }

    private static long appendSamples(DuckDBConnection c, String recording, Path file)
            throws IOException, SQLException {
        try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "raw")) {
            SqlVisitor v = new SqlVisitor(a, recording);
            long n = RawSampleReader.readAll(file, v);
            if (v.failure != null) {
                throw v.failure;
            }
            return n;
        }
    }

    private static void appendThreads(DuckDBConnection c, String recording, Path monitorDir)
            throws IOException, SQLException {
        JsonNode threads = null;
        for (String name : THREAD_LISTS) {
            Path list = monitorDir.resolve(name);
            if (Files.isRegularFile(list)) {
                threads = Json.MAPPER.readTree(list.toFile()).path("threads");
                break;
            }
        }
        if (threads == null || !threads.isArray()) {
            return;   // the samples go out without their threads' names
        }
        try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "threads")) {
            for (JsonNode t : threads) {
                if (!t.hasNonNull("slot")) {
                    continue;   // a list written before threads carried their slot: nothing to join on
                }
                a.beginRow().append(recording).append(t.get("slot").asInt()).append(t.path("tenant").asText(""))
                        .append(t.path("pid").asInt()).append(t.path("tid").asInt())
                        .append(t.path("name").asText("")).append(t.path("role").asText(""))
                        .append(t.path("group").asText("")).endRow();
            }
        }
    }

    /** Appends each sample as a row; the first failure is kept and every later sample skipped. */
    private static final class SqlVisitor implements SampleVisitor {
        private final DuckDBAppender appender;
        private final String recording;
        private SQLException failure;

        SqlVisitor(DuckDBAppender appender, String recording) {
            this.appender = appender;
            this.recording = recording;
        }

        @Override
        public void checkpoint(Map<Integer, long[]> lastCountersBySlot) {
            // every sample carries its counters whole: nothing to carry over
        }

        @Override
        public void sample(int slot, long ts, char state, int core, long cpuNanos, long voluntary,
                           long involuntary, long migrations, long runDelayNanos) {
            if (failure != null) {
                return;
            }
            try {
                appender.beginRow().append(recording).append(slot).append(ts).append(String.valueOf(state))
                        .append(core).append(cpuNanos).append(voluntary).append(involuntary).append(migrations)
                        .append(runDelayNanos).endRow();
            } catch (SQLException e) {
                failure = e;
            }
        }
    }
}
