package io.tunescope.shop.stack;

import io.tunescope.engine.mariadb.MariaDbBinaries;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The shop's database tiers by name: which ones there are, and starting the one a run asks for. */
public final class ShopDatabases {
    /** What {@code --database} accepts. */
    public static final List<String> NAMES = List.of("h2", "mariadb", "postgres");

    private ShopDatabases() {
    }

    /**
     * Starts the tier {@code name} for a run writing to {@code out}: PostgreSQL (binaries from {@code pgBin} when
     * given) or MariaDB with their homes under {@code out}, H2 in its own JVM logging there.
     */
    public static ShopDatabase start(String name, Path pgBin, Path out) throws IOException, InterruptedException {
        ResultsDir dir = ResultsDir.of(out);
        return switch (name) {
            case "postgres" -> PostgresDatabase.start(PostgresBinaries.locate(pgBin), dir.shopDatabase("postgres"));
            case "mariadb" -> MariaDbShopDatabase.start(MariaDbBinaries.locate(), dir.shopDatabase("mariadb"));
            case "h2" -> H2Database.start(dir.tierLog("h2"));
            default -> throw new IllegalArgumentException("no such shop database: " + name);
        };
    }
}
