package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.mix.TransactionWorkload;
import io.tunescope.workload.mix.UserTransactions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * pgbench scripts as a {@link TransactionWorkload}: one transaction per script, named after the built-in or the file,
 * drawn by weight. Every user parses its own copy of the scripts (their expressions hold per-user scratch values),
 * reads {@code :scale} as pgbench does (the rows of {@code pgbench_branches}; 1 when there is no such table) and
 * gets {@code :client_id} (from 0), {@code :random_seed} and {@code :default_seed} (the run's seed).
 */
public final class PgbenchWorkload implements TransactionWorkload {
    public static final String PREFIX = "pgbench:";

    private final List<ScriptSource> sources;

    /** Parses and checks every script now: a bad script fails here, before any connection is made. */
    public PgbenchWorkload(List<ScriptSource> sources) {
        this.sources = List.copyOf(sources);
        Scripts.parse(this.sources);
    }

    public List<ScriptSource> sources() {
        return sources;
    }

    @Override
    public List<String> transactionNames() {
        return sources.stream().map(ScriptSource::name).toList();
    }

    @Override
    public UserTransactions forUser(int user, long seed, Connection connection, SqlDialect dialect)
            throws SQLException {
        Scripts scripts = Scripts.parse(sources);
        Env env = new Env(scripts.variables.size(), new SplittableRandom(seed * 1_000_003L + user), seed);
        env.vars[scripts.variables.slot(Variables.SCALE)].setInt(scale(connection));
        env.vars[scripts.variables.slot(Variables.CLIENT_ID)].setInt(user - 1);
        env.vars[scripts.variables.slot(Variables.RANDOM_SEED)].setInt(seed);
        env.vars[scripts.variables.slot(Variables.DEFAULT_SEED)].setInt(seed);
        return new ScriptRunner(connection, scripts, env, dialect == SqlDialect.POSTGRES);
    }

    /** pgbench's scale: the rows of {@code pgbench_branches}, or 1 when the database has no such table. */
    static long scale(Connection connection) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pgbench_branches")) {
            rs.next();
            return Math.max(1, rs.getLong(1));
        } catch (SQLException e) {
            if (!autoCommit) {
                connection.rollback();
            }
            return 1;
        }
    }

    /**
     * The scripts {@code spec} names: comma-separated built-ins ({@code tpcb-like}, {@code simple-update},
     * {@code select-only}) or script files, each with an optional {@code @WEIGHT} (default 1). Files are read here;
     * relative paths resolve against {@code baseDir}.
     */
    public static List<ScriptSource> sources(String spec, Path baseDir) {
        List<ScriptSource> sources = new ArrayList<>();
        if (spec.isBlank()) {
            throw BadInputException.of("workload", PREFIX + spec, "names no script: give a built-in ("
                    + String.join(", ", new TreeSet<>(Builtins.SCRIPTS.keySet())) + ") or a script file");
        }
        for (String item : spec.split(",")) {
            String entry = item.strip();
            int weight = 1;
            int at = entry.lastIndexOf('@');
            if (at >= 0) {
                String w = entry.substring(at + 1);
                try {
                    weight = Integer.parseInt(w);
                } catch (NumberFormatException e) {
                    throw BadInputException.of("weight of " + entry.substring(0, at), w, "must be a whole number");
                }
                entry = entry.substring(0, at);
            }
            String builtin = Builtins.SCRIPTS.get(entry);
            if (builtin != null) {
                sources.add(new ScriptSource(entry, "builtin:" + entry, builtin, weight));
                continue;
            }
            Path file = baseDir.resolve(entry);
            if (!Files.isRegularFile(file)) {
                throw BadInputException.of("workload", PREFIX + entry, "is neither a built-in ("
                        + String.join(", ", new TreeSet<>(Builtins.SCRIPTS.keySet())) + ") nor a readable file");
            }
            try {
                sources.add(new ScriptSource(file.getFileName().toString(), entry,
                        Files.readString(file, StandardCharsets.UTF_8), weight));
            } catch (IOException e) {
                throw BadInputException.of("workload", PREFIX + entry, "cannot be read: " + e.getMessage());
            }
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (ScriptSource source : sources) {
            if (!names.add(source.name())) {
                throw BadInputException.of("workload", PREFIX + spec, "names the transaction '" + source.name()
                        + "' twice: give each script once, with its weight");
            }
        }
        return sources;
    }
}
