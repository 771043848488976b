package io.tunescope.workload.agent;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.config.JdbcUrls;
import io.tunescope.store.ExecutionCsv;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.Driver;
import io.tunescope.workload.DriverSettings;
import io.tunescope.workload.WorkloadDefinition;
import io.tunescope.workload.pgbench.PgbenchLoader;
import io.tunescope.workload.tpcc.TpccConsistency;
import io.tunescope.workload.tpcc.TpccLoader;
import io.tunescope.workload.tpch.LoadMethod;
import org.HdrHistogram.Histogram;
import io.tunescope.workload.tpch.TpchLoader;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/** One tenant's life inside its agent process: open, load, report ready, wait for go, drive, report done. */
final class TenantAgent {
    private static final long LOAD_REPORT_MILLIS = 250;
    private static final long PROGRESS_REPORT_MILLIS = 1_000;

    private final AgentSpec spec;
    private final EventChannel events;
    private final BufferedReader control;
    private final SqlDialect dialect;
    /** Whether this tenant's server is a private MariaDB of tunescope's, whose connection threads it names. */
    private final boolean privateMariaDb;
    private final String password = System.getenv(AgentSpec.PASSWORD_ENV);
    private TenantDatabase database;
    private final java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);

    TenantAgent(AgentSpec spec, EventChannel events, BufferedReader control) {
        this.spec = spec;
        this.events = events;
        this.control = control;
        Engine engine = Engines.byId(spec.engine());
        this.privateMariaDb = engine.dialect() == SqlDialect.MARIADB && engine.tenantRunsAs(Lifecycle.PRIVATE_SERVER);
        // a database reached by URL speaks the dialect of whichever engine its URL names
        this.dialect = engine.tenantRunsAs(Lifecycle.AGENT_HOSTED) ? engine.dialect()
                : Engines.ofJdbcUrl(AgentSpec.realUrl(spec)).dialect();
    }

    int run() throws Exception {
        // watched from the start, not only after go: a controller killed during a long load must not leave us behind
        watchControllerInBackground();
        database = TenantDatabase.open(spec, password);
        try {
            TpchLoader.LoadReport load = spec.data().load() ? load() : null;
            List<Connection> connections = new ArrayList<>();
            List<Long> backendPids = new ArrayList<>();
            for (int user = 1; user <= spec.workload().users(); user++) {
                Connection connection = database.newConnection();
                connections.add(connection);
                if (dialect == SqlDialect.POSTGRES && JdbcUrls.isLoopback(database.url())) {
                    backendPids.add(backendPid(connection));
                } else if (privateMariaDb) {
                    connectionThread(connection).ifPresent(backendPids::add);
                }
            }
            if (privateMariaDb && backendPids.size() != connections.size()) {
                backendPids.clear();   // a connection's thread unknown: every execution is attributed by equal share
            }
            // settings before the monitor starts: reading them may open a database of its own (DuckDB's defaults)
            events.emit(new AgentEvent.DatabaseReading(AgentEvent.Moment.SETTINGS,
                    DatabaseReadings.settings(database)));
            events.emit(new AgentEvent.Ready(database.version(), backendPids.isEmpty() ? null : backendPids,
                    load == null ? null : load.loadMillis(), load == null ? null : load.indexMillis(),
                    load == null ? null : load.rows()));
            go.await();
            events.emit(new AgentEvent.DatabaseReading(AgentEvent.Moment.BEFORE, DatabaseReadings.counters(database)));
            return drive(connections, backendPids);
        } finally {
            database.close();
        }
    }

    private TpchLoader.LoadReport load() throws SQLException, InterruptedException {
        if (spec.prepared() != null) {
            return copyPrepared();
        }
        if (spec.workload().definition().kind() == WorkloadDefinition.Kind.PGBENCH) {
            return loadPgbench();
        }
        if (spec.workload().definition().kind() == WorkloadDefinition.Kind.TPCC) {
            return loadTpcc();
        }
        if (spec.workload().definition().kind() == WorkloadDefinition.Kind.FILE) {
            return setUpFile();
        }
        return reportingProgress(TpchLoader.estimatedRows(spec.data().scaleFactor()), rowsDone -> {
            TpchLoader loader = new TpchLoader(database::newConnection, dialect,
                    LoadMethod.forUrl(dialect, database.url()), spec.data().loadThreads(),
                    TpchLoader.namedThreads("load-" + spec.tenant()));
            return loader.load(spec.data().scaleFactor(), rowsDone);
        });
    }

    /** A load of this tenant's data that counts the rows it writes into {@code rowsDone}. */
    private interface Load {
        TpchLoader.LoadReport run(LongConsumer rowsDone) throws SQLException, InterruptedException;
    }

    /** Runs {@code load}, telling the controller every {@value #LOAD_REPORT_MILLIS} ms how far it has come. */
    private TpchLoader.LoadReport reportingProgress(long totalRows, Load load)
            throws SQLException, InterruptedException {
        AtomicLong rows = new AtomicLong();
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(
                TpchLoader.namedThreads("report-" + spec.tenant()));
        reporter.scheduleAtFixedRate(() -> events.emit(new AgentEvent.LoadProgress(rows.get(), totalRows)),
                LOAD_REPORT_MILLIS, LOAD_REPORT_MILLIS, TimeUnit.MILLISECONDS);
        try {
            TpchLoader.LoadReport report = load.run(rows::addAndGet);
            events.emit(new AgentEvent.LoadProgress(report.rows(), report.rows()));
            return report;
        } finally {
            reporter.shutdownNow();
        }
    }

    /** pgbench's standard tables at the run's scale (its scale factor is the number of branches). */
    private TpchLoader.LoadReport loadPgbench() throws SQLException, InterruptedException {
        int scale = PgbenchLoader.scaleOf(spec.data().scaleFactor());
        return reportingProgress(PgbenchLoader.rowsAt(scale), rowsDone -> {
            try (Connection connection = database.newConnection()) {
                return PgbenchLoader.load(connection, dialect, scale, PgbenchLoader.DEFAULT_FILLFACTOR, rowsDone);
            }
        });
    }

    /** A workload file's own set-up statements (its data is whatever they create). */
    private TpchLoader.LoadReport setUpFile() throws SQLException {
        long start = System.nanoTime();
        try (Connection connection = database.newConnection()) {
            new io.tunescope.workload.file.FileWorkload(
                    io.tunescope.workload.file.WorkloadFiles.parse(spec.workload().definition().scripts()))
                    .setUp(connection);
        }
        return new TpchLoader.LoadReport(0, (System.nanoTime() - start) / 1_000_000, 0, java.util.Map.of());
    }

    /** TPC-C's tables for the run's warehouses (its scale factor), a warehouse per loading thread. */
    private TpchLoader.LoadReport loadTpcc() throws SQLException, InterruptedException {
        int warehouses = (int) spec.data().scaleFactor();
        return reportingProgress(io.tunescope.workload.tpcc.TpccScale.rowsAt(warehouses), rowsDone -> {
            TpccLoader.Report report = new TpccLoader(database::newConnection, dialect, spec.data().loadThreads(),
                    TpchLoader.namedThreads("load-" + spec.tenant())).load(warehouses, spec.workload().seed(),
                    rowsDone);
            return new TpchLoader.LoadReport(report.rows(), report.loadMillis(), report.indexMillis(),
                    report.rowsByTable());
        });
    }

    /**
     * TPC-C's consistency conditions after the run: {@link AgentEvent.Done#PASSED} when all hold, else those that
     * fail, named; null when the workload is not TPC-C.
     */
    private String consistency() {
        if (spec.workload().definition().kind() != WorkloadDefinition.Kind.TPCC) {
            return null;
        }
        try (Connection connection = database.newConnection()) {
            List<TpccConsistency.Violation> violations = TpccConsistency.check(connection);
            return violations.isEmpty() ? AgentEvent.Done.PASSED : violations.stream().map(Object::toString)
                    .collect(java.util.stream.Collectors.joining("; "));
        } catch (SQLException e) {
            return "TPC-C consistency conditions could not be checked: " + e.getMessage();
        }
    }

    /** Copies the prepared database into this tenant's own and checks its rows (load once, reuse everywhere). */
    private TpchLoader.LoadReport copyPrepared() throws SQLException {
        long start = System.nanoTime();
        long rows;
        try (Connection connection = database.newConnection()) {
            rows = spec.prepared().copyInto(connection);
        }
        events.emit(new AgentEvent.LoadProgress(rows, rows));
        return new TpchLoader.LoadReport(rows, (System.nanoTime() - start) / 1_000_000, 0,
                spec.prepared().rowsByTable());
    }

    private static long backendPid(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The kernel task (thread id) of the server thread serving this MariaDB connection (MariaDB runs one thread per
     * connection, which plays the part a PostgreSQL backend process plays); empty when the server cannot tell.
     */
    private static java.util.Optional<Long> connectionThread(Connection connection) {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT TID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()")) {
            return rs.next() && rs.getLong(1) > 0 ? java.util.Optional.of(rs.getLong(1)) : java.util.Optional.empty();
        } catch (SQLException e) {
            return java.util.Optional.empty();   // a server without the TID column: no per-connection attribution
        }
    }

    /**
     * Reads the control channel for the whole life of the agent: {@code go} opens {@link #go}; end-of-file (the
     * controller stopped us, or died, even mid-load) ends this process at once.
     */
    private void watchControllerInBackground() {
        Thread watcher = new Thread(() -> {
            try {
                String line;
                while ((line = control.readLine()) != null) {
                    if (line.trim().equals(AgentEvent.GO)) {
                        go.countDown();
                    }
                }
            } catch (IOException e) {
                // a broken pipe means the same as end-of-file
            }
            Notices.say("tenant " + spec.tenant() + ": controller closed the control channel, stopping");
            Runtime.getRuntime().halt(TenantAgentMain.EXIT_CONTROLLER_GONE);
        }, "control-" + spec.tenant());
        watcher.setDaemon(true);
        watcher.start();
    }

    private int drive(List<Connection> connections, List<Long> backendPids) throws IOException, InterruptedException {
        DriverSettings settings = spec.driverSettings(dialect);
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(
                TpchLoader.namedThreads("report-" + spec.tenant()));
        Driver.Result result;
        long executions;
        long errors;
        // the file is closed, complete on disk, before Done tells the controller it may read it
        try (ExecutionCsv csv = new ExecutionCsv(Path.of(spec.executionsCsv()))) {
            Driver driver = new Driver(settings, reopening(connections), csv::accept,
                    (user, query, verdict) -> events.emit(
                            new AgentEvent.Validation(query, verdict.ok(), verdict.detail())));
            boolean transactions = spec.workload().definition().transactions() != null;
            Histogram[] interval = new Histogram[1];
            long[] lastReport = {System.nanoTime()};
            reporter.scheduleAtFixedRate(() -> {
                if (!transactions) {
                    events.emit(new AgentEvent.Progress(csv.executions(), csv.errors()));
                    return;
                }
                interval[0] = driver.intervalLatencies(interval[0]);
                long now = System.nanoTime();
                Histogram h = interval[0];
                double seconds = Math.max(1e-9, (now - lastReport[0]) / 1e9);
                lastReport[0] = now;
                events.emit(new AgentEvent.Progress(csv.executions(), csv.errors(), h.getTotalCount() / seconds,
                        h.getTotalCount() == 0 ? null : h.getValueAtPercentile(50) / 1e6,
                        h.getTotalCount() == 0 ? null : h.getValueAtPercentile(99) / 1e6));
            }, PROGRESS_REPORT_MILLIS, PROGRESS_REPORT_MILLIS, TimeUnit.MILLISECONDS);
            result = driver.run();
            reporter.shutdownNow();
            executions = csv.executions();
            errors = csv.errors();
        } finally {
            reporter.shutdownNow();
        }
        events.emit(new AgentEvent.DatabaseReading(AgentEvent.Moment.AFTER,
                DatabaseReadings.countersAfter(database, connections, backendPids)));
        // a run that ended early is not checked: its verdict would say nothing about the transactions it lost
        String consistency = result.fatalError() != null ? null : consistency();
        String fatal = result.fatalError() != null ? result.fatalError()
                : AgentEvent.Done.PASSED.equals(consistency) ? null : consistency;
        events.emit(new AgentEvent.Done(executions, errors, result.measureStartNanos(), result.measureEndNanos(),
                fatal, consistency));
        return (fatal == null ? Outcome.OK : Outcome.FAILURE).exitCode();
    }

    /**
     * The users' connections opened before the start; a user whose connection was lost gets a new one from the
     * tenant's database, kept in its place so that it is closed with the others.
     */
    private Driver.ConnectionOpener reopening(List<Connection> connections) {
        return new Driver.ConnectionOpener() {
            @Override
            public Connection open(int user) {
                return connections.get(user - 1);
            }

            @Override
            public Connection reopen(int user) throws SQLException {
                Connection fresh;
                try {
                    fresh = database.newConnection();
                } catch (io.tunescope.BadInputException e) {
                    // a server still restarting is no bad input: a failed try, and the user tries again
                    throw new SQLException(e.getMessage(), "08001", e);
                }
                synchronized (connections) {
                    connections.set(user - 1, fresh);
                }
                return fresh;
            }
        };
    }

    static BadInputException cannotConnect(String url, SQLException e) {
        String why = e.getMessage().replaceAll("\\s+", " ");
        if (e.getCause() instanceof java.net.SocketTimeoutException timeout) {
            // PostgreSQL's driver says only "The connection attempt failed." when the port took the connection but
            // nothing answered
            why += " (no answer: " + timeout.getMessage() + ")";
        }
        return new BadInputException("cannot connect to " + JdbcUrls.redact(url) + ": " + why);
    }

    static Properties credentials(String user, String password) {
        Properties properties = new Properties();
        if (user != null && !user.isEmpty()) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        return properties;
    }

    static Connection connect(String url, Properties properties) {
        try {
            return DriverManager.getConnection(url, properties);
        } catch (SQLException e) {
            throw cannotConnect(url, e);
        }
    }
}
