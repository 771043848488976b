package io.tunescope.engine.server;

import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.mariadb.MariaDbBinaries;
import io.tunescope.engine.mariadb.MariaDbServer;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The server products tunescope can start privately, one line each: an engine whose tenants are
 * {@link Lifecycle#PRIVATE_SERVER} gets its servers from here. The engines themselves cannot name their server classes
 * (the server packages import {@code engine}, and a package may not import its own subpackages back).
 */
public final class PrivateServers {
    /** Starts one server of a product whose binaries were found. */
    @FunctionalInterface
    public interface Launcher {
        /** A new server in {@code baseDir}, pinned to {@code cpus} when given, with configuration {@code lines}. */
        PrivateServer start(Path baseDir, CpuList cpus, List<String> lines) throws IOException, InterruptedException;
    }

    /** Per engine id: finds the binaries (in {@code binDir} where the product takes one) and returns a launcher. */
    private static final Map<String, Function<Path, Launcher>> PRODUCTS = Map.of(
            "postgres", binDir -> {
                PostgresBinaries binaries = PostgresBinaries.locate(binDir);
                return (dir, cpus, lines) -> PostgresServer.start(binaries, dir, cpus, lines);
            },
            "mariadb", binDir -> {
                MariaDbBinaries binaries = MariaDbBinaries.locate();
                return (dir, cpus, lines) -> MariaDbServer.start(binaries, dir, cpus, lines);
            });

    private PrivateServers() {
    }

    /**
     * The launcher of {@code engine}'s servers, its binaries located now ({@code binDir}: PostgreSQL's, null to look
     * them up); bad input naming where it looked when they are missing.
     */
    public static Launcher locate(Engine engine, Path binDir) {
        Function<Path, Launcher> product = PRODUCTS.get(engine.id());
        if (product == null) {
            throw new IllegalStateException(engine.id() + " has no private server product");
        }
        return product.apply(binDir);
    }

    /** The engines with a server product here (a test checks they are exactly the private-server engines). */
    public static Set<String> engines() {
        return PRODUCTS.keySet();
    }
}
