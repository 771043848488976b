package io.tunescope.engine.server;

import io.tunescope.engine.CpuList;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.ServerDataCopy;
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

        /**
         * As {@link #start}, on a copy of a prepared data directory ({@link PrivateServer#stopKeepingData}), for
         * products that {@link #copiesData()}.
         */
        default PrivateServer startFrom(ServerDataCopy copy, Path baseDir, CpuList cpus, List<String> lines)
                throws IOException, InterruptedException {
            throw new UnsupportedOperationException("this server product cannot start on a copied data directory");
        }

        /** Whether its servers can keep their data directory and start on copies of it (load once). */
        default boolean copiesData() {
            return false;
        }

        /** The server version (part of a prepared copy's version key); empty where it is not told. */
        default String version() throws IOException, InterruptedException {
            return "";
        }
    }

    /** PostgreSQL: new clusters, or clusters on copies of a prepared one. */
    private record PostgresLauncher(PostgresBinaries binaries) implements Launcher {
        @Override
        public PrivateServer start(Path baseDir, CpuList cpus, List<String> lines)
                throws IOException, InterruptedException {
            return PostgresServer.start(binaries, baseDir, cpus, lines);
        }

        @Override
        public PrivateServer startFrom(ServerDataCopy copy, Path baseDir, CpuList cpus, List<String> lines)
                throws IOException, InterruptedException {
            return PostgresServer.startFromCopy(binaries, baseDir, cpus, lines, copy);
        }

        @Override
        public boolean copiesData() {
            return true;
        }

        @Override
        public String version() throws IOException, InterruptedException {
            return PostgresServer.version(binaries);
        }
    }

    /** Per engine id: finds the binaries (in {@code binDir} where the product takes one) and returns a launcher. */
    private static final Map<String, Function<Path, Launcher>> PRODUCTS = Map.of(
            "postgres", binDir -> new PostgresLauncher(PostgresBinaries.locate(binDir)),
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
