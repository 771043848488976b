package io.tunescope.workload.agent;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.SqlDialect;
import io.tunescope.engine.Lifecycle;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The database an agent drives: an embedded DuckDB it hosts, or a server reached by JDBC URL. DuckDB is opened on a
 * thread named {@code duck-<tenant>}: its native worker threads inherit that name (it shows in
 * {@code /proc/<pid>/task/<tid>/comm}), which is how the monitor tells tenants' workers apart.
 */
abstract class TenantDatabase implements AutoCloseable {
    abstract Connection newConnection() throws SQLException;

    abstract String version() throws SQLException;

    /** The JDBC URL this database was opened with (may hold a password: never print it unmasked). */
    abstract String url();

    static TenantDatabase open(AgentSpec spec, String password) throws Exception {
        Engine engine = Engines.byId(spec.engine());
        if (engine.tenantRunsAs(Lifecycle.AGENT_HOSTED)) {
            return engine.dialect() == SqlDialect.DUCKDB ? DuckDb.open(spec) : hostedH2(spec);
        }
        return new Jdbc(AgentSpec.realUrl(spec), TenantAgent.credentials(spec.user(), password));
    }

    @Override
    public abstract void close() throws SQLException;

    /**
     * H2 in this agent, its settings applied once (they are database-wide). Its lock timeout is raised from one second
     * to ten: under TPC-C's contention a short one fails waits that would have been granted.
     */
    private static TenantDatabase hostedH2(AgentSpec spec) throws SQLException, IOException {
        HostedH2Files files = HostedH2Files.create(spec.tenant());
        Jdbc database;
        try {
            database = new Jdbc(files.url() + ";LOCK_TIMEOUT=10000", new Properties(), files);
        } catch (RuntimeException e) {
            files.remove();
            throw e;
        }
        try (java.sql.Statement st = database.probe.createStatement()) {
            for (String setting : spec.settings()) {
                st.execute(setting);
            }
        } catch (SQLException e) {
            database.close();
            throw new SQLException("cannot apply a setting: " + e.getMessage(), e);
        }
        return database;
    }

    private static final class DuckDb extends TenantDatabase {
        private final DuckDBConnection root;

        private DuckDb(DuckDBConnection root) {
            this.root = root;
        }

        static DuckDb open(AgentSpec spec) throws Exception {
            String url = "jdbc:duckdb:" + (spec.jdbcUrl() == null ? "" : spec.jdbcUrl());
            Properties properties = new Properties();
            if (spec.duckdbThreads() > 0) {
                properties.setProperty("threads", String.valueOf(spec.duckdbThreads()));
            }
            FutureTask<DuckDBConnection> opening = new FutureTask<>(
                    () -> (DuckDBConnection) TenantAgent.connect(url, properties));
            Thread opener = new Thread(opening, "duck-" + spec.tenant());
            opener.start();
            try {
                DuckDBConnection root = opening.get();
                try (java.sql.Statement st = root.createStatement()) {
                    for (String setting : spec.settings()) {
                        st.execute(setting);
                    }
                } catch (SQLException e) {
                    root.close();
                    throw new SQLException("cannot apply a setting: " + e.getMessage(), e);
                }
                return new DuckDb(root);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }

        @Override
        Connection newConnection() throws SQLException {
            return root.duplicate();
        }

        @Override
        String url() {
            return "jdbc:duckdb:";
        }

        @Override
        String version() throws SQLException {
            return "DuckDB " + root.getMetaData().getDatabaseProductVersion();
        }

        @Override
        public void close() throws SQLException {
            root.close();
        }
    }

    private static final class Jdbc extends TenantDatabase {
        private final String url;
        private final Properties credentials;
        private final Connection probe;
        /** The files of a database this agent hosts, removed when it closes; null for a server's. */
        private final HostedH2Files hosted;

        Jdbc(String url, Properties credentials) {
            this(url, credentials, null);
        }

        Jdbc(String url, Properties credentials, HostedH2Files hosted) {
            this.url = url;
            this.credentials = credentials;
            this.hosted = hosted;
            this.probe = TenantAgent.connect(url, credentials);
        }

        @Override
        Connection newConnection() {
            return TenantAgent.connect(url, credentials);
        }

        @Override
        String url() {
            return url;
        }

        @Override
        String version() throws SQLException {
            var meta = probe.getMetaData();
            return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
        }

        @Override
        public void close() throws SQLException {
            try {
                probe.close();
            } finally {
                if (hosted != null) {
                    hosted.remove();
                }
            }
        }
    }
}
