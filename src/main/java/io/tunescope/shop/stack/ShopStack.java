package io.tunescope.shop.stack;

import io.tunescope.Progress;
import io.tunescope.shop.db.ShopCounts;
import io.tunescope.shop.db.ShopPopulator;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The running stack: the database tier, populated, and one application node over it. {@link #close()} stops the
 * node, then the database; a failure while starting stops whatever had started.
 */
final class ShopStack implements AutoCloseable {
    final ShopDatabase database;
    final AppNode app;
    final ShopCounts counts;
    final double loadSeconds;

    private ShopStack(ShopDatabase database, AppNode app, ShopCounts counts, double loadSeconds) {
        this.database = database;
        this.app = app;
        this.counts = counts;
        this.loadSeconds = loadSeconds;
    }

    static ShopStack start(ShopRunConfig config, Progress progress) throws IOException, SQLException,
            InterruptedException {
        ResultsDir dir = ResultsDir.of(config.out());
        Files.createDirectories(dir.tierLog("app1").getParent());
        ShopDatabase database = ShopDatabases.start(config.database(), config.pgBin(), config.out());
        try {
            long loadStart = System.nanoTime();
            ShopCounts counts;
            try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                    database.password()); Progress.Task task = progress.start("populating the store", 1, "step")) {
                counts = ShopPopulator.populate(c, config.scale(), config.seed());
                task.step(1);
            }
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            AppNode app = AppNode.start("app1", config.appKnobs(), database, dir.tierLog("app1"));
            return new ShopStack(database, app, counts, loadSeconds);
        } catch (IOException | SQLException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            app.close();
        } finally {
            database.close();
        }
    }
}
