package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.db.ShopCounts;
import io.tunescope.shop.db.ShopPopulator;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * A database tier started and populated once, for stacks whose nodes come and go over it (the cluster bench starts
 * and stops only the nodes per trial: population is the slow part). {@link #borrowed()} is the database as a stack
 * sees it: closing the stack leaves it running; {@link #close()} stops it.
 */
public record PopulatedDatabase(ShopDatabase database, ShopCounts counts, double loadSeconds)
        implements AutoCloseable {
    /** Starts the tier {@code name} for a run writing to {@code out} and populates it for {@code scale}. */
    public static PopulatedDatabase start(String name, Path pgBin, Path out, ShopScale scale, long seed,
                                          Progress progress) throws IOException, SQLException, InterruptedException {
        return start(name, pgBin, out, List.of(), scale, seed, progress);
    }

    /**
     * As {@link #start(String, Path, Path, ShopScale, long, Progress)}, the server started with {@code settings}
     * (configuration lines of the database tier's knobs) after the tier's own.
     */
    public static PopulatedDatabase start(String name, Path pgBin, Path out, List<String> settings, ShopScale scale,
                                          long seed, Progress progress)
            throws IOException, SQLException, InterruptedException {
        java.nio.file.Files.createDirectories(io.tunescope.store.ResultsDir.of(out).tierLog(name).getParent());
        ShopDatabase database = ShopDatabases.start(name, pgBin, out, settings);
        try {
            long loadStart = System.nanoTime();
            ShopCounts counts;
            try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                    database.password()); Progress.Task task = progress.start("populating the store", 1, "step")) {
                counts = ShopPopulator.populate(c, database.engine().dialect(), scale, seed);
                task.step(1);
            }
            return new PopulatedDatabase(database, counts, (System.nanoTime() - loadStart) / 1e9);
        } catch (SQLException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** The PostgreSQL server of a {@code postgres} tier (its settings applied live), empty for another tier. */
    public java.util.Optional<io.tunescope.engine.postgres.PostgresServer> postgres() {
        return database instanceof PrivateServerDatabase p
                && p.server() instanceof io.tunescope.engine.postgres.PostgresServer pg
                ? java.util.Optional.of(pg) : java.util.Optional.empty();
    }

    /** The database for a stack that must not stop it: the same tier, whose {@code close()} does nothing. */
    public ShopDatabase borrowed() {
        return new ShopDatabase() {
            @Override
            public String kind() {
                return database.kind();
            }

            @Override
            public String jdbcUrl() {
                return database.jdbcUrl();
            }

            @Override
            public String user() {
                return database.user();
            }

            @Override
            public String password() {
                return database.password();
            }

            @Override
            public List<Long> pids() {
                return database.pids();
            }

            @Override
            public void close() {
                // the owner of the PopulatedDatabase stops it
            }
        };
    }

    /**
     * True while the database's server process runs (the first of its processes: PostgreSQL's postmaster, mariadbd,
     * H2's JVM). Its other processes are not required: a PostgreSQL backend ends with its connection, and one listed
     * a moment before may be gone when it is checked (under a burst of refused connections this failed a trial with
     * "the database tier is down" while the server ran).
     */
    public boolean isAlive() {
        List<Long> pids = database.pids();
        return !pids.isEmpty() && ProcessHandle.of(pids.get(0)).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public void close() {
        database.close();
    }
}
