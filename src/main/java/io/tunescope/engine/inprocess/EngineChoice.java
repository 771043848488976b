package io.tunescope.engine.inprocess;

import io.tunescope.BadInputException;
import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A scale-lab engine opened for one run, as its lifecycle says: a connection spec, the engine's default statement,
 * and what has to be set up and torn down around the run (an in-memory database in this JVM; a private server,
 * always stopped and its data deleted on {@link #close()}). An external engine takes any URL.
 */
public record EngineChoice(Engine engine, ConnectionSpec spec, String defaultStatement, PostgresServer server)
        implements AutoCloseable {
    /** Starts what {@code engine} needs; {@code workDir} holds Derby's log or PostgreSQL's cluster. */
    public static EngineChoice open(Engine engine, String url, String user, String password, Path workDir)
            throws IOException, InterruptedException {
        Lifecycle lifecycle = engine.scaleLifecycle().orElseThrow(() -> BadInputException.of("engine", engine.id(),
                "cannot run in the scale lab yet"));
        switch (lifecycle) {
            case EXTERNAL -> {
                if (url == null) {
                    throw BadInputException.of("url", null, "is required with --engine " + engine.id());
                }
                // the statement must be valid on whatever database the URL names: Derby and HSQLDB reject SELECT 1
                return new EngineChoice(engine, new ConnectionSpec(engineOfUrl(url), url, user, password),
                        Engines.ofJdbcUrl(url).defaultStatement(), null);
            }
            case PRIVATE_SERVER -> {
                PostgresServer server = PostgresServer.start(PostgresBinaries.locate(null),
                        workDir.resolve("postgres"), null, List.of());
                return new EngineChoice(engine, new ConnectionSpec(engine.id(), server.jdbcUrl(), server.user(),
                        server.password()), engine.defaultStatement(), server);
            }
            case IN_CONTROLLER -> {
                engine.prepare(workDir);
                ConnectionSpec spec = url == null ? ConnectionSpec.inMemory(engine)
                        : new ConnectionSpec(engine.id(), url, user, password);
                return new EngineChoice(engine, spec, engine.defaultStatement(), null);
            }
            default -> throw new IllegalStateException(engine.id() + " has no scale-lab lifecycle " + lifecycle);
        }
    }

    /** {@code jdbc:postgresql://...} reports as {@code postgresql}. */
    static String engineOfUrl(String url) {
        String[] parts = url.split(":", 3);
        return parts.length >= 2 && !parts[1].isEmpty() ? parts[1] : "jdbc";
    }

    /** The engine's id alone: the spec holds a password, which a record's own text would show. */
    @Override
    public String toString() {
        return engine.id();
    }

    @Override
    public void close() throws IOException {
        if (engine.scaleRunsAs(Lifecycle.IN_CONTROLLER)) {
            engine.release();
        }
        if (server != null) {
            try {
                server.close();
            } finally {
                server.deleteData();
            }
        }
    }
}
