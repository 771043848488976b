package io.tunescope.shop.stack;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.server.PrivateServers;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The shop's database tiers: the engines of the registry that can be a service's database tier
 * ({@link Engines#serviceTiers()}), and starting the one a run asks for as its engine says it lives there.
 */
public final class ShopDatabases {
    /** What {@code --database} accepts. */
    public static final List<String> NAMES = Engines.serviceTiers().names();

    private ShopDatabases() {
    }

    /** The engine of the tier {@code name}; bad input naming {@code database} and the names it may be. */
    public static Engine engine(String name) {
        return Engines.serviceTiers().byId("database", name);
    }

    /**
     * Starts the tier {@code name} for a run writing to {@code out}: a private server (PostgreSQL's binaries from
     * {@code pgBin} when given) with its home under {@code out}, or H2 in its own JVM logging there.
     */
    public static ShopDatabase start(String name, Path pgBin, Path out) throws IOException, InterruptedException {
        return start(name, pgBin, out, List.of());
    }

    /**
     * As {@link #start(String, Path, Path)}, with {@code extra} configuration lines (the database tier's knobs as its
     * catalog renders them) after the engine's own for a service tier, so that they win; a tier in a JVM of its own
     * takes none.
     */
    public static ShopDatabase start(String name, Path pgBin, Path out, List<String> extra) throws IOException,
            InterruptedException {
        Engine engine = engine(name);
        ResultsDir dir = ResultsDir.of(out);
        Lifecycle lifecycle = engine.serviceTier().orElseThrow();
        if (lifecycle == Lifecycle.PRIVATE_SERVER) {
            List<String> lines = new java.util.ArrayList<>(engine.serviceTierSettings());
            lines.addAll(extra);
            // absolute: the server's socket and lock file go under it, and pg_ctl does not run in this directory
            return new PrivateServerDatabase(engine.id(), PrivateServers.locate(engine, pgBin)
                    .start(dir.shopDatabase(engine.id()).toAbsolutePath(), null, lines));
        }
        if (!extra.isEmpty()) {
            throw new IllegalArgumentException("the " + engine.id() + " tier takes no settings: " + extra);
        }
        // H2 is the one engine served from a JVM of the shop's own (H2ServerMain)
        return H2Database.start(dir.tierLog(engine.id()));
    }
}
