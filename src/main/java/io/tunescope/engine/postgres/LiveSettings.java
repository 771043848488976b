package io.tunescope.engine.postgres;

import io.tunescope.engine.knob.ApplyMethod;
import io.tunescope.engine.knob.KnobCatalog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Knob settings applied to a running private PostgreSQL, the live trial protocol's apply and restore. A configuration
 * is applied whole: {@code ALTER SYSTEM RESET ALL}, one {@code ALTER SYSTEM SET} per setting as rendered by the knob
 * catalog (names only from the catalog, values validated and rendered as literals), then {@code pg_reload_conf()} when
 * only session and reload knobs changed, or a restart when a restart-only knob changed (or the server still reports
 * {@code pending_restart} after the reload). Before it returns, every setting is verified in {@code pg_settings} on a
 * new connection: the configuration was (re)loaded after the change, each value comes from
 * {@code postgresql.auto.conf}, and nothing waits for a restart.
 *
 * <p>The last configuration that was measured without fault is kept ({@link #markGood}); {@link #restoreLastGood}
 * brings the server back to it after a failed trial, starting it from that configuration's file when it is down.
 */
public final class LiveSettings {
    private static final String RESET_ALL = "ALTER SYSTEM RESET ALL";
    private static final String RELOAD = "SELECT pg_reload_conf()";
    private static final String LOAD_TIME = "SELECT pg_conf_load_time()";
    private static final String PENDING = "SELECT name FROM pg_settings WHERE pending_restart";
    private static final String SOURCE = "SELECT source, sourcefile FROM pg_settings WHERE name = ?";
    private static final String TERMINATE = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            + "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'";
    private static final String AUTO_CONF = "postgresql.auto.conf";
    private static final Duration VERIFY_WAIT = Duration.ofSeconds(15);
    private static final long POLL_MILLIS = 50;

    private final PostgresServer server;
    private final KnobCatalog catalog;
    /** What the server runs now (validated values); null when unknown (a failed apply), which forces a restart. */
    private Map<String, Object> running = Map.of();
    private Map<String, Object> lastGood = Map.of();

    /** How an apply went: whether the server restarted for it, and its postmaster's pid afterwards. */
    public record Applied(boolean restarted, long postmasterPid) {
    }

    public LiveSettings(PostgresServer server, KnobCatalog catalog) {
        this.server = Objects.requireNonNull(server, "server");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /**
     * Applies {@code settings} (knob name to value; the rest of the server's configuration is its own) and verifies
     * them. Throws when a value is refused ({@link SQLException}), the server does not come back from the restart
     * ({@link IOException}, with the server's words), or a setting is not in effect ({@link IllegalStateException});
     * the server is then in an unknown state until {@link #restoreLastGood}.
     */
    public Applied apply(Map<String, ?> settings) throws SQLException, IOException, InterruptedException {
        Map<String, Object> wanted = catalog.validate(settings);
        List<String> statements = catalog.statements(wanted);
        Map<String, Object> before = running;
        running = null;
        Timestamp loadedBefore;
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            loadedBefore = loadTime(s);
            s.execute(RESET_ALL);
            for (String sql : statements) {
                s.execute(sql);
            }
            s.execute(RELOAD);
        }
        boolean restart = before == null || !server.isRunning() || restartKnobChanged(before, wanted);
        if (!restart && !awaitReloadAndCheck(loadedBefore, wanted)) {
            restart = true;   // the server says a setting waits for a restart the catalog did not foresee
        }
        if (restart) {
            server.restart();
            if (!awaitReloadAndCheck(null, wanted)) {
                throw new IllegalStateException("after a restart, settings still wait for one: " + pending());
            }
        }
        running = wanted;
        return new Applied(restart, server.pid());
    }

    /** Records the configuration now running as the last good one (after a trial measured without fault). */
    public void markGood() {
        if (running != null) {
            lastGood = running;
        }
    }

    /** The last good configuration (empty: the server's own, before any trial succeeded). */
    public Map<String, Object> lastGood() {
        return Map.copyOf(lastGood);
    }

    /**
     * Brings the server back to the last good configuration after a failed trial: ends the trial's queries, then
     * applies it again (a restart when the failed one left the state unknown); a server that is down is started from
     * that configuration written into {@code postgresql.auto.conf}. Throws when even that fails.
     */
    public Applied restoreLastGood() throws SQLException, IOException, InterruptedException {
        if (!server.isRunning()) {
            writeAutoConf(lastGood);
            server.startAgain();
            running = null;
        } else {
            terminateClients();
        }
        return apply(lastGood);
    }

    /** Ends every client backend but this one's (a trial past its time limit leaves its queries running). */
    public void terminateClients() throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute(TERMINATE);
        }
    }

    private boolean restartKnobChanged(Map<String, Object> before, Map<String, Object> after) {
        Set<String> names = new HashSet<>(before.keySet());
        names.addAll(after.keySet());
        return names.stream().anyMatch(n -> catalog.knob(n).apply() == ApplyMethod.RESTART
                && !Objects.equals(before.get(n), after.get(n)));
    }

    /**
     * Waits until a new connection sees a configuration loaded after {@code loadedBefore} (null: any), then checks
     * that every wanted setting comes from {@code postgresql.auto.conf}; false when settings wait for a restart.
     */
    private boolean awaitReloadAndCheck(Timestamp loadedBefore, Map<String, Object> wanted)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + VERIFY_WAIT.toNanos();
        while (true) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                if (loadedBefore == null || loadTime(s).after(loadedBefore)) {
                    if (!pending(s).isEmpty()) {
                        return false;
                    }
                    List<String> notInEffect = notFromAutoConf(c, wanted);
                    if (notInEffect.isEmpty()) {
                        return true;
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("settings not in effect after applying them: " + notInEffect);
                    }
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the server did not reload its configuration within "
                        + VERIFY_WAIT.toSeconds() + " s");
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static List<String> notFromAutoConf(Connection c, Map<String, Object> wanted) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(SOURCE)) {
            for (String name : wanted.keySet()) {
                p.setString(1, name);
                try (ResultSet rs = p.executeQuery()) {
                    String source = rs.next() ? rs.getString(1) : null;
                    String file = source == null ? null : rs.getString(2);
                    if (!"configuration file".equals(source) || file == null || !file.endsWith(AUTO_CONF)) {
                        out.add(name + " (source: " + source + ")");
                    }
                }
            }
        }
        return out;
    }

    private static Timestamp loadTime(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery(LOAD_TIME)) {
            rs.next();
            return rs.getTimestamp(1);
        }
    }

    private List<String> pending() throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            return pending(s);
        }
    }

    private static List<String> pending(Statement s) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(PENDING)) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** The server's {@code ALTER SYSTEM} file with exactly these settings, for a start while it is down. */
    private void writeAutoConf(Map<String, Object> settings) throws IOException {
        List<String> lines = new ArrayList<>(List.of("# Do not edit this file manually!",
                "# It will be overwritten by the ALTER SYSTEM command.",
                "# written by tunescope: the last good configuration of a tuning session"));
        lines.addAll(catalog.configLines(new LinkedHashMap<>(settings)));
        Files.write(server.dataDir().resolve(AUTO_CONF), lines, StandardCharsets.UTF_8,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
    }
}
