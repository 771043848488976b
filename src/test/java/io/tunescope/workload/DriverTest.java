package io.tunescope.workload;

import io.tunescope.BadInputException;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.store.ExecutionRecord;
import io.tunescope.engine.SqlDialect;
import io.tunescope.store.TenantStatistics;
import io.tunescope.workload.tpch.LoadMethod;
import io.tunescope.workload.tpch.TpchLoader;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DriverTest {
    private static DuckDBConnection root;

    @BeforeAll
    static void load() throws Exception {
        root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        new TpchLoader(root::duplicate, SqlDialect.DUCKDB, LoadMethod.APPENDER, 2, TpchLoader.namedThreads("t"))
                .load(0.01, rows -> { });
    }

    @AfterAll
    static void close() throws Exception {
        root.close();
    }

    private static DriverSettings settings(int users, String workload, Duration duration, int iterations, int warmup) {
        WorkloadConfig w = new WorkloadConfig(users, WorkloadDefinition.parse(workload, false), Duration.ZERO,
                duration, iterations, warmup, false, 1);
        return new DriverSettings("t1", w, new DataConfig(0.01, false, 1, false), SqlDialect.DUCKDB);
    }

    @Test
    void warmupIsRecordedButExcludedFromResults(@TempDir Path dir) throws Exception {
        Path csvFile = dir.resolve("e.csv");
        List<ExecutionRecord> seen = new CopyOnWriteArrayList<>();
        try (ExecutionCsv csv = new ExecutionCsv(csvFile)) {
            Driver.Result result = new Driver(settings(2, "single:Q6", null, 3, 1), user -> root.duplicate(),
                    e -> { seen.add(e); csv.accept(e); }, (u, q, v) -> { }).run();
            assertThat(result.fatalError()).isNull();
            assertThat(result.measureSeconds()).isPositive();
        }
        assertThat(seen).hasSize(8);
        assertThat(seen.stream().filter(e -> e.phase() == ExecutionRecord.Phase.WARMUP)).hasSize(2)
                .allMatch(e -> e.iteration() == 0);
        assertThat(seen.stream().filter(e -> e.user() == 1).map(ExecutionRecord::sequence)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(seen).allMatch(e -> e.query().equals("Q6") && e.rows() == 1 && e.error() == null && e.responseNanos() > 0);
        TenantStatistics statistics = TenantStatistics.read(csvFile);
        assertThat(statistics.executions()).isEqualTo(6);
        assertThat(statistics.queries(java.util.Map.of(), java.util.Map.of(), false))
                .singleElement().satisfies(q -> {
                    assertThat(q.count()).isEqualTo(6);
                    assertThat(q.errors()).isZero();
                    assertThat(q.validated()).isNull();
                    assertThat(q.p50Millis()).isPositive();
                });
    }

    @Test
    void aSequenceIterationRunsAll22QueriesInOrder() throws Exception {
        List<ExecutionRecord> seen = new CopyOnWriteArrayList<>();
        new Driver(settings(1, "sequence", null, 1, 0), user -> root.duplicate(), seen::add, (u, q, v) -> { }).run();
        assertThat(seen.stream().map(ExecutionRecord::query))
                .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 22).mapToObj(i -> "Q" + i).toList());
    }

    @Test
    void aDurationBoundsTheMeasurement() throws Exception {
        List<ExecutionRecord> seen = new CopyOnWriteArrayList<>();
        Driver.Result result = new Driver(settings(2, "single:Q14", Duration.ofMillis(400), 0, 0),
                user -> root.duplicate(), seen::add, (u, q, v) -> { }).run();
        assertThat(seen).isNotEmpty();
        // users stop starting queries at the deadline; the last one may run past it by one query's time
        assertThat(result.measureSeconds()).isBetween(0.4, 5.0);
    }

    @Test
    void failingQueriesAreRecordedWithTheirError() throws Exception {
        List<ExecutionRecord> seen = new CopyOnWriteArrayList<>();
        DuckDBConnection empty = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        try (empty) {
            Driver.Result result = new Driver(settings(1, "single:Q1", null, 2, 0), user -> empty.duplicate(),
                    seen::add, (u, q, v) -> { }).run();
            assertThat(result.fatalError()).isNull();
        }
        assertThat(seen).hasSize(2).allMatch(e -> e.failed() && e.error().contains("lineitem"));
    }

    @Test
    void badSettingsNameTheFieldAndRule() {
        assertThatThrownBy(() -> settings(0, "sequence", null, 1, 0)).isInstanceOf(BadInputException.class)
                .hasMessage("users (0) must be between 1 and 1024");
        assertThatThrownBy(() -> WorkloadDefinition.parse("random", false)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("workload (random) must be");
    }
}
