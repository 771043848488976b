package io.tunescope.workload.agent;

import io.tunescope.workload.DataConfig;
import io.tunescope.workload.WorkloadConfig;
import io.tunescope.workload.WorkloadDefinition;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An agent-hosted H2 keeps its rows in a file, not on the agent's heap: an in-memory H2 ran out of a fixed heap at
 * 4 warehouses of TPC-C. Checked at a small scale: the rows reach the store file, and the files go when it closes.
 */
class HostedH2Test {
    private static final int ROWS = 4_000;
    private static final int ROW_CHARS = 2_000;

    @Test
    void theTenantsRowsLiveInAFileThatGoesWhenTheDatabaseCloses() throws Exception {
        AgentSpec spec = new AgentSpec("t9", "h2", null, null, 0, List.of("SET CACHE_SIZE 8192"),
                new DataConfig(1, true, 1, false), WorkloadConfig.of(1, WorkloadDefinition.parse("tpcc", false)),
                "/tmp/t9/executions.csv");
        Path store;
        try (TenantDatabase database = TenantDatabase.open(spec, null);
             Connection connection = database.newConnection();
             Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery("SELECT DATABASE_PATH()")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).as("an in-memory H2 has no path").isNotNull();
                store = Path.of(rs.getString(1) + ".mv.db");
            }
            statement.execute("CREATE TABLE filler (id INT PRIMARY KEY, data VARCHAR(" + ROW_CHARS + "))");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO filler VALUES (?, ?)")) {
                String data = "x".repeat(ROW_CHARS);
                for (int i = 0; i < ROWS; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, data);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            statement.execute("CHECKPOINT");
            // H2 compresses nothing by default: the store holds at least the rows' characters
            assertThat(Files.size(store)).isGreaterThan((long) ROWS * ROW_CHARS);
        }
        assertThat(store).doesNotExist();
        assertThat(store.getParent()).doesNotExist();
    }
}
