package io.tunescope.workload.tpch;

import io.tunescope.engine.SqlDialect;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Loads SF 0.01 into an in-memory DuckDB and checks every query against the tpch jar's reference answers. */
class DuckDbTpchValidationTest {
    private static DuckDBConnection root;
    private static TpchLoader.LoadReport report;

    @BeforeAll
    static void load() throws Exception {
        root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        AtomicLong progress = new AtomicLong();
        report = new TpchLoader(root::duplicate, SqlDialect.DUCKDB, LoadMethod.APPENDER, 2,
                TpchLoader.namedThreads("load-test")).load(0.01, progress::addAndGet);
        assertThat(progress.get()).isEqualTo(report.rows());
    }

    @AfterAll
    static void close() throws Exception {
        root.close();
    }

    @Test
    void loadsDbgenRowCounts() throws Exception {
        assertThat(count("lineitem")).isEqualTo(60_175);
        assertThat(count("orders")).isEqualTo(15_000);
        assertThat(count("partsupp")).isEqualTo(8_000);
        assertThat(count("customer")).isEqualTo(1_500);
        assertThat(count("nation")).isEqualTo(25);
        try (Statement s = root.createStatement();
             ResultSet rs = s.executeQuery("SELECT l_extendedprice, l_shipdate FROM lineitem WHERE l_orderkey = 1 AND l_linenumber = 1")) {
            rs.next();
            assertThat(rs.getBigDecimal(1)).isEqualByComparingTo(new BigDecimal("24710.35"));
            assertThat(rs.getObject(2).toString()).isEqualTo("1996-03-13");
        }
    }

    @ParameterizedTest(name = "Q{0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22})
    void matchesReferenceAnswer(int query) throws Exception {
        List<List<String>> rows = run(TpchQueries.validationSql(query, SqlDialect.DUCKDB));
        ResultValidator.Verdict verdict = ResultValidator.validate(query, rows);
        assertThat(verdict.ok()).as(verdict.detail()).isTrue();
    }

    @Test
    void aWrongAnswerIsCaught() throws Exception {
        // Q6 with another discount gives another revenue: validating it against Q6's reference must fail
        String wrong = TpchQueries.sql(6, List.of(new Substitution("decimal '0.06'", "decimal '0.07'")), SqlDialect.DUCKDB);
        ResultValidator.Verdict verdict = ResultValidator.validate(6, run(wrong));
        assertThat(verdict.ok()).isFalse();
        assertThat(verdict.detail()).startsWith("row 1: expected");
    }

    @Test
    void randomParametersRunOnEveryQuery() throws Exception {
        // each query must take its random parameters (a text other than the reference's) and keep the answer's
        // shape (the reference answer's column count); across the 22 queries most answers have rows
        java.util.SplittableRandom rng = new java.util.SplittableRandom(42);
        int withRows = 0;
        for (int q = 1; q <= 22; q++) {
            String reference = TpchQueries.validationSql(q, SqlDialect.DUCKDB);
            String sql = TpchQueries.sql(q, TpchQueryParameters.random(q, rng, 0.01), SqlDialect.DUCKDB);
            assertThat(sql).as("Q%d with random parameters", q).isNotEqualTo(reference);
            List<List<String>> rows = run(sql);
            int columns = run(reference).get(0).size();
            assertThat(rows).as("Q%d", q).allSatisfy(row -> assertThat(row).hasSize(columns));
            withRows += rows.isEmpty() ? 0 : 1;
        }
        assertThat(withRows).as("queries whose random parameters select rows").isGreaterThanOrEqualTo(18);
    }

    private static long count(String table) throws Exception {
        try (Statement s = root.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static List<List<String>> run(String sql) throws Exception {
        try (Connection c = root.duplicate(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.add(v == null ? null : v instanceof BigDecimal d ? d.toPlainString()
                            : v instanceof Double d ? BigDecimal.valueOf(d).toPlainString() : v.toString());
                }
                rows.add(row);
            }
            return rows;
        }
    }
}
