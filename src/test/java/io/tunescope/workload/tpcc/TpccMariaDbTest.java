package io.tunescope.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.Externals;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.mariadb.MariaDbServer;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** TPC-C on a private MariaDB: rows loaded with LOAD DATA LOCAL where the connection allows it, and a short run. */
@Timeout(300)
class TpccMariaDbTest {
    @Test
    void runLoadsAWarehouseReportsTpmCAndPassesTheConsistencyConditions(@TempDir Path tmp) throws Exception {
        Externals.mariadb();
        Path out = tmp.resolve("run");
        int code = Main.execute("run", "--engine", "mariadb", "--workload", "tpcc", "--warehouses", "1", "--load",
                "--users", "2", "--duration", "4s", "--out", out.toString());
        JsonNode summary = Json.MAPPER.readTree(Files.readString(out.resolve("summary.json")));
        assertThat(code).as(summary.toString()).isEqualTo(ExitCode.OK);
        JsonNode tenant = summary.get("tenants").get(0);
        // order lines are 5 to 15 per order, so the count is near the estimate, not on it
        assertThat(tenant.get("load").get("rows").asLong()).isCloseTo(TpccScale.rowsAt(1),
                org.assertj.core.data.Percentage.withPercentage(2));
        JsonNode mix = tenant.get("transactions");
        assertThat(mix.get("tpmC").asDouble()).isPositive();
        assertThat(mix.get("transactions").get(0).get("count").asLong()).isPositive();
    }

    @Test
    void rowsGoThroughLoadDataOnlyWhereTheConnectionAllowsLocalInfile(@TempDir Path tmp) throws Exception {
        try (MariaDbServer server = MariaDbServer.start(Externals.mariadb(), tmp.resolve("mdb"), null, List.of())) {
            try (Connection c = server.connect()) {
                assertThat(server.jdbcUrl()).contains("allowLocalInfile=true");
                TpccSchema.create(c, SqlDialect.MARIADB);
                assertThat(TpccTextRows.allowsLocalInfile(c)).isTrue();
                long before = loads(c);
                writeOrders(c, 1, 3);
                assertThat(loads(c)).isEqualTo(before + 1);
                assertThat(count(c, "SELECT COUNT(*) FROM orders WHERE o_carrier_id IS NULL")).isEqualTo(3);
                assertThat(count(c, "SELECT COUNT(*) FROM orders WHERE o_entry_d IS NULL")).isZero();
            }
            String refusing = server.jdbcUrl().replace("allowLocalInfile=true", "allowLocalInfile=false");
            try (Connection c = DriverManager.getConnection(refusing, server.user(), server.password())) {
                assertThat(TpccTextRows.allowsLocalInfile(c)).isFalse();
                long before = loads(c);
                writeOrders(c, 4, 6);
                assertThat(loads(c)).as("no LOAD DATA without local infile").isEqualTo(before);
                assertThat(count(c, "SELECT COUNT(*) FROM orders")).isEqualTo(6);
            }
        }
    }

    private static void writeOrders(Connection c, int from, int to) throws SQLException {
        try (TpccRows rows = TpccRows.open(c, SqlDialect.MARIADB, "orders")) {
            for (int o = from; o <= to; o++) {
                rows.row(o, 1, 1, o, new java.sql.Timestamp(0L + 86_400_000L), null, 5, 1);
            }
        }
    }

    private static long loads(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_load'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
