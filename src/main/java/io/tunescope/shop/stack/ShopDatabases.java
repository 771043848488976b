package io.tunescope.shop.stack;

import io.tunescope.engine.mariadb.MariaDbBinaries;
import io.tunescope.engine.mariadb.MariaDbServer;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The shop's database tiers by name: which ones there are, and starting the one a run asks for. */
public final class ShopDatabases {
    /** What {@code --database} accepts. */
    public static final List<String> NAMES = List.of("h2", "mariadb", "postgres");

    /** PostgreSQL's tier: room for every node's pool, and 128 MB of shared buffers. */
    static final List<String> POSTGRES_SETTINGS = List.of("max_connections = 200", "shared_buffers = 128MB");

    /**
     * MariaDB's tier, after tunescope's own settings: as many connections as PostgreSQL's tier allows, the same memory
     * for pages as its shared_buffers, and READ COMMITTED, PostgreSQL's default isolation, so that both tiers run the
     * interactions with the same guarantees (InnoDB's default REPEATABLE READ takes gap locks that PostgreSQL has not).
     */
    static final List<String> MARIADB_SETTINGS = List.of("max_connections = 200", "innodb_buffer_pool_size = 128M",
            "transaction-isolation = READ-COMMITTED");

    private ShopDatabases() {
    }

    /**
     * Starts the tier {@code name} for a run writing to {@code out}: PostgreSQL (binaries from {@code pgBin} when
     * given) or MariaDB with their homes under {@code out}, H2 in its own JVM logging there.
     */
    public static ShopDatabase start(String name, Path pgBin, Path out) throws IOException, InterruptedException {
        return start(name, pgBin, out, List.of());
    }

    /**
     * As {@link #start(String, Path, Path)}, with {@code extra} configuration lines (the database tier's knobs as its
     * catalog renders them) after the tier's own, so that they win; H2 takes none.
     */
    public static ShopDatabase start(String name, Path pgBin, Path out, List<String> extra) throws IOException,
            InterruptedException {
        if (!extra.isEmpty() && "h2".equals(name)) {
            throw new IllegalArgumentException("the H2 tier takes no settings: " + extra);
        }
        ResultsDir dir = ResultsDir.of(out);
        return switch (name) {
            // absolute: the server's socket and lock file go under it, and pg_ctl does not run in this directory
            case "postgres" -> new PrivateServerDatabase(name, PostgresServer.start(PostgresBinaries.locate(pgBin),
                    dir.shopDatabase(name).toAbsolutePath(), null, with(POSTGRES_SETTINGS, extra)));
            case "mariadb" -> new PrivateServerDatabase(name, MariaDbServer.start(MariaDbBinaries.locate(),
                    dir.shopDatabase(name), null, with(MARIADB_SETTINGS, extra)));
            case "h2" -> H2Database.start(dir.tierLog("h2"));
            default -> throw new IllegalArgumentException("no such shop database: " + name);
        };
    }

    private static List<String> with(List<String> own, List<String> extra) {
        List<String> all = new java.util.ArrayList<>(own);
        all.addAll(extra);
        return all;
    }
}
